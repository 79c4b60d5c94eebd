package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
	"github.com/google/go-cmp/cmp"
)

type stamped struct {
	Text      string    `json:"text" text:"multiline"`
	CreatedAt time.Time `json:"createdAt" required:"false" readOnly:"true"`
	CreatedBy string    `json:"createdBy" required:"false" readOnly:"true"`
}

type record struct {
	ID        int64            `json:"id" required:"false"`
	Version   int64            `json:"version" required:"false"`
	AccountID int64            `json:"accountId" required:"false" readOnly:"true"`
	Merged    []int64          `json:"mergedIds,omitempty" required:"false" readOnly:"true"`
	Name      string           `json:"name" required:"false"`
	Count     int32            `json:"count" required:"false"`
	Amount    float64          `json:"amount" required:"false"`
	Notes     []stamped        `json:"notes" required:"false"`
	ByKey     map[string]int64 `json:"byKey,omitempty" required:"false"`
	Extra     any              `json:"extra,omitempty" required:"false"`
	Nested    *stamped         `json:"nested,omitempty" required:"false"`
	Parts     []part           `json:"parts,omitempty" required:"false"`
}

// part refers to itself.
type part struct {
	Name  string `json:"name" required:"false"`
	Owner string `json:"owner,omitempty" required:"false" readOnly:"true"`
	Sub   *part  `json:"sub,omitempty" required:"false"`
}

type recordInput struct {
	Body record
}

// recordAPI serves POST /records, which answers the record its handler received, and counts
// the calls that reached the handler.
func recordAPI(t *testing.T) (*httpapi.API, *int) {
	t.Helper()
	api := httpapi.New(slog.New(slog.NewJSONHandler(io.Discard, nil)))
	calls := new(int)
	httpapi.Register(api, huma.Operation{OperationID: "saveRecord", Method: http.MethodPost, Path: "/records"},
		func(_ context.Context, in *recordInput) (*httpapi.Body[httpapi.Result[record]], error) {
			*calls++
			return httpapi.Reply(httpapi.OK(in.Body)), nil
		})
	return api, calls
}

func post(api http.Handler, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, "/records", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	api.ServeHTTP(rec, req)
	return rec
}

func TestServerOwnedFieldsAreIgnored(t *testing.T) {
	t.Parallel()
	api, _ := recordAPI(t)
	tests := []struct {
		name string
		body string
		want record
	}{
		{"top level", `{"id":7,"version":3,"accountId":99,"mergedIds":[501,502],"name":"Ann"}`,
			record{ID: 7, Version: 3, Name: "Ann"}},
		{"other spelling of the key", `{"MergedIds":[501],"ACCOUNTID":99}`, record{}},
		{"in list elements", `{"notes":[{"text":"a","createdBy":"sub-x","createdAt":"2020-01-02T03:04:05Z"},{"text":"b","createdBy":"sub-y"}]}`,
			record{Notes: []stamped{{Text: "a"}, {Text: "b"}}}},
		{"behind a pointer", `{"nested":{"text":"n","createdBy":"sub-x"}}`, record{Nested: &stamped{Text: "n"}}},
		{"in a type that refers to itself", `{"parts":[{"name":"a","owner":"x","sub":{"name":"b","owner":"y","sub":{"name":"c","owner":"z"}}}]}`,
			record{Parts: []part{{Name: "a", Sub: &part{Name: "b", Sub: &part{Name: "c"}}}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := post(api, tt.body)
			if rec.Code != http.StatusOK {
				t.Fatalf("status = %d: %s", rec.Code, rec.Body)
			}
			var got httpapi.Result[record]
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got.Data); diff != "" {
				t.Errorf("record the handler saw (-want +got):\n%s", diff)
			}
		})
	}
}

func TestServerOwnedFieldsAreReadOnlyInTheContract(t *testing.T) {
	t.Parallel()
	api, _ := recordAPI(t)
	s := api.OpenAPI().Components.Schemas.Map()["runtime.httpapi_test.Record"]
	if s == nil {
		t.Fatal("no Record schema")
	}
	for name, want := range map[string]bool{"id": false, "version": false, "accountId": true, "mergedIds": true} {
		if got := s.Properties[name].ReadOnly; got != want {
			t.Errorf("%s readOnly = %v, want %v", name, got, want)
		}
	}
}

