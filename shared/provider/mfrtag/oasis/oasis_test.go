package oasis_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/cxm/cxm/shared/provider/mfrtag"
	"github.com/cxm/cxm/shared/provider/mfrtag/oasis"
	"github.com/cxm/cxm/shared/provider/secret"
)

type secrets map[string]oasis.Credentials

func (s secrets) JSON(_ context.Context, name string, out any) error {
	c, ok := s[name]
	if !ok {
		return secret.ErrNotFound
	}
	*out.(*oasis.Credentials) = c
	return nil
}

func TestSubmit(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/oasis/v1/vehicle-reports" || r.Header.Get("x-api-key") != "key-1" {
			w.WriteHeader(http.StatusForbidden)
			return
		}
		var in struct {
			VIN        string `json:"vin"`
			Odometer   int    `json:"odometer"`
			DealerCode string `json:"dealerCode"`
		}
		json.NewDecoder(r.Body).Decode(&in)
		switch {
		case in.DealerCode != "F1234":
			w.WriteHeader(http.StatusBadRequest)
			w.Write([]byte(`{"message":"Unknown dealer code."}`))
		case in.VIN == "1FTFW1ET9DFC10312" && in.Odometer == 1:
			w.WriteHeader(http.StatusServiceUnavailable)
		case in.VIN == "1FTFW1ET9DFC10312":
			w.Write([]byte(`{"vin":"1FTFW1ET9DFC10312","year":2013,"make":"Ford","model":"F-150","coverages":[{"name":"Powertrain","months":60,"distance":100000,"unit":"km","expiresOn":"2017-10-01","active":false}],"fieldActions":[{"number":"22S41","title":"Camera","kind":"safetyRecall","status":"open"}],"oasisUrl":"https://oasis.example/r/1"}`))
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	t.Cleanup(srv.Close)
	sec := secrets{"good": {APIKey: "key-1", DealerCode: "F1234"}, "wrong-dealer": {APIKey: "key-1", DealerCode: "X"}, "bad-key": {APIKey: "nope", DealerCode: "F1234"}}
	tests := []struct {
		name, secret, vin string
		odometer          int
		code              string
	}{
		{name: "report", secret: "good", vin: "1FTFW1ET9DFC10312", odometer: 90000},
		{name: "a Honda", secret: "good", vin: "1HGCM82633A004352", code: mfrtag.CodeNotSupported},
		{name: "a Ford OASIS does not know", secret: "good", vin: "1FAHP3F20CL123456", code: mfrtag.CodeNotSupported},
		{name: "refused dealer code", secret: "wrong-dealer", vin: "1FTFW1ET9DFC10312", code: mfrtag.CodeInvalid},
		{name: "outage", secret: "good", vin: "1FTFW1ET9DFC10312", odometer: 1, code: mfrtag.CodeUnavailable},
		{name: "refused key", secret: "bad-key", vin: "1FTFW1ET9DFC10312", code: mfrtag.CodeNotAuthorized},
		{name: "no secret", secret: "none", vin: "1FTFW1ET9DFC10312", code: mfrtag.CodeNotAuthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := oasis.New(oasis.Config{BaseURL: srv.URL, Secret: tt.secret, Secrets: sec})
			d, err := p.Submit(context.Background(), mfrtag.Request{VIN: tt.vin, Odometer: tt.odometer})
			if tt.code == "" {
				if err != nil || d.OasisURL == "" || len(d.Coverages) != 1 || len(d.FieldActions) != 1 || d.ServiceVisits == nil {
					t.Fatalf("Submit = %+v, %v", d, err)
				}
				return
			}
			var e *mfrtag.Error
			if !errors.As(err, &e) || e.Code != tt.code {
				t.Fatalf("err = %v, want %s", err, tt.code)
			}
		})
	}
}
