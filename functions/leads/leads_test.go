package leads_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/leads"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// Demo users.
const (
	sales      = "100001" // Sam Ortega: sales person of Toyota and Honda
	manager    = "100002" // Morgan Reyes: sales manager of every store
	admin      = "100008" // Taylor Brooks: dealer admin, every store
	marketing  = "100011" // Quinn Harper: marketing manager, views customers only
	hyundaiTwo = "100013" // Parker Lee: parts manager of Hyundai
)

func leadPath(id int64, suffix string) string { return fmt.Sprintf("/api/CrmLead/%d/%s", id, suffix) }

func getLead(t *testing.T, srv *areatest.Server, as string, id int64) leads.View {
	t.Helper()
	var got httpapi.Result[leads.View]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/CrmLead/%d", id), As: as}, &got); status != 200 {
		t.Fatalf("GET lead %d as %s: status %d", id, as, status)
	}
	return got.Data
}

// events records the bus's events of one type.
type events struct {
	mu   sync.Mutex
	list []lead.Changed
}

func record(srv *areatest.Server, typ string) *events {
	e := &events{}
	srv.Events.Subscribe(typ, func(_ context.Context, ev eventbus.Event) error {
		var c lead.Changed
		if err := json.Unmarshal(ev.Detail, &c); err != nil {
			return err
		}
		e.mu.Lock()
		defer e.mu.Unlock()
		e.list = append(e.list, c)
		return nil
	})
	return e
}

func (e *events) all() []lead.Changed {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]lead.Changed(nil), e.list...)
}

func TestGetLead(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name   string
		as     string
		id     int64
		status int
	}{
		{"sales person of the store", sales, demo.ContactToyota, 200},
		{"store the user may not view", sales, demo.ContactHyundai, 404},
		{"another dealer group's lead", admin, demo.OtherContactID, 404},
		{"no such lead", admin, demo.ContactToyota + 777, 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/CrmLead/%d", tt.id), As: tt.as}
			if tt.status != 200 {
				if status, _ := srv.Error(t, req); status != tt.status {
					t.Errorf("status = %d, want %d", status, tt.status)
				}
				return
			}
			got := getLead(t, srv, tt.as, tt.id)
			if got.ID != tt.id || got.ContactID != demo.ContactToyota || got.DisplayStatusID != lead.StatusUnclaimed || got.LeadSourceName != demo.DemoLeadSource {
				t.Errorf("lead = %+v", got)
			}
		})
	}
}

