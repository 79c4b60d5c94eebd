package email_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/emailmessage"
	"github.com/cxm/cxm/shared/local/demo"
)

const salesPerson = "100001"

type sendResult struct {
	Success           bool
	IsRestrictedEmail bool
	Message           string
	Data              *emailmessage.Message
}

func upload(t *testing.T, s *areatest.Server, name string) (int, string) {
	t.Helper()
	var out struct {
		Data []struct{ FileName, FileUrl string }
	}
	status := s.Do(t, areatest.Request{Method: "POST", Path: "/pando/pandox/create_email_attachment", As: salesPerson, Body: areatest.MultipartFile + name}, &out)
	if status != 200 {
		return status, ""
	}
	if len(out.Data) != 1 {
		t.Fatalf("upload answered %d files", len(out.Data))
	}
	return status, out.Data[0].FileUrl
}

func TestSendEmail(t *testing.T) {
	s := areatest.New(t)
	status, fileURL := upload(t, s, "price sheet.pdf")
	if status != 200 || !strings.HasSuffix(fileURL, "/price_sheet.pdf") {
		t.Fatalf("upload = %d %q, want 200 and the name with underscores", status, fileURL)
	}
	if status, _ := upload(t, s, "setup.exe"); status != 400 {
		t.Errorf("upload of an .exe = %d, want 400", status)
	}
	// A template's tokens are filled in with the customer's, the store's and the sender's data.
	var replaced struct {
		Data struct{ Subject, Body string }
	}
	tplID := demo.StoreToyota*100 + 1
	if status := s.Do(t, areatest.Request{Method: "POST", Path: "/pando/pandox/tokenreplaceemailtemplate", As: salesPerson,
		Body: fmt.Sprintf(`{"ContactId":%d,"TemplateId":%d}`, demo.ContactToyota, tplID)}, &replaced); status != 200 {
		t.Fatalf("tokenreplace = %d", status)
	}
	if !strings.HasPrefix(replaced.Data.Body, "Hi Maria,") || strings.Contains(replaced.Data.Subject+replaced.Data.Body, "{") {
		t.Errorf("replaced = %+v, want every token filled in", replaced.Data)
	}

	tests := []struct {
		name, subject, body string
		success, restricted bool
	}{
		{"restricted address", "Your quote", "Write to me at my.own@gmail.com instead.", false, true},
		{"sent with the attachment", replaced.Data.Subject, replaced.Data.Body, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, _ := json.Marshal(map[string]any{"ContactId": demo.ContactToyota, "Subject": tt.subject, "Body": tt.body,
				"Attachments": []map[string]string{{"FileName": "price_sheet.pdf", "FileUrl": fileURL}}, "RequestId": "r-" + tt.name[:4]})
			var res sendResult
			if status := s.Do(t, areatest.Request{Method: "POST", Path: "/pando/pandox/sendemail", As: salesPerson, Body: string(body)}, &res); status != 200 {
				t.Fatalf("sendemail = %d", status)
			}
			if res.Success != tt.success || res.IsRestrictedEmail != tt.restricted {
				t.Errorf("sendemail = %+v, want Success %v IsRestrictedEmail %v", res, tt.success, tt.restricted)
			}
		})
	}
	tenant, _ := account.Tenant(demo.AccountID)
	kept := s.Services.Providers.MailSandbox().Sent(tenant)
	if len(kept) != 1 || kept[0].To != "maria.gonzalez@example.com" || len(kept[0].Attachments) != 1 || kept[0].Attachments[0] != "price_sheet.pdf" {
		t.Fatalf("sent = %+v, want one e-mail to Maria with the price sheet", kept)
	}

	// The customer's reply, through the local SES receiving sandbox, is recorded on the customer;
	// one from another address is not.
	replyTo := kept[0].ReplyTo
	for _, tt := range []struct{ from, want string }{{"maria.gonzalez@example.com", "recorded"}, {"someone@else.example", "unmatched"}} {
		body, _ := json.Marshal(map[string]string{"To": replyTo, "From": tt.from, "Subject": "Re: Your quote", "Text": "Saturday works."})
		var out struct{ Status string }
		if status := s.Do(t, areatest.Request{Method: "POST", Path: "/pando/pandox/inbound_email/sandbox", As: salesPerson, Body: string(body)}, &out); status != 200 || out.Status != tt.want {
			t.Errorf("sandbox reply from %s = %d %q, want %q", tt.from, status, out.Status, tt.want)
		}
	}

	var history struct{ Data []emailmessage.Message }
	if status := s.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/crm/contacts/%d/emails", demo.ContactToyota), As: salesPerson}, &history); status != 200 {
		t.Fatalf("history = %d", status)
	}
	var dirs []string
	for _, m := range history.Data {
		dirs = append(dirs, string(m.Direction))
	}
	if got := strings.Join(dirs, ","); got != "inbound,outbound" {
		t.Errorf("history directions = %s, want inbound,outbound", got)
	}
	sum, err := activity.NewRepo(s.Services.Store, nil, s.Services.Log).Summarize(context.Background(), tenant, []int64{demo.ContactToyota})
	if err != nil {
		t.Fatal(err)
	}
	emails := sum.Count(activity.CategoryEmail)
	if emails != 2 {
		t.Errorf("activity has %d e-mail entries, want 2 (one sent, one received)", emails)
	}
	for _, ch := range sum.Channels {
		if ch.Channel == activity.ChannelEmail && (ch.Inbound != 1 || ch.Outbound != 1) {
			t.Errorf("e-mail channel = %+v, want one inbound and one outbound", ch)
		}
	}
}
