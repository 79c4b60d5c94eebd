package desking_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/desking"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// Demo users.
const (
	sales     = "100001" // Sam Ortega: sales person of Toyota and Honda
	manager   = "100002" // Morgan Reyes: sales manager of every store
	admin     = "100008" // Taylor Brooks: dealer admin, every store
	marketing = "100011" // Quinn Harper: marketing manager of every store, views customers only
)

func post(t *testing.T, srv *areatest.Server, as, path string, body any, out any) int {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return srv.Do(t, areatest.Request{Method: "POST", Path: path, As: as, Body: string(b)}, out)
}

func TestDesking(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var enabled httpapi.Result[[]desking.DeskingStatus]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts/actions/is_desking_enabled", As: manager, Body: `{}`}, &enabled); status != 200 {
		t.Fatalf("is_desking_enabled: %d", status)
	}
	want := map[int64]bool{demo.StoreToyota: true, demo.StoreHonda: true, demo.StoreHyundai: false}
	if len(enabled.Data) != 3 {
		t.Fatalf("statuses = %+v, want 3 stores", enabled.Data)
	}
	for _, s := range enabled.Data {
		if s.IsDeskingEnabled != want[s.AccountPlatformID] || (s.IsDeskingEnabled != (s.DeskingProvider != "")) {
			t.Errorf("status = %+v", s)
		}
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/crm/contacts/actions/is_desking_enabled", As: sales, Body: fmt.Sprintf(`{"accountPlatformIds":[%d]}`, demo.StoreHyundai)}); status != 403 {
		t.Errorf("unviewable store: %d, want 403", status)
	}

	var e httpapi.Result[activity.Entry]
	if status := post(t, srv, sales, fmt.Sprintf("/crm/contacts/%d/actions/send_to_desking", demo.ContactToyota), map[string]any{"notes": "Ready to talk numbers", "entityId": 77}, &e); status != 200 {
		t.Fatalf("send to desking: %d", status)
	}
	if e.Data.Kind != activity.KindSentToDesking || e.Data.Details["entityId"] != "77" {
		t.Errorf("entry = %+v", e.Data)
	}
	if status, body := srv.Error(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/actions/send_to_desking", demo.ContactHyundai), As: manager, Body: `{}`}); status != 409 || !strings.Contains(strings.Join(body.ErrorMessages, " "), "Desking is not enabled") {
		t.Errorf("Hyundai: %d %v, want 409 desking not enabled", status, body.ErrorMessages)
	}
}