// TestTransitionsOverHTTP walks the Honda lead through the status calls: legal ones change the
// status and publish an event, illegal ones are 409 with a message and change nothing.
func TestTransitionsOverHTTP(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	changes := record(srv, lead.EventStatusChanged)
	id := int64(demo.ContactHonda)
	steps := []struct {
		call   string
		status int
		want   lead.Status
	}{
		{"mark_sold_pending", 200, lead.StatusSoldPending},
		{"mark_bad", 409, lead.StatusSoldPending},
		{"mark_sold_pending", 409, lead.StatusSoldPending},
		{"mark_lost", 200, lead.StatusLost},
		{"mark_sold_delivered", 409, lead.StatusLost},
		{"reactivate", 200, lead.StatusActive},
		{"mark_duplicate", 200, lead.StatusDuplicate},
		{"reactivate", 200, lead.StatusActive},
		{"mark_sold_delivered", 200, lead.StatusSoldDelivered},
		{"reactivate", 409, lead.StatusSoldDelivered},
		{"mark_lost", 409, lead.StatusSoldDelivered},
	}
	for i, s := range steps {
		req := areatest.Request{Method: "PUT", Path: leadPath(id, s.call), As: sales, Body: `{"reason":"step"}`}
		if s.status == 200 {
			var got httpapi.Result[leads.View]
			if status := srv.Do(t, req, &got); status != 200 || got.Data.Status != s.want {
				t.Fatalf("step %d %s: status %d, lead status %v; want 200, %v", i, s.call, status, got.Data.Status, s.want)
			}
		} else {
			status, body := srv.Error(t, req)
			if status != s.status {
				t.Fatalf("step %d %s: status %d, want %d", i, s.call, status, s.status)
			}
			if !strings.Contains(strings.Join(body.ErrorMessages, " "), "lead") {
				t.Errorf("step %d %s: messages %v do not explain", i, s.call, body.ErrorMessages)
			}
		}
		if got := getLead(t, srv, manager, id); got.Status != s.want {
			t.Errorf("step %d %s: stored status %v, want %v", i, s.call, got.Status, s.want)
		}
	}
	ev := changes.all()
	if len(ev) != 6 {
		t.Fatalf("%d status events, want 6", len(ev))
	}
	if e := ev[0]; e.LeadID != id || e.ActivityType != "SoldPending" || e.FromStatus != lead.StatusActive || e.UserID != sales {
		t.Errorf("first event = %+v", e)
	}
	// A body is optional; another store's lead, another group's lead and a role without lead
	// work are refused, and change nothing.
	refusals := []struct {
		as     string
		id     int64
		status int
	}{
		{sales, demo.ContactHyundai, 404},
		{admin, demo.OtherContactID, 404},
		{marketing, demo.ContactToyota, 403},
	}
	for _, r := range refusals {
		if status, _ := srv.Error(t, areatest.Request{Method: "PUT", Path: leadPath(r.id, "mark_lost"), As: r.as}); status != r.status {
			t.Errorf("mark_lost of %d as %s: status %d, want %d", r.id, r.as, status, r.status)
		}
	}
	if got := getLead(t, srv, manager, demo.ContactToyota); got.Status != lead.StatusActive || got.Version != 1 {
		t.Errorf("refused changes wrote the Toyota lead: %+v", got)
	}
	var got httpapi.Result[leads.View]
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: leadPath(demo.ContactToyota, "mark_bad"), As: manager}, &got); status != 200 || got.Data.Status != lead.StatusBad {
		t.Errorf("mark_bad without a body: %d %v", status, got.Data.Status)
	}
}

// TestConcurrentClaimOverHTTP has two users claim the same lead at the same moment: one wins,
// the other gets the clear message.
func TestConcurrentClaimOverHTTP(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	claims := record(srv, lead.EventClaimed)
	users := []string{sales, manager}
	status := make([]int, len(users))
	messages := make([][]string, len(users))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, u := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			req := areatest.Request{Method: "POST", Path: "/pando/claimable_lead/claim_lead", As: u, Body: fmt.Sprintf(`{"crmLeadId":%d}`, demo.ContactToyota)}
			var got httpapi.ErrorBody
			status[i] = srv.Do(t, req, nil)
			if status[i] != 200 {
				status[i], got = srv.Error(t, req)
				messages[i] = got.ErrorMessages
			}
		}()
	}
	close(start)
	wg.Wait()
	winners := 0
	winner := ""
	for i := range users {
		if status[i] == 200 {
			winners++
			winner = users[i]
		}
	}
	if winners != 1 {
		t.Fatalf("statuses %v, want exactly one 200", status)
	}
	for i := range users {
		if status[i] != 200 && (status[i] != 409 || !strings.Contains(strings.Join(messages[i], " "), "claimed")) {
			t.Errorf("loser %s: %d %v, want 409 saying the lead was claimed", users[i], status[i], messages[i])
		}
	}
	got := getLead(t, srv, manager, demo.ContactToyota)
	if got.SalesPersonID != winner || got.DisplayStatusID != lead.StatusNew {
		t.Errorf("lead after claims: held by %q (%v), want %s", got.SalesPersonID, got.DisplayStatusID, winner)
	}
	if n := len(claims.all()); n != 1 {
		t.Errorf("%d claim events, want 1", n)
	}
}

