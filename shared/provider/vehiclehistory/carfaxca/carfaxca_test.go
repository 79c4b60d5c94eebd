package carfaxca_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/cxm/cxm/shared/provider/secret"
	"github.com/cxm/cxm/shared/provider/vehiclehistory"
	"github.com/cxm/cxm/shared/provider/vehiclehistory/carfaxca"
)

type secrets map[string]carfaxca.Credentials

func (s secrets) JSON(_ context.Context, name string, out any) error {
	c, ok := s[name]
	if !ok {
		return secret.ErrNotFound
	}
	*out.(*carfaxca.Credentials) = c
	return nil
}

func TestReport(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /token", func(w http.ResponseWriter, r *http.Request) {
		if u, p, _ := r.BasicAuth(); u != "dealer" || p != "pw" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.Write([]byte(`"tok-42"`))
	})
	mux.HandleFunc("GET /vhr/v1/report", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("WebServiceToken") != "tok-42" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		switch r.URL.Query().Get("vin") {
		case "1HGCM82633A004352":
			w.Write([]byte(`{"ReportNumber":"R-1","Vin":"1HGCM82633A004352","Year":2003,"Make":"HONDA","Model":"ACCORD","ReportDate":"2026-11-20T10:00:00Z",
"Brands":[{"Description":"Normal"}],"AccidentDamageRecords":[{"Date":"2015-04-02T00:00:00","Jurisdiction":"Ontario","Amount":3200.5,"Detail":"Collision"}],
"RegistrationRecords":[{"Date":"2002-10-01","Jurisdiction":"Ontario","EventType":"New registration"}],"LienRecords":[{"Date":"2002-10-01","Jurisdiction":"Ontario","SecuredParty":"Honda Financial","Status":"Discharged"}],
"OdometerRecords":[{"Date":"2020-01-01","Reading":180000,"Unit":"KM","Source":"Service"}],"ServiceRecordCount":12,"ReportUrl":"https://vhr.example/R-1"}`))
		case "2T1BURHE0JC074534":
			w.WriteHeader(http.StatusNotFound)
		case "3VWDX7AJ5BM339475":
			w.WriteHeader(http.StatusBadGateway)
		default:
			w.WriteHeader(http.StatusBadRequest)
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	sec := secrets{"good": {Username: "dealer", Password: "pw"}, "bad": {Username: "dealer", Password: "nope"}}
	tests := []struct {
		name, secret, vin, code string
	}{
		{name: "report", secret: "good", vin: "1hgcm82633a004352"},
		{name: "no records", secret: "good", vin: "2T1BURHE0JC074534", code: vehiclehistory.CodeNotFound},
		{name: "refused VIN", secret: "good", vin: "1HGCM82643A004352", code: vehiclehistory.CodeInvalid},
		{name: "outage", secret: "good", vin: "3VWDX7AJ5BM339475", code: vehiclehistory.CodeUnavailable},
		{name: "wrong password", secret: "bad", vin: "1HGCM82633A004352", code: vehiclehistory.CodeNotAuthorized},
		{name: "no secret", secret: "none", vin: "1HGCM82633A004352", code: vehiclehistory.CodeNotAuthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := carfaxca.New(carfaxca.Config{BaseURL: srv.URL, Secret: tt.secret, Secrets: sec})
			r, err := p.Report(context.Background(), tt.vin)
			if tt.code == "" {
				if err != nil || r.ReportID != "R-1" || len(r.Damage) != 1 || r.Damage[0].Date != "2015-04-02" || r.Liens[0].Status != "discharged" || r.Odometer[0].Unit != "km" {
					t.Fatalf("Report = %+v, %v", r, err)
				}
				return
			}
			var e *vehiclehistory.Error
			if !errors.As(err, &e) || e.Code != tt.code {
				t.Fatalf("err = %v, want %s", err, tt.code)
			}
		})
	}
}
