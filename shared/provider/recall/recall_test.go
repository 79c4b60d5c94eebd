package recall_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/cxm/cxm/shared/provider/recall"
	"github.com/cxm/cxm/shared/provider/recall/nhtsa"
	"github.com/cxm/cxm/shared/provider/recall/sandbox"
)

func TestSandbox(t *testing.T) {
	t.Parallel()
	p := sandbox.New(0)
	q := recall.Query{Make: "Honda", Model: "Accord", ModelYear: 2003}
	a, err := p.ByVehicle(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := p.ByVehicle(context.Background(), recall.Query{Make: "HONDA", Model: "accord", ModelYear: 2003})
	if a.Count != len(a.Results) || a.Count != b.Count || a.Message != "Results returned successfully" {
		t.Errorf("answers %+v and %+v, want the same stable answer", a, b)
	}
	for _, r := range a.Results {
		if r.NHTSACampaignNumber == "" || r.Component == "" || r.ModelYear != "2003" || r.Make != "HONDA" {
			t.Errorf("recall = %+v", r)
		}
	}
	counts := map[int]bool{}
	for _, m := range []string{"Accord", "Civic", "CR-V", "Pilot", "Odyssey", "Fit", "Insight", "Ridgeline"} {
		r, err := p.ByVehicle(context.Background(), recall.Query{Make: "Honda", Model: m, ModelYear: 2018})
		if err != nil {
			t.Fatal(err)
		}
		counts[r.Count] = true
	}
	if len(counts) < 2 {
		t.Errorf("every model has as many recalls (%v): the sandbox answers one shape only", counts)
	}
	for _, bad := range []recall.Query{{Model: "Accord", ModelYear: 2003}, {Make: "Honda", Model: "Accord", ModelYear: 1900}} {
		var e *recall.Error
		if _, err := p.ByVehicle(context.Background(), bad); !errors.As(err, &e) || !e.Invalid {
			t.Errorf("%+v: %v, want an invalid query", bad, err)
		}
	}
}

func TestNHTSA(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/recalls/recallsByVehicle" || r.URL.Query().Get("make") != "Honda" || r.URL.Query().Get("modelYear") != "2003" {
			w.WriteHeader(http.StatusBadRequest)
			json.NewEncoder(w).Encode(map[string]any{"Count": 0, "Message": "bad query", "results": []any{}})
			return
		}
		if r.URL.Query().Get("model") == "Down" {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte(`{"Count":1,"Message":"Results returned successfully","results":[{"Manufacturer":"Honda (American Honda Motor Co.)","NHTSACampaignNumber":"19V182000","parkIt":false,"parkOutSide":false,"overTheAirUpdate":false,"ReportReceivedDate":"07/03/2019","Component":"AIR BAGS","Summary":"s","Consequence":"c","Remedy":"r","Notes":"n","ModelYear":"2003","Make":"HONDA","Model":"ACCORD"}]}`))
	}))
	defer srv.Close()
	c := nhtsa.New(srv.URL, srv.Client())
	got, err := c.ByVehicle(context.Background(), recall.Query{Make: "Honda", Model: "Accord", ModelYear: 2003})
	if err != nil || got.Count != 1 || got.Results[0].NHTSACampaignNumber != "19V182000" {
		t.Errorf("answer %+v %v", got, err)
	}
	var e *recall.Error
	if _, err := c.ByVehicle(context.Background(), recall.Query{Make: "Honda", Model: "Down", ModelYear: 2003}); !errors.As(err, &e) || !e.Retryable {
		t.Errorf("outage: %v, want retryable", err)
	}
	if _, err := c.ByVehicle(context.Background(), recall.Query{Make: "Acura", Model: "TL", ModelYear: 2003}); !errors.As(err, &e) || !e.Invalid || e.Message != "bad query" {
		t.Errorf("refused: %v, want invalid with the API's message", err)
	}
}