func TestAssignments(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	id := int64(demo.ContactToyota)
	path := fmt.Sprintf("/api/crmlead/%d/assignments", id)
	// A user of another store cannot hold the Toyota lead.
	status, body := srv.Error(t, areatest.Request{Method: "PUT", Path: path, As: manager, Body: fmt.Sprintf(`{"salesPersonId":%q}`, hyundaiTwo)})
	if status != 400 || body.FieldErrors["salesPersonId"] == "" {
		t.Errorf("assign to a Hyundai user: %d %+v, want 400 on salesPersonId", status, body)
	}
	var got httpapi.Result[leads.Assignments]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/claimable_lead/assign_lead", As: manager, Body: fmt.Sprintf(`{"crmLeadId":%d,"userId":%q}`, id, sales)}, &got); status != 200 {
		t.Fatalf("assign_lead: %d", status)
	}
	if got.Data.SalesPersonID != sales || got.Data.SalesPersonName == "" || got.Data.DisplayStatusID != lead.StatusNew {
		t.Errorf("assignments = %+v", got.Data)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/pando/claimable_lead/claim_lead", As: manager, Body: fmt.Sprintf(`{"crmLeadId":%d}`, id)}); status != 409 {
		t.Errorf("claim of an assigned lead: %d, want 409", status)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/pando/claimable_lead/assign_lead", As: manager, Body: fmt.Sprintf(`{"crmLeadId":%d,"userId":%q}`, id, manager)}); status != 409 {
		t.Errorf("assign_lead of a held lead: %d, want 409", status)
	}
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: path, As: manager, Body: fmt.Sprintf(`{"salesPersonId":%q}`, manager)}, &got); status != 200 || got.Data.SalesPersonID != manager {
		t.Errorf("reassign: %d %+v", status, got.Data)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "PUT", Path: path, As: sales, Body: `{"salesPersonId":""}`}); status != 403 {
		t.Errorf("reassign by a sales person: %d, want 403", status)
	}
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: path, As: sales}, &got); status != 200 || got.Data.SalesPersonID != manager {
		t.Errorf("GET assignments: %d %+v", status, got.Data)
	}
}

func TestVehiclesOverHTTP(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	id := int64(demo.ContactToyota)
	var got httpapi.Result[leads.LeadVehicles]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/crmlead/%d/voi", id), As: sales}, &got); status != 200 || len(got.Data.VehiclesOfInterest) != 1 || got.Data.VehiclesOfInterest[0].CrmLeadVoiID != id {
		t.Fatalf("list VOI: %d %+v", status, got.Data)
	}
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/api/CrmLead/%d/trade", id), As: sales,
		Body: `{"vin":"19xfc2f59he012345","year":2017,"make":"Honda","model":"Civic","payoff":4200,"appraisedValue":11200}`}, &got); status != 200 {
		t.Fatalf("add trade-in: %d", status)
	}
	added := got.Data.AddedID
	if len(got.Data.TradeIns) != 2 || added < 1 || got.Data.TradeIns[1].VIN != "19XFC2F59HE012345" {
		t.Errorf("trade-ins after add = %+v", got.Data.TradeIns)
	}
	status, body := srv.Error(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/api/CrmLead/%d/voi", id), As: sales, Body: `{"vin":"123","odometer":-4}`})
	if status != 400 || body.FieldErrors["vin"] == "" || body.FieldErrors["odometer"] == "" {
		t.Errorf("invalid VOI: %d %+v", status, body)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/api/CrmLead/%d/bicycle", id), As: sales, Body: `{"make":"Trek"}`}); status != 400 {
		t.Errorf("unknown vehicle type: %d, want 400", status)
	}
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: fmt.Sprintf("/api/CrmLead/%d/trade/%d", id, added), As: sales, Body: `{"year":2017,"make":"Honda","model":"Civic","odometer":90000}`}, &got); status != 200 || got.Data.TradeIns[1].Odometer != 90000 {
		t.Errorf("update trade-in: %d %+v", status, got.Data.TradeIns)
	}
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: fmt.Sprintf("/api/CrmLead/%d/voi/%d", id, id), As: sales, Body: `{"year":2026,"make":"Toyota","model":"Camry"}`}, &got); status != 200 || got.Data.VehiclesOfInterest[0].Model != "Camry" {
		t.Errorf("update VOI: %d %+v", status, got.Data.VehiclesOfInterest)
	}
	if status := srv.Do(t, areatest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/CrmLead/trade/%d", added), As: sales}, &got); status != 200 || len(got.Data.TradeIns) != 1 {
		t.Errorf("remove trade-in: %d %+v", status, got.Data.TradeIns)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/CrmLead/voi/%d", demo.ContactHyundai), As: sales}); status != 404 {
		t.Errorf("remove a VOI of a store the user may not view: %d, want 404", status)
	}
	if l := getLead(t, srv, manager, demo.ContactHyundai); len(l.Vehicles) != 1 {
		t.Errorf("the refused removal changed the Hyundai lead: %+v", l.Vehicles)
	}
}

