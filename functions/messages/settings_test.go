package messages_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/messages"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestTextingSettings(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	path := func(store int64) string { return fmt.Sprintf("/api/texting/settings/%d", store) }
	get := func(t *testing.T, as string, store int64) (int, messages.TextingSettings) {
		t.Helper()
		var res httpapi.Result[messages.TextingSettings]
		status := srv.Do(t, areatest.Request{Method: "GET", Path: path(store), As: as}, &res)
		return status, res.Data
	}
	put := func(t *testing.T, as string, store int64, body map[string]any) (int, httpapi.ErrorBody, messages.TextingSettings) {
		t.Helper()
		b := fmt.Sprintf(`{"quietStart":%q,"quietEnd":%q,"helpText":%q,"version":%d}`, body["quietStart"], body["quietEnd"], body["helpText"], body["version"])
		var res httpapi.Result[messages.TextingSettings]
		status := srv.Do(t, areatest.Request{Method: "PUT", Path: path(store), As: as, Body: b}, &res)
		if status >= 400 {
			_, e := srv.Error(t, areatest.Request{Method: "PUT", Path: path(store), As: as, Body: b})
			return status, e, res.Data
		}
		return status, httpapi.ErrorBody{}, res.Data
	}

	status, read := get(t, sales, demo.StoreHonda)
	if status != 200 || read.QuietStart != "21:00" || read.QuietEnd != "08:00" || read.Version != 0 || read.CanEdit || !strings.Contains(read.DefaultHelpText, "STOP") {
		t.Fatalf("sales person's read = %d %+v, want the defaults, read-only", status, read)
	}
	if status, read := get(t, admin, demo.StoreHonda); status != 200 || !read.CanEdit {
		t.Fatalf("dealer admin's read = %d %+v, want editable", status, read)
	}
	if status, _ := get(t, admin, demo.OtherStore); status != 404 {
		t.Errorf("another group's store: status %d, want 404", status)
	}

	ok := map[string]any{"quietStart": "20:30", "quietEnd": "09:00", "helpText": "Honda of Springfield: reply STOP to opt out.", "version": 0}
	with := func(k string, v any) map[string]any {
		out := map[string]any{}
		for kk, vv := range ok {
			out[kk] = vv
		}
		out[k] = v
		return out
	}
	tests := []struct {
		name   string
		as     string
		store  int64
		body   map[string]any
		status int
		field  string
	}{
		{"a sales person may not change them", sales, demo.StoreHonda, ok, 403, ""},
		{"another group's store", admin, demo.OtherStore, ok, 404, ""},
		{"quiet start not a time", admin, demo.StoreHonda, with("quietStart", "9pm"), 400, "quietStart"},
		{"quiet end out of range", admin, demo.StoreHonda, with("quietEnd", "25:00"), 400, "quietEnd"},
		{"help text too long", admin, demo.StoreHonda, with("helpText", strings.Repeat("x", 307)), 400, "helpText"},
		{"stale version", admin, demo.StoreHonda, with("version", 4), 409, ""},
		{"saved", admin, demo.StoreHonda, ok, 200, ""},
		{"the same version again is stale", admin, demo.StoreHonda, ok, 409, ""},
		{"saved at the new version", admin, demo.StoreHonda, with("version", 1), 200, ""},
	}
	for _, tt := range tests {
		status, e, got := put(t, tt.as, tt.store, tt.body)
		if status != tt.status {
			t.Errorf("%s: status %d (%v), want %d", tt.name, status, e.ErrorMessages, tt.status)
			continue
		}
		if tt.field != "" && e.FieldErrors[tt.field] == "" {
			t.Errorf("%s: field errors %v, want one on %s", tt.name, e.FieldErrors, tt.field)
		}
		if status == 200 && (got.QuietStart != "20:30" || got.QuietEnd != "09:00" || got.HelpText != tt.body["helpText"] || got.Version != int64(tt.body["version"].(int)+1)) {
			t.Errorf("%s: saved %+v", tt.name, got)
		}
	}
	if _, read := get(t, sales, demo.StoreHonda); read.QuietStart != "20:30" || read.Version != 2 {
		t.Errorf("read after saves = %+v, want the saved settings at version 2", read)
	}
	if _, read := get(t, sales, demo.StoreToyota); read.QuietStart != "21:00" {
		t.Errorf("another store's settings = %+v, want its own defaults", read)
	}
}