func TestUncleanTextIsRefused(t *testing.T) {
	t.Parallel()
	api, calls := recordAPI(t)
	tests := []struct {
		name  string
		body  string
		field string // "" when the body is accepted
	}{
		{"plain", `{"name":"Ann Lee"}`, ""},
		{"accents", `{"name":"Zoë Ångström-Núñez"}`, ""},
		{"CJK", `{"name":"山田太郎"}`, ""},
		{"emoji with joiners", `{"name":"Ann 👩‍👩‍👧 🚗"}`, ""},
		{"escaped accents", `{"name":"Zo\u00eb"}`, ""},
		{"surrogate pair escape", `{"name":"car \ud83d\ude97"}`, ""},
		{"a spelled replacement character", `{"name":"a\ufffd b�"}`, ""},
		{"newline in a note", `{"notes":[{"text":"line one\nline two\r\n\tend"}]}`, ""},
		{"zero-width joiner inside a name", `{"name":"Ann\u200dLee"}`, ""},
		{"invalid UTF-8", "{\"name\":\"Ann\xff\xfeLee\"}", "name"},
		{"invalid UTF-8 in a note", "{\"notes\":[{\"text\":\"ok\"},{\"text\":\"bad\xc3\"}]}", "notes[1].text"},
		{"lone surrogate escape", `{"name":"Ann \udc00"}`, "name"},
		{"NUL", `{"name":"Ann\u0000"}`, "name"},
		{"bell", `{"name":"Ann\u0007"}`, "name"},
		{"DEL", `{"name":"Ann\u007f"}`, "name"},
		{"C1 control", `{"name":"Ann\u0085"}`, "name"},
		{"NUL in a note", `{"notes":[{"text":"a\u0000b"}]}`, "notes[0].text"},
		{"newline in a name", `{"name":"Ann\nLee"}`, "name"},
		{"tab in a name", `{"name":"Ann\tLee"}`, "name"},
		{"right-to-left override", `{"name":"Ann\u202egpj.exe"}`, "name"},
		{"left-to-right embedding", `{"name":"\u202aAnn"}`, "name"},
		{"isolate", `{"notes":[{"text":"x\u2066y"}]}`, "notes[0].text"},
		{"pop directional isolate", `{"name":"x\u2069"}`, "name"},
		{"only zero-width characters", `{"name":"\u200b\u200c\u200d"}`, "name"},
		{"only zero-width characters and spaces", `{"name":" \u200b \ufeff "}`, "name"},
		{"control character in a free-form value", `{"extra":{"a":["ok","x\u0001"]}}`, "extra.a[1]"},
		{"control character in a key", `{"byKey":{"a\u0000":1}}`, "byKey.a\x00"},
		{"control character in a nested pointer", `{"nested":{"text":"ok","createdBy":"\u0000"}}`, "nested.createdBy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := *calls
			rec := post(api, tt.body)
			if tt.field == "" {
				if rec.Code != http.StatusOK {
					t.Fatalf("status = %d, want 200: %s", rec.Code, rec.Body)
				}
				return
			}
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("status = %d, want 400: %s", rec.Code, rec.Body)
			}
			if *calls != before {
				t.Error("the handler ran for a refused body")
			}
			var e httpapi.ErrorBody
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(map[string]string{tt.field: httpapi.InvalidValue}, e.FieldErrors); diff != "" {
				t.Errorf("field errors (-want +got):\n%s", diff)
			}
			if len(e.ErrorMessages) == 0 || e.Successful {
				t.Errorf("error body = %s", rec.Body)
			}
		})
	}
}

func TestMalformedBodiesAreRefused(t *testing.T) {
	t.Parallel()
	api, calls := recordAPI(t)
	tests := []struct {
		name string
		body string
	}{
		{"truncated", `{"name":"x"`},
		{"two documents", `{"name":"x"} {}`},
		{"nested too deeply", `{"extra":` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := *calls
			rec := post(api, tt.body)
			if rec.Code != http.StatusBadRequest || *calls != before {
				t.Fatalf("status = %d, handler ran %d times; want 400 and none: %s", rec.Code, *calls-before, rec.Body)
			}
			var e httpapi.ErrorBody
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || len(e.ErrorMessages) == 0 || strings.Contains(rec.Body.String(), "Go ") {
				t.Errorf("error body = %s", rec.Body)
			}
		})
	}
}

func TestNumbersOutOfRangeNameTheirField(t *testing.T) {
	t.Parallel()
	api, calls := recordAPI(t)
	tests := []struct {
		name  string
		body  string
		field string
	}{
		{"float overflow", `{"amount":1e400}`, "amount"},
		{"float overflow in a free-form value", `{"extra":[1, 2e999]}`, "extra[1]"},
		{"int32 overflow", `{"count":3000000000}`, "count"},
		{"int64 overflow", `{"id":1e20}`, "id"},
		{"map value overflow", `{"byKey":{"a":99999999999999999999}}`, "byKey.a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := *calls
			rec := post(api, tt.body)
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("status = %d, want 400: %s", rec.Code, rec.Body)
			}
			if *calls != before {
				t.Error("the handler ran for a refused body")
			}
			if strings.Contains(rec.Body.String(), "Go ") || strings.Contains(rec.Body.String(), "float64") || strings.Contains(rec.Body.String(), "int") {
				t.Errorf("error names a Go type: %s", rec.Body)
			}
			var e httpapi.ErrorBody
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
				t.Fatal(err)
			}
			if got := e.FieldErrors[tt.field]; got != httpapi.InvalidValue {
				t.Errorf("field errors = %v, want %s: %s", e.FieldErrors, tt.field, httpapi.InvalidValue)
			}
		})
	}
}