func TestSourcesAndSettings(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var sources httpapi.Result[[]leads.StoreSources]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/crmlead/leadsource/get", As: sales, Body: `{"accountPlatformIds":[2001,2002]}`}, &sources); status != 200 || len(sources.Data) != 2 {
		t.Fatalf("leadsource/get: %d %+v", status, sources.Data)
	}
	if s := sources.Data[0]; len(s.LeadSources) != 1 || s.LeadSources[0].Name != demo.DemoLeadSource || s.LeadTypes[0].Name != "Campaign" {
		t.Errorf("Toyota sources = %+v", s)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/CrmLead/leadsource/get", As: sales, Body: `{"accountPlatformIds":[2003]}`}); status != 403 {
		t.Errorf("sources of a store the user may not view: %d, want 403", status)
	}
	src := sources.Data[0].LeadSources[0].LeadSourceID
	var got httpapi.Result[leads.View]
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: leadPath(demo.ContactToyota, "update_type_and_source"), As: sales, Body: fmt.Sprintf(`{"leadTypeId":2,"leadSourceId":%d}`, src)}, &got); status != 200 || got.Data.LeadTypeID != 2 {
		t.Errorf("type change: %d %+v", status, got.Data)
	}
	honda := sources.Data[1].LeadSources[0].LeadSourceID
	status, body := srv.Error(t, areatest.Request{Method: "PUT", Path: leadPath(demo.ContactToyota, "update_type_and_source"), As: sales, Body: fmt.Sprintf(`{"leadTypeId":2,"leadSourceId":%d}`, honda)})
	if status != 400 || body.FieldErrors["leadSourceId"] == "" {
		t.Errorf("source of another store: %d %+v", status, body)
	}
	var settings httpapi.Result[[]leads.LeadSettings]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/CrmLead/leadsettings/get", As: manager, Body: `{"accountPlatformIds":[2003]}`}, &settings); status != 200 || len(settings.Data) != 1 {
		t.Fatalf("leadsettings/get: %d %+v", status, settings.Data)
	}
	if s := settings.Data[0]; s.AccountPlatformID != 2003 || !s.ClaimLeadsEnabled || s.AutoAssign || s.DefaultLeadTypeID != 1 {
		t.Errorf("settings = %+v", s)
	}
}

