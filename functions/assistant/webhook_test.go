package assistant_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/assistant"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/provider/assistant/conversica"
)

func TestConversicaWebhooks(t *testing.T) {
	srv := areatest.New(t)
	seeded := fmt.Sprintf("AA-demo-%d", demo.ContactToyota)
	conv := conversations(t, srv, "100001", demo.ContactToyota)
	var storeID int64
	for _, c := range conv {
		if c.ID == seeded {
			storeID = c.AccountPlatformID
		}
	}
	if storeID == 0 {
		t.Fatalf("no seeded conversation %s", seeded)
	}
	tenant, _ := account.Tenant(demo.AccountID)
	key := assistant.SandboxWebhookKey(srv.Services.Store, tenant, storeID)
	other := assistant.SandboxWebhookKey(srv.Services.Store, tenant, storeID+1)
	h := assistant.New(srv.Services)
	client := fmt.Sprint(storeID)
	message := func(action, text string) any {
		return conversica.Message{APIVersion: "7.2", ID: seeded, ClientID: client, Action: action, Date: "2026-03-02T15:04:05+00:00", Subject: "Your RAV4", Body: text}
	}

	tests := []struct {
		name     string
		kind     string
		body     any
		key      []byte
		unsigned bool
		// basic, when set, is the password of HTTP Basic credentials sent instead of a signature.
		basic    string
		delivery string
		// want is the answer's HTTP status and delivery status.
		wantCode     int
		wantDelivery string
		wantStatus   string
		wantActive   bool
		wantMessages int
	}{
		{name: "assistant message", kind: "message", body: message("sent", "Hi Maria, when would you like to come by?"), key: key, delivery: "d-1",
			wantCode: 200, wantDelivery: "applied", wantStatus: "Sent Message", wantActive: true, wantMessages: 1},
		{name: "same delivery again", kind: "message", body: message("sent", "Hi Maria, when would you like to come by?"), key: key, delivery: "d-1",
			wantCode: 200, wantDelivery: "duplicate", wantStatus: "Sent Message", wantActive: true, wantMessages: 1},
		{name: "lead reply without a delivery id", kind: "message", body: message("received", "Saturday at 10 works."), key: key,
			wantCode: 200, wantDelivery: "applied", wantStatus: "Received Response", wantActive: true, wantMessages: 2},
		{name: "the same reply delivered again", kind: "message", body: message("received", "Saturday at 10 works."), key: key,
			wantCode: 200, wantDelivery: "duplicate", wantStatus: "Received Response", wantActive: true, wantMessages: 2},
		{name: "bad signature", kind: "message", body: message("sent", "Forged"), key: other, delivery: "d-2",
			wantCode: 401, wantStatus: "Received Response", wantActive: true, wantMessages: 2},
		{name: "unsigned", kind: "message", body: message("sent", "Forged"), unsigned: true, delivery: "d-3",
			wantCode: 401, wantStatus: "Received Response", wantActive: true, wantMessages: 2},
		{name: "another store's client id", kind: "message", body: conversica.Message{APIVersion: "7.2", ID: seeded, ClientID: "999", Action: "sent", Body: "x"}, key: key,
			wantCode: 400, wantStatus: "Received Response", wantActive: true, wantMessages: 2},
		{name: "unknown conversation", kind: "message", body: conversica.Message{APIVersion: "7.2", ID: "AA-missing", ClientID: client, Action: "sent", Body: "x"}, key: key,
			wantCode: 404, wantStatus: "Received Response", wantActive: true, wantMessages: 2},
		{name: "status change", kind: "lead_update", body: conversica.LeadUpdate{APIVersion: "7.2", ID: seeded, ClientID: client, ConversationStatus: "Sent Message"}, key: key, delivery: "d-4",
			wantCode: 200, wantDelivery: "applied", wantStatus: "Sent Message", wantActive: true, wantMessages: 2},
		{name: "conversation ended", kind: "lead_update", body: conversica.LeadUpdate{APIVersion: "7.2", ID: seeded, ClientID: client,
			ConversationStage: "Lead Stopped", ConversationStatus: "Lead Requested Stop", ConversationStatusDate: "2026-03-02T16:00:00+00:00"}, key: key, delivery: "d-5",
			wantCode: 200, wantDelivery: "applied", wantStatus: "Lead Requested Stop", wantActive: false, wantMessages: 2},
		{name: "a reply after the end is kept", kind: "message", body: message("received", "Thanks anyway."), key: key, delivery: "d-6",
			wantCode: 200, wantDelivery: "applied", wantStatus: "Lead Requested Stop", wantActive: false, wantMessages: 3},
		{name: "a reply with HTTP Basic credentials", kind: "message", body: message("received", "Call me instead."), basic: string(key), delivery: "d-7",
			wantCode: 200, wantDelivery: "applied", wantStatus: "Lead Requested Stop", wantActive: false, wantMessages: 4},
		{name: "HTTP Basic with another store's secret", kind: "message", body: message("received", "Forged"), basic: string(other), delivery: "d-8",
			wantCode: 401, wantStatus: "Lead Requested Stop", wantActive: false, wantMessages: 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, _ := json.Marshal(tt.body)
			req := httptest.NewRequest(http.MethodPost, fmt.Sprintf("/api/auto_assistant/webhook/%s?account=%d&store=%d", tt.kind, demo.AccountID, storeID), bytes.NewReader(raw))
			req.Header.Set("Content-Type", "application/json")
			switch {
			case tt.basic != "":
				req.SetBasicAuth("conversica", tt.basic)
			case !tt.unsigned:
				req.Header.Set(conversica.SignatureHeader, conversica.Sign(tt.key, raw))
			}
			if tt.delivery != "" {
				req.Header.Set(conversica.DeliveryHeader, tt.delivery)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			var out struct{ Data assistant.Delivered }
			_ = json.Unmarshal(rec.Body.Bytes(), &out)
			if rec.Code != tt.wantCode || (tt.wantCode == 200 && out.Data.Status != tt.wantDelivery) {
				t.Fatalf("delivery = %d %q (%s), want %d %q", rec.Code, out.Data.Status, rec.Body.String(), tt.wantCode, tt.wantDelivery)
			}
			srv.Flush(t)
			for _, c := range conversations(t, srv, "100001", demo.ContactToyota) {
				if c.ID != seeded {
					continue
				}
				if c.Status != tt.wantStatus || c.Active != tt.wantActive || len(c.Messages) != tt.wantMessages {
					t.Errorf("conversation = %s active %v with %d messages, want %s active %v with %d", c.Status, c.Active, len(c.Messages), tt.wantStatus, tt.wantActive, tt.wantMessages)
				}
			}
		})
	}

	// Each message is one activity entry of the customer, automated (none is a user's own).
	page, err := activity.NewRepo(srv.Services.Store, nil, srv.Services.Log).Feed(context.Background(), tenant, []int64{demo.ContactToyota}, activity.FeedQuery{PageSize: activity.MaxPageSize})
	if err != nil {
		t.Fatal(err)
	}
	automated := map[activity.Direction]int{}
	all := map[activity.Direction]int{}
	for _, e := range page.Entries {
		if e.Details["assistantConversationId"] != seeded {
			continue
		}
		all[e.Direction]++
		if e.Details["automated"] == "true" {
			automated[e.Direction]++
		}
	}
	if all[activity.Outbound] != 1 || all[activity.Inbound] != 3 || automated[activity.Outbound] != 1 || automated[activity.Inbound] != 3 {
		t.Errorf("activity entries = %v (automated %v), want 1 outbound and 3 inbound, all automated", all, automated)
	}

	// The sandbox delivers through the same webhook.
	var ev struct{ Data assistant.Delivered }
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/auto_assistant/sandbox/event", As: "100001",
		Body: body(map[string]any{"contactId": demo.ContactToyota, "conversationId": seeded, "version": 1, "event": "status", "stage": "Client Stopped", "status": "Rep Stopped"})}, &ev); status != 200 || ev.Data.Status != "applied" || ev.Data.ConversationStatus != "Rep Stopped" {
		t.Errorf("sandbox event = %d %+v, want applied Rep Stopped", status, ev.Data)
	}
}
