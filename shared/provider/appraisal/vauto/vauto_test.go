package vauto_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/cxm/cxm/shared/provider/appraisal"
	"github.com/cxm/cxm/shared/provider/appraisal/vauto"
	"github.com/cxm/cxm/shared/provider/secret"
)

type secrets map[string]vauto.Credentials

func (s secrets) JSON(_ context.Context, name string, out any) error {
	c, ok := s[name]
	if !ok {
		return secret.ErrNotFound
	}
	*out.(*vauto.Credentials) = c
	return nil
}

// api answers like vAuto: the token endpoint, then the dealer's calls, by the odometer.
func api(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("POST /token", func(w http.ResponseWriter, r *http.Request) {
		id, pw, _ := r.BasicAuth()
		if id != "client-1" || pw != "s3cret" || r.FormValue("grant_type") != "client_credentials" {
			http.Error(w, `{"error":"invalid_client"}`, http.StatusUnauthorized)
			return
		}
		w.Write([]byte(`{"access_token":"tok-1","token_type":"Bearer","expires_in":3600}`))
	})
	mux.HandleFunc("GET /appraisals/v1/dealers/D42/users", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"items":[{"userId":"u-7","firstName":"Dana","lastName":"Whitfield","email":"dana@store.example"}]}`))
	})
	mux.HandleFunc("GET /appraisals/v1/dealers/D42/appraisals", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("vin") == "4T1BF1FK8CU512345" {
			w.Write([]byte(`{"items":[{"appraisalId":"A-9","vin":"4T1BF1FK8CU512345","status":"Complete","vehicle":{"year":2012,"make":"Toyota","model":"Camry"},"odometer":99000,"acv":7400,"marketAveragePrice":9900,"createdDate":"2026-11-01T10:00:00Z"}]}`))
			return
		}
		w.Write([]byte(`{"items":[]}`))
	})
	mux.HandleFunc("POST /appraisals/v1/dealers/D42/appraisals", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer tok-1" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		var in struct {
			Odometer int `json:"odometer"`
		}
		json.NewDecoder(r.Body).Decode(&in)
		switch in.Odometer {
		case 500:
			w.WriteHeader(http.StatusServiceUnavailable)
		case 422:
			w.WriteHeader(http.StatusUnprocessableEntity)
			w.Write([]byte(`{"errors":[{"field":"appraiserUserId","message":"User is not active."}]}`))
		default:
			w.WriteHeader(http.StatusCreated)
			w.Write([]byte(`{"appraisalId":"A-10","vin":"4T1BF1FK8CU512345","status":"Complete","vehicle":{"year":2012,"make":"Toyota","model":"Camry"},"odometer":99000,"condition":"Good","appraiser":{"userId":"u-7","firstName":"Dana","lastName":"Whitfield"},"acv":7400,"marketAveragePrice":9900,"comparableCount":14,"marketDaysSupply":41,"createdDate":"2026-11-01T10:00:00Z","appraisalUrl":"https://vauto.example/a/A-10"}`))
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func TestAdapter(t *testing.T) {
	t.Parallel()
	srv := api(t)
	sec := secrets{
		"good": {ClientID: "client-1", ClientSecret: "s3cret", DealerID: "D42", TokenURL: srv.URL + "/token"},
		"bad":  {ClientID: "client-1", ClientSecret: "wrong", DealerID: "D42", TokenURL: srv.URL + "/token"},
	}
	ctx := context.Background()
	p := vauto.New(vauto.Config{BaseURL: srv.URL, Secret: "good", Secrets: sec})
	req := appraisal.Request{VIN: "4T1BF1FK8CU512345", Odometer: 99000, Condition: "good", AppraiserID: "u-7"}
	tests := []struct {
		name     string
		secret   string
		odometer int
		code     string
		field    string
	}{
		{name: "created", secret: "good", odometer: 99000},
		{name: "refused appraiser", secret: "good", odometer: 422, code: appraisal.CodeInvalid, field: "appraiserId"},
		{name: "outage", secret: "good", odometer: 500, code: appraisal.CodeUnavailable},
		{name: "wrong credentials", secret: "bad", odometer: 99000, code: appraisal.CodeNotAuthorized},
		{name: "no secret", secret: "missing", odometer: 99000, code: appraisal.CodeNotAuthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := vauto.New(vauto.Config{BaseURL: srv.URL, Secret: tt.secret, Secrets: sec})
			r := req
			r.Odometer = tt.odometer
			a, err := p.Create(ctx, r)
			if tt.code == "" {
				if err != nil || a.ID != "A-10" || a.Value != 7400 || a.Appraiser.Name != "Dana Whitfield" || a.Condition != "good" {
					t.Fatalf("Create = %+v, %v", a, err)
				}
				return
			}
			var e *appraisal.Error
			if !errors.As(err, &e) || e.Code != tt.code || e.Field != tt.field {
				t.Fatalf("err = %v, want %s on %q", err, tt.code, tt.field)
			}
		})
	}
	us, err := p.Users(ctx)
	if err != nil || len(us) != 1 || us[0].ID != "u-7" {
		t.Errorf("Users = %+v, %v", us, err)
	}
	if a, err := p.LatestByVIN(ctx, "4T1BF1FK8CU512345"); err != nil || a == nil || a.ID != "A-9" || a.Status != "complete" {
		t.Errorf("LatestByVIN = %+v, %v", a, err)
	}
	if a, err := p.LatestByVIN(ctx, "1HGCM82633A004352"); err != nil || a != nil {
		t.Errorf("LatestByVIN of an unappraised VIN = %+v, %v", a, err)
	}
}