// intake posts body to the intake endpoint with key and returns the status and the answer.
func intake(t *testing.T, h http.Handler, key, contentType, body string) (int, leads.IntakeResult, httpapi.ErrorBody) {
	t.Helper()
	req := httptest.NewRequest("POST", leads.IntakePath, strings.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	if key != "" {
		req.Header.Set("X-Lead-Key", key)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var ok httpapi.Result[leads.IntakeResult]
	var e httpapi.ErrorBody
	if rec.Code == 200 {
		if err := json.Unmarshal(rec.Body.Bytes(), &ok); err != nil {
			t.Fatal(err)
		}
	} else {
		_ = json.Unmarshal(rec.Body.Bytes(), &e)
	}
	return rec.Code, ok.Data, e
}

func sample(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../../shared/value/adf/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const hondaADF = `<?adf version="1.0"?>
<adf><prospect><id sequence="%d" source="Edmunds">%s</id>
<vehicle interest="buy" status="new"><year>2026</year><make>Honda</make><model>Pilot</model><vin>NOTAVIN</vin></vehicle>
<vehicle interest="trade-in"><year>2018</year><make>Subaru</make><model>Outback</model><odometer>70000</odometer><price type="appraisal">14500</price></vehicle>
<customer><contact><name part="first">%s</name><name part="last">%s</name>%s<phone type="cellphone">%s</phone></contact>
<comments>Wants a third row.</comments></customer>
<provider><name part="full">Edmunds</name></provider></prospect></adf>`

func TestIntake(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	created := record(srv, lead.EventCreated)
	h := leads.New(srv.Services)
	var key httpapi.Result[leads.IntakeKey]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/CrmLead/intake/key", As: admin, Body: `{"accountPlatformId":2002}`}, &key); status != 200 || !strings.HasPrefix(key.Data.Key, "cxl_1001_2002_") {
		t.Fatalf("intake key: %d %+v", status, key.Data)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/CrmLead/intake/key", As: sales, Body: `{"accountPlatformId":2002}`}); status != 403 {
		t.Errorf("intake key as a sales person: %d, want 403", status)
	}
	k := key.Data.Key

	tests := []struct {
		name        string
		doc         string
		contentType string
		match       string
		contact     int64
	}{
		{"same e-mail address", fmt.Sprintf(hondaADF, 1, "ED-1", "Jim", "Carter", "<email>james.carter@example.net</email>", "(971) 555-0999"), "application/xml", "email", demo.ContactHonda},
		{"same name and phone", fmt.Sprintf(hondaADF, 1, "ED-2", "James", "Carter", "<email>new.address@example.net</email>", "971.555.0112"), "text/xml", "namePhone", demo.ContactHonda},
		{"close first name, same last name and phone", fmt.Sprintf(hondaADF, 1, "ED-3", "Jamey", "Carter", "", "+1 971 555 0163"), "application/xml", "similarNamePhone", demo.ContactHondaSimilar},
		{"same name, another phone", fmt.Sprintf(hondaADF, 1, "ED-4", "James", "Carter", "", "971-555-0001"), "application/xml", "new", 0},
		{"an e-mail message; the phone is another store's customer's", sample(t, "cars_email.eml"), "message/rfc822", "new", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, res, e := intake(t, h, k, tt.contentType, tt.doc)
			if status != 200 || len(res.Leads) != 1 {
				t.Fatalf("status %d %+v %+v", status, res, e)
			}
			got := res.Leads[0]
			if !got.Created || got.ContactMatch != tt.match || (tt.contact != 0 && got.ContactID != tt.contact) {
				t.Errorf("delivery = %+v, want created, matched by %s to %d", got, tt.match, tt.contact)
			}
			if n := createdEntries(t, srv, got.ContactID, got.CrmLeadID); n != 1 {
				t.Errorf("the customer's activity has %d entries of the lead's creation, want 1", n)
			}
		})
	}

	// A new customer, then the same document again: one lead.
	doc := sample(t, "truecar.xml")
	status, first, e := intake(t, h, k, "application/xml", doc)
	if status != 200 || !first.Leads[0].Created || first.Leads[0].ContactMatch != "new" {
		t.Fatalf("TrueCar lead: %d %+v %+v", status, first, e)
	}
	status, again, _ := intake(t, h, k, "application/xml", doc)
	if status != 200 || again.Leads[0].Created || again.Leads[0].CrmLeadID != first.Leads[0].CrmLeadID || again.Leads[0].ContactMatch != "delivered" {
		t.Errorf("second delivery = %d %+v, want the first lead, not created", status, again)
	}
	id := first.Leads[0].CrmLeadID
	if n := createdEntries(t, srv, first.Leads[0].ContactID, id); n != 1 {
		t.Errorf("the new customer's activity has %d entries of the lead's creation after two deliveries, want 1", n)
	}
	l := getLead(t, srv, manager, id)
	if l.AccountPlatformID != 2002 || l.DisplayStatusID != lead.StatusUnclaimed || l.LeadTypeID != lead.TypeInternet || l.LeadSourceName != "TrueCar" ||
		len(l.Vehicles) != 1 || l.Vehicles[0].VIN != "2T3P1RFV8RC123456" || len(l.TradeIns) != 1 || l.TradeIns[0].AppraisedValue != 11200 ||
		l.ProviderID != "TC-88213457" || !strings.Contains(l.Comments, "Within 30 days") {
		t.Errorf("TrueCar lead = %+v", l)
	}
	var contact httpapi.Result[struct {
		FirstName string `json:"firstName"`
		LastName  string `json:"lastName"`
		Phones    []struct {
			Phone       string `json:"phone"`
			PhoneTypeID int    `json:"phoneTypeId"`
		} `json:"phones"`
		Emails []struct {
			Email string `json:"email"`
		} `json:"emails"`
	}]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/crm/contacts/%d", l.ContactID), As: manager}, &contact); status != 200 {
		t.Fatalf("GET the new contact: %d", status)
	}
	if cd := contact.Data; cd.FirstName != "Dana" || cd.LastName != "Whitfield" || len(cd.Phones) != 2 || cd.Phones[1].PhoneTypeID != 1 || len(cd.Emails) != 1 {
		t.Errorf("new contact = %+v, want Dana Whitfield with two phones (no fax) and an e-mail address", cd)
	}
	var raw httpapi.Result[leads.RawLead]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/CrmRawLead/%d/raw_adf_xml", id), As: sales}, &raw); status != 200 || raw.Data.RawAdfXML != doc {
		t.Errorf("raw document: %d, equal %v", status, raw.Data.RawAdfXML == doc)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/CrmRawLead/%d/raw_adf_xml", id), As: hyundaiTwo}); status != 404 {
		t.Errorf("raw document for a user of another store: %d, want 404", status)
	}

	// The invalid VIN was kept out of the Honda lead and noted in its comments.
	hondaLead := getLead(t, srv, manager, mustLead(t, srv, tests[0].contact))
	if len(hondaLead.Vehicles) != 1 || hondaLead.Vehicles[0].VIN != "" || !strings.Contains(hondaLead.Comments, "NOTAVIN") {
		t.Errorf("Honda lead vehicles %+v, comments %q", hondaLead.Vehicles, hondaLead.Comments)
	}
	srv.Flush(t) // the intake handler is served outside srv.Do
	if n := len(created.all()); n != 6 {
		t.Errorf("%d LeadCreated events, want 6", n)
	}

	refusals := []struct {
		name, key, doc string
		status         int
		says           string
	}{
		{"no key", "", doc, 401, "key"},
		{"a wrong key", k + "x", doc, 401, "key"},
		{"another store's shape of key", strings.Replace(k, "_2002_", "_2001_", 1), doc, 401, "key"},
		{"another dealer group's store", strings.Replace(k, "_1001_2002_", "_1002_3001_", 1), doc, 401, "key"},
		{"a store that does not exist", strings.Replace(k, "_2002_", "_9999_", 1), doc, 401, "key"},
		{"a wrong key and not ADF", k + "x", "please call me", 401, "key"},
		{"not ADF", k, `<lead><name>x</name></lead>`, 400, "not an ADF lead"},
		{"plain text", k, "please call me", 400, "not an ADF lead"},
	}
	for _, r := range refusals {
		t.Run(r.name, func(t *testing.T) {
			status, _, e := intake(t, h, r.key, "application/xml", r.doc)
			if status != r.status || !strings.Contains(strings.Join(e.ErrorMessages, " "), r.says) {
				t.Errorf("status %d %v, want %d saying %q", status, e.ErrorMessages, r.status, r.says)
			}
		})
	}
	srv.Flush(t) // the intake handler is served outside srv.Do
	if n := len(created.all()); n != 6 {
		t.Errorf("refused deliveries created leads: %d events", n)
	}
}

// createdEntries counts the entries of contact contactID's activity that record the creation
// of lead leadID.
func createdEntries(t *testing.T, srv *areatest.Server, contactID, leadID int64) int {
	t.Helper()
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	page, err := activity.NewRepo(srv.Services.Store, nil, nil).Feed(context.Background(), tn, []int64{contactID}, activity.FeedQuery{PageSize: activity.MaxPageSize})
	if err != nil {
		t.Fatalf("activity of %d: %v", contactID, err)
	}
	n := 0
	for _, e := range page.Entries {
		if e.Kind == activity.KindLead && e.Details["crmLeadId"] == fmt.Sprint(leadID) && e.Details["activityType"] == lead.ActivityCreated {
			if e.UserName != "Lead intake" {
				t.Errorf("lead entry by %q, want Lead intake", e.UserName)
			}
			n++
		}
	}
	return n
}

// mustLead returns the newest lead of contact id.
func mustLead(t *testing.T, srv *areatest.Server, contactID int64) int64 {
	t.Helper()
	tn, err := account.Tenant(demo.AccountID)
	if err != nil {
		t.Fatal(err)
	}
	ls, err := lead.NewRepo(srv.Services.Store, nil, nil).ForContact(context.Background(), tn, []int64{contactID})
	if err != nil || len(ls) == 0 {
		t.Fatalf("leads of %d: %v", contactID, err)
	}
	return ls[0].ID
}

// TestIntakeSameDocumentAtOnce delivers one new customer's document several times at the same
// moment: one lead, and one customer (the losing deliveries leave no customer behind).
func TestIntakeSameDocumentAtOnce(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	created := record(srv, lead.EventCreated)
	h := leads.New(srv.Services)
	var key httpapi.Result[leads.IntakeKey]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/CrmLead/intake/key", As: admin, Body: `{"accountPlatformId":2002}`}, &key); status != 200 {
		t.Fatalf("intake key: %d", status)
	}
	doc := fmt.Sprintf(hondaADF, 1, "ED-77", "Octavia", "Brightwater", "<email>octavia.brightwater@example.net</email>", "(971) 555-0177")
	const n = 4
	results := make([]leads.IntakeResult, n)
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i], results[i], _ = intake(t, h, key.Data.Key, "application/xml", doc)
		}()
	}
	wg.Wait()
	var made int
	for i := range n {
		if statuses[i] != 200 || len(results[i].Leads) != 1 || results[i].Leads[0].CrmLeadID != results[0].Leads[0].CrmLeadID {
			t.Fatalf("delivery %d: %d %+v, want the one lead", i, statuses[i], results[i])
		}
		if results[i].Leads[0].Created {
			made++
		}
	}
	srv.Flush(t) // the intake handler is served outside srv.Do
	if made != 1 || len(created.all()) != 1 {
		t.Errorf("%d deliveries created, %d events; want 1", made, len(created.all()))
	}
	tn, _ := account.Tenant(demo.AccountID)
	dups, err := contact.NewRepo(srv.Services.Store, srv.Services.Encrypter, nil, nil).Duplicates(context.Background(), tn, 2002,
		contact.Contact{FirstName: "Octavia", LastName: "Brightwater", Emails: []contact.Email{{Email: "octavia.brightwater@example.net"}}})
	if err != nil || len(dups) != 1 || dups[0].ContactID != results[0].Leads[0].ContactID {
		t.Errorf("customers named Octavia Brightwater = %+v, %v; want the lead's one", dups, err)
	}
}

func TestChooseVehicleOverHTTP(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	id := int64(demo.ContactToyota)
	var got httpapi.Result[leads.LeadVehicles]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: leadPath(id, "voi"), As: sales, Body: `{"year":2026,"make":"Toyota","model":"RAV4"}`}, &got); status != 200 {
		t.Fatalf("add VOI: %d", status)
	}
	rav4 := got.Data.AddedID
	chosenOf := func(vs []lead.VehicleOfInterest) []int64 {
		var ids []int64
		for _, v := range vs {
			if v.IsPrimary {
				ids = append(ids, v.CrmLeadVoiID)
			}
		}
		return ids
	}
	if ids := chosenOf(got.Data.VehiclesOfInterest); len(ids) != 1 || ids[0] != id {
		t.Fatalf("after adding a second vehicle the chosen ones are %v, want the seeded one %d", ids, id)
	}
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: fmt.Sprintf("/api/CrmLead/%d/voi/%d", id, rav4), As: sales, Body: `{"year":2026,"make":"Toyota","model":"RAV4","isPrimary":true}`}, &got); status != 200 {
		t.Fatalf("choose VOI: %d", status)
	}
	if ids := chosenOf(got.Data.VehiclesOfInterest); len(ids) != 1 || ids[0] != rav4 {
		t.Errorf("after choosing the RAV4 the chosen ones are %v, want %d", ids, rav4)
	}
	if ids := chosenOf(getLead(t, srv, sales, id).Vehicles); len(ids) != 1 || ids[0] != rav4 {
		t.Errorf("the lead read again has %v chosen, want %d", ids, rav4)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "PUT", Path: fmt.Sprintf("/api/CrmLead/%d/voi/%d", demo.ContactHyundai, demo.ContactHyundai), As: sales, Body: `{"make":"Hyundai","isPrimary":true}`}); status != 404 {
		t.Errorf("choose on a lead of a store the user may not view: %d, want 404", status)
	}
}
