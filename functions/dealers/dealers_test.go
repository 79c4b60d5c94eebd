package dealers_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/dealers"
	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/product"
	"github.com/cxm/cxm/shared/domain/workhours"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/google/go-cmp/cmp"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// Demo users.
const (
	sales     = "100001" // Sam Ortega: Toyota and Honda, no permissions
	manager   = "100002" // Morgan Reyes: every store, manager dashboard, no rules admin
	admin     = "100008" // Taylor Brooks: dealer admin
	marketing = "100011" // Quinn Harper: rules admin, not dealer admin
)

func TestStores(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name   string
		as     string
		path   string
		status int
		want   []int64
	}{
		{"view account stores of a sales person", sales, fmt.Sprintf("/account/platforms/%d", demo.AccountID), 200, []int64{demo.StoreHonda, demo.StoreToyota}},
		{"all stores of the account", admin, fmt.Sprintf("/account/allplatforms/%d", demo.AccountID), 200, []int64{demo.StoreHonda, demo.StoreHyundai, demo.StoreToyota}},
		{"search by city", admin, "/platform/searchdealers?query=VANCOUVER", 200, []int64{demo.StoreHyundai}},
		{"search by dealer id", admin, "/platform/searchdealers?query=nwh", 200, []int64{demo.StoreHonda}},
		{"search finds no store the user may not view", sales, "/platform/searchdealers?query=vancouver", 200, []int64{}},
		{"another dealer group's view account", sales, fmt.Sprintf("/account/platforms/%d", demo.OtherAccountID), 404, nil},
		{"another dealer group's account", admin, fmt.Sprintf("/account/allplatforms/%d", demo.OtherAccountID), 404, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "GET", Path: tt.path, As: tt.as}
			if tt.status != 200 {
				if status, _ := srv.Error(t, req); status != tt.status {
					t.Errorf("status = %d, want %d", status, tt.status)
				}
				return
			}
			var got httpapi.Legacy[[]dealers.AccountPlatform]
			if status := srv.Do(t, req, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			ids := []int64{}
			for _, p := range got.Data {
				ids = append(ids, p.AccountPlatformID)
			}
			if diff := cmp.Diff(tt.want, ids); diff != "" {
				t.Errorf("stores (-want +got):\n%s", diff)
			}
		})
	}
}

func TestProducts(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	all := fmt.Sprintf("%d,%d,%d", demo.StoreToyota, demo.StoreHonda, demo.StoreHyundai)
	body := func(acct int64, platforms, products, status string, features bool, size, from int) string {
		if status != "" {
			status = fmt.Sprintf(`"ProductStatus":%q,`, status)
		}
		return fmt.Sprintf(`{"AccountID":%d,"PlatformIds":[%s],"ProductIds":[%s],%s"FeatureStatus":%v,"Size":%d,"From":%d}`,
			acct, platforms, products, status, features, size, from)
	}
	type sub struct {
		store   int64
		product product.ID
	}
	live := []sub{
		{demo.StoreToyota, product.Pando}, {demo.StoreToyota, product.AlertMiner}, {demo.StoreToyota, product.ReputationPro}, {demo.StoreToyota, product.DataHygiene},
		{demo.StoreHonda, product.Pando}, {demo.StoreHonda, product.ReputationPro},
		{demo.StoreHyundai, product.Pando}, {demo.StoreHyundai, product.OneToOne},
	}
	tests := []struct {
		name   string
		as     string
		body   string
		status int
		want   []sub
	}{
		{"live products with active features", admin, body(demo.AccountID, all, "1,2,3,4,5,6,7,8", "Live", true, 24, 0), 200, live},
		{"a page", admin, body(demo.AccountID, all, "", "Live", true, 3, 6), 200, live[6:]},
		{"cancelled", admin, body(demo.AccountID, all, "", "Cancelled", false, 0, 0), 200, []sub{{demo.StoreHyundai, product.GeoAlert}}},
		{"one product of the scope stores", sales, body(demo.AccountID, "", "1", "", false, 0, 0), 200, []sub{{demo.StoreToyota, product.Pando}, {demo.StoreHonda, product.Pando}}},
		{"store the user may not view", sales, body(demo.AccountID, fmt.Sprint(demo.StoreHyundai), "", "Live", true, 0, 0), 403, nil},
		{"another dealer group's store", admin, body(demo.AccountID, fmt.Sprint(demo.OtherStore), "", "Live", true, 0, 0), 404, nil},
		{"another dealer group's account", admin, body(demo.OtherAccountID, "", "", "Live", true, 0, 0), 404, nil},
		{"unknown product", admin, body(demo.AccountID, all, "1,99", "Live", true, 0, 0), 400, nil},
		{"unknown status", admin, body(demo.AccountID, all, "", "Paused", true, 0, 0), 400, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "POST", Path: "/products/", As: tt.as, Body: tt.body}
			if tt.status != 200 {
				if status, e := srv.Error(t, req); status != tt.status {
					t.Errorf("status = %d, want %d (%v)", status, tt.status, e.ErrorMessages)
				}
				return
			}
			var got httpapi.Legacy[[]product.AccountProduct]
			if status := srv.Do(t, req, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			subs := []sub{}
			for _, a := range got.Data {
				subs = append(subs, sub{a.AccountPlatformID, a.ProductID})
				if strings.Contains(tt.body, `"FeatureStatus":true`) {
					for _, f := range a.Features {
						if !f.Active {
							t.Errorf("inactive feature %d of %d listed", f.FeatureID, a.AccountPlatformID)
						}
					}
				}
			}
			if diff := cmp.Diff(tt.want, subs, cmp.AllowUnexported(sub{})); diff != "" {
				t.Errorf("subscriptions (-want +got):\n%s", diff)
			}
		})
	}

	body404 := body(demo.AccountID, all, "", "Live", true, 0, 0)
	for _, path := range []string{"/products/other", "/products/getproductlist/x"} {
		if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: path, As: admin, Body: body404}); status != 404 {
			t.Errorf("POST %s: status = %d, want 404", path, status)
		}
	}
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/Products/", As: admin, Body: body404}, nil); status != 200 {
		t.Errorf("POST /Products/: status = %d, want 200", status)
	}

	var catalog httpapi.Legacy[[]product.CatalogEntry]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/products/getproductlist", As: sales}, &catalog); status != 200 {
		t.Fatalf("product list status = %d", status)
	}
	if got, want := len(catalog.Data), 8; got != want {
		t.Errorf("%d products, want %d", got, want)
	}
}

func TestDealerPackage(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name   string
		as     string
		body   string
		status int
		want   string
	}{
		{"package of a store", sales, fmt.Sprintf(`{"AccountPlatformId":%d}`, demo.StoreToyota), 200, "CXM Enterprise"},
		{"the package named", sales, fmt.Sprintf(`{"AccountPlatformId":%d,"PackageId":2}`, demo.StoreHonda), 200, "CXM Professional"},
		{"another package", sales, fmt.Sprintf(`{"AccountPlatformId":%d,"PackageId":3}`, demo.StoreHonda), 404, ""},
		{"store the user may not view", sales, fmt.Sprintf(`{"AccountPlatformId":%d}`, demo.StoreHyundai), 403, ""},
		{"another dealer group's store", admin, fmt.Sprintf(`{"AccountPlatformId":%d}`, demo.OtherStore), 404, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := areatest.Request{Method: "POST", Path: "/packages/GetDealerPackage", As: tt.as, Body: tt.body}
			if tt.status != 200 {
				if status, _ := srv.Error(t, req); status != tt.status {
					t.Errorf("status = %d, want %d", status, tt.status)
				}
				return
			}
			var got httpapi.Legacy[product.DealerPackage]
			if status := srv.Do(t, req, &got); status != 200 || got.Data.Name != tt.want {
				t.Errorf("status %d, package %+v; want %s", status, got.Data, tt.want)
			}
		})
	}
}

func TestUIDealerSettings(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	toyota, honda, hyundai := int64(demo.StoreToyota), int64(demo.StoreHonda), int64(demo.StoreHyundai)
	tests := []struct {
		name string
		as   string
		body string
		want dealers.UIDealerSettings
	}{
		{"every store, by store name", admin, "", dealers.UIDealerSettings{
			AccountPlatformIDs: []int64{honda, hyundai, toyota},
			FeatureStores: map[string][]int64{
				"desking": {honda, toyota}, "cxm": {honda, hyundai, toyota}, "calendar": {honda, hyundai, toyota},
				"processes": {honda, hyundai, toyota}, "alertMinerFull": {toyota}, "slm": {hyundai, toyota}, "ilm": {honda},
				"experienceManager": {toyota}, "messaging": {honda, hyundai, toyota}, "surveyPro": {honda, toyota},
				"autoAssistantSales": {}, "autoAssistantService": {}, "autoAssistantLeads": {}, "geoAlert": {},
				"callTracking": {honda, toyota}, "analytics": {honda, hyundai, toyota}, "oneToOne": {hyundai}, "pal": {},
				"videoMessaging": {toyota}, "emailAppend": {toyota},
			},
			BdcStores:           []int64{honda, toyota},
			AlertMinerProStores: []int64{hyundai, toyota},
			PushCapabilities: []dealer.PushCapability{
				{AccountPlatformID: honda, PushToDms: true},
				{AccountPlatformID: hyundai, PushToFinance: true},
				{AccountPlatformID: toyota, PushToDms: true, PushToFinance: true},
			},
		}},
		{"the stores named", sales, fmt.Sprintf(`{"AccountPlatformIds":[%d]}`, honda), dealers.UIDealerSettings{
			AccountPlatformIDs: []int64{honda},
			FeatureStores: map[string][]int64{
				"desking": {honda}, "cxm": {honda}, "calendar": {honda}, "processes": {honda}, "alertMinerFull": {}, "slm": {},
				"ilm": {honda}, "experienceManager": {}, "messaging": {honda}, "surveyPro": {honda}, "autoAssistantSales": {},
				"autoAssistantService": {}, "autoAssistantLeads": {}, "geoAlert": {}, "callTracking": {honda}, "analytics": {honda},
				"oneToOne": {}, "pal": {}, "videoMessaging": {}, "emailAppend": {},
			},
			BdcStores:           []int64{honda},
			AlertMinerProStores: []int64{},
			PushCapabilities:    []dealer.PushCapability{{AccountPlatformID: honda, PushToDms: true}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got httpapi.Result[dealers.UIDealerSettings]
			if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/dealer_settings/UI_Dealer_settings/get", As: tt.as, Body: tt.body}, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			got.Data.LeadSettings = nil
			if diff := cmp.Diff(tt.want, got.Data); diff != "" {
				t.Errorf("UI dealer settings (-want +got):\n%s", diff)
			}
		})
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/api/dealer_settings/UI_Dealer_settings/get", As: sales,
		Body: fmt.Sprintf(`{"AccountPlatformIds":[%d]}`, demo.OtherStore)}); status != 404 {
		t.Errorf("another dealer group's store: status = %d, want 404", status)
	}
}

func TestReadDealerSettings(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var list httpapi.Legacy[[]dealer.StoreSettings]
	body := fmt.Sprintf(`{"AccountPlatformIds":[%d,%d]}`, demo.StoreToyota, demo.StoreHyundai)
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/pando/dealersettings/dealers_settings_list", As: admin, Body: body}, &list); status != 200 {
		t.Fatalf("list status = %d", status)
	}
	if len(list.Data) != 2 || !list.Data[0].IsBdcEnabled || list.Data[1].IsBdcEnabled || list.Data[0].Version != 1 {
		t.Errorf("settings list = %+v", list.Data)
	}

	var assign httpapi.Result[dealers.ContactAssignmentSettings]
	path := fmt.Sprintf("/api/edit_contact_user_assignments/dealer_settings/%d/get_contact_user_assignment_dealer_settings", demo.StoreHyundai)
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: path, As: admin}, &assign); status != 200 || !assign.Data.ManagerApprovalRequired {
		t.Errorf("contact assignment settings: status %d, %+v", status, assign.Data)
	}

	var rel httpapi.Result[dealers.EnterpriseRelationship]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/api/dealer_relationship", As: sales}, &rel); status != 200 || rel.Data.AccountID != demo.AccountID || !rel.Data.IsEnterprise {
		t.Errorf("relationship: status %d, %+v", status, rel.Data)
	}
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/api/dealer_relationship", As: demo.OtherUserID}, &rel); status != 200 || rel.Data.IsEnterprise {
		t.Errorf("other group's relationship: status %d, %+v", status, rel.Data)
	}

	refused := []struct {
		name   string
		req    areatest.Request
		status int
	}{
		{"list of another group's store", areatest.Request{Method: "POST", Path: "/pando/dealersettings/dealers_settings_list", As: admin, Body: fmt.Sprintf(`{"AccountPlatformIds":[%d]}`, demo.OtherStore)}, 404},
		{"list of a store the user may not view", areatest.Request{Method: "POST", Path: "/pando/dealersettings/dealers_settings_list", As: sales, Body: fmt.Sprintf(`{"AccountPlatformIds":[%d]}`, demo.StoreHyundai)}, 403},
		{"all settings of another group's store", areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/dealer_settings/dealer_setting_all/%d", demo.OtherStore), As: admin}, 404},
		{"all settings of a store the user may not view", areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/dealer_settings/dealer_setting_all/%d", demo.StoreHyundai), As: sales}, 403},
		{"settings of another group's store", areatest.Request{Method: "POST", Path: "/api/dealer_settings/get_account_platform_settings", As: admin, Body: fmt.Sprintf(`{"AccountPlatformId":%d}`, demo.OtherStore)}, 404},
		{"contact assignment of another group's store", areatest.Request{Method: "GET", Path: fmt.Sprintf("/api/edit_contact_user_assignments/dealer_settings/%d/get_contact_user_assignment_dealer_settings", demo.OtherStore), As: admin}, 404},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			if status, _ := srv.Error(t, tt.req); status != tt.status {
				t.Errorf("status = %d, want %d", status, tt.status)
			}
		})
	}
}

// change is the body of a settings save.
func change(store, version int64, edit func(*dealers.DealerSettingsChange)) dealers.DealerSettingsChange {
	c := dealers.DealerSettingsChange{
		AccountPlatformID: store, Version: version, IsBdcEnabled: true,
		NotificationRules: []dealer.NotificationRule{{Event: dealer.EventNewLead, Recipients: []string{"BDCManager"}, Channels: []string{dealer.ChannelInApp}, Enabled: true}},
		ReassignRules:     []dealer.ReassignRule{{ToRole: "BDCAgent", AfterMinutes: 20, Enabled: true}},
		LeadSettings:      dealer.LeadFlags{LeadManagement: true, ShowroomLog: true},
	}
	if edit != nil {
		edit(&c)
	}
	return c
}

func TestSaveDealerSettings(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	const save = "/api/dealer_settings/save_account_platform_settings"
	get := func(t *testing.T, as string, store int64) dealer.StoreSettings {
		t.Helper()
		var got httpapi.Result[dealer.StoreSettings]
		if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/dealer_settings/get_account_platform_settings", As: as, Body: fmt.Sprintf(`{"AccountPlatformId":%d}`, store)}, &got); status != 200 {
			t.Fatalf("get status = %d", status)
		}
		return got.Data
	}
	hyundai := int64(demo.StoreHyundai)
	before := get(t, admin, hyundai)
	if before.Version != 1 || before.IsBdcEnabled {
		t.Fatalf("seeded Hyundai settings = %+v", before)
	}

	// Saves in order: each sees the state the ones before left.
	steps := []struct {
		name    string
		as      string
		body    any
		status  int
		field   string // a field the 400 must name
		version int64  // the version stored afterwards
	}{
		{"admin saves", admin, change(hyundai, 1, nil), 200, "", 2},
		{"stale version", admin, change(hyundai, 1, func(c *dealers.DealerSettingsChange) { c.IsBdcEnabled = false }), 409, "", 2},
		{"never-saved version of a saved store", admin, change(hyundai, 0, nil), 409, "", 2},
		{"sales person may not save", sales, change(demo.StoreToyota, 1, nil), 403, "", 1},
		{"manager without rules admin may not save", manager, change(hyundai, 2, nil), 403, "", 2},
		{"bad reassign delay", admin, change(hyundai, 2, func(c *dealers.DealerSettingsChange) { c.ReassignRules[0].AfterMinutes = 0 }), 400, "ReassignRules[0].AfterMinutes", 2},
		{"unknown event", admin, change(hyundai, 2, func(c *dealers.DealerSettingsChange) { c.NotificationRules[0].Event = "Bogus" }), 400, "NotificationRules[0].Event", 2},
		{"unknown recipient role", admin, change(hyundai, 2, func(c *dealers.DealerSettingsChange) { c.NotificationRules[0].Recipients = []string{"Janitor"} }), 400, "NotificationRules[0].Recipients", 2},
		{"push without a provider", admin, change(hyundai, 2, func(c *dealers.DealerSettingsChange) { c.PushToDms = true }), 400, "DmsProvider", 2},
		{"negative version", admin, change(hyundai, -1, nil), 400, "Version", 2},
		{"closing before opening", admin, change(hyundai, 2, func(c *dealers.DealerSettingsChange) {
			c.BusinessHours = workhours.Default()
			c.BusinessHours[2] = workhours.Day{Day: "Tuesday", Open: "18:00", Close: "08:00"}
		}), 400, "BusinessHours[2].Close", 2},
		{"six days of hours", admin, change(hyundai, 2, func(c *dealers.DealerSettingsChange) { c.BusinessHours = workhours.Default()[1:] }), 400, "BusinessHours", 2},
		{"a day that is not one", admin, change(hyundai, 2, func(c *dealers.DealerSettingsChange) {
			c.BusinessHours = workhours.Default()
			c.BusinessHours[0].Day = "Funday"
		}), 400, "BusinessHours[0].Day", 2},
		{"rules admin saves with the store's hours", marketing, change(hyundai, 2, func(c *dealers.DealerSettingsChange) {
			c.PushToFinance, c.FinanceProvider = true, "Dealertrack"
			c.BusinessHours = workhours.Default()
			c.BusinessHours[0] = workhours.Day{Day: "Sunday", Open: "11:00", Close: "16:00"}
			c.BusinessHours[6] = workhours.Day{Day: "Saturday", Closed: true}
		}), 200, "", 3},
		{"another group's store", admin, change(demo.OtherStore, 0, nil), 404, "", 3},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			body := toJSON(t, st.body)
			req := areatest.Request{Method: "POST", Path: save, As: st.as, Body: body}
			if st.status == 200 {
				var got httpapi.Result[dealer.StoreSettings]
				if status := srv.Do(t, req, &got); status != 200 {
					t.Fatalf("status = %d", status)
				}
				if got.Data.Version != st.version || got.Data.UpdatedBy != st.as {
					t.Errorf("saved version %d by %s, want %d by %s", got.Data.Version, got.Data.UpdatedBy, st.version, st.as)
				}
			} else {
				status, e := srv.Error(t, req)
				if status != st.status {
					t.Fatalf("status = %d, want %d (%v)", status, st.status, e.ErrorMessages)
				}
				if st.field != "" && !strings.Contains(strings.Join(e.ErrorMessages, " ")+fmt.Sprint(e.FieldErrors), st.field) {
					t.Errorf("error %v %v does not name %s", e.ErrorMessages, e.FieldErrors, st.field)
				}
			}
			store := change(0, 0, nil).AccountPlatformID
			if c, ok := st.body.(dealers.DealerSettingsChange); ok {
				store = c.AccountPlatformID
			}
			if store == demo.OtherStore {
				return
			}
			if got := get(t, admin, store); got.Version != st.version {
				t.Errorf("stored version = %d, want %d", got.Version, st.version)
			}
		})
	}
	after := get(t, admin, hyundai)
	if !after.IsBdcEnabled || !after.PushToFinance || len(after.ReassignRules) != 1 || after.ReassignRules[0].AfterMinutes != 20 {
		t.Errorf("settings after the saves = %+v", after)
	}
	if h := after.BusinessHours; len(h) != 7 || h[0] != (workhours.Day{Day: "Sunday", Open: "11:00", Close: "16:00"}) || !h[6].Closed || h[1].Open != "09:00" {
		t.Errorf("hours after the saves = %+v", h)
	}
	// A store that never set hours reads the default ones.
	if h := get(t, admin, demo.StoreToyota).BusinessHours; len(h) != 7 || !h[0].Closed || h[1].Open != workhours.DefaultOpen || h[6].Close != workhours.DefaultClose {
		t.Errorf("default hours = %+v", h)
	}

	// The other group's store never saved settings: it is created at version 0, once.
	other := toJSON(t, change(demo.OtherStore, 0, nil))
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: save, As: demo.OtherUserID, Body: other}, nil); status != 200 {
		t.Errorf("first save of never-saved settings: status = %d", status)
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: save, As: demo.OtherUserID, Body: other}); status != 409 {
		t.Errorf("second save at version 0: status = %d, want 409", status)
	}
}

func toJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSaveHoursAsTheDialogSends saves the settings the way the Workflow Manager's Working hours
// dialog sends them: what was read, with closed days as a day and Closed only.
func TestSaveHoursAsTheDialogSends(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var read httpapi.Result[map[string]any]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/dealer_settings/get_account_platform_settings", As: admin, Body: fmt.Sprintf(`{"AccountPlatformId":%d}`, demo.StoreHonda)}, &read); status != 200 {
		t.Fatalf("get status = %d", status)
	}
	body := map[string]any{}
	for _, k := range []string{"AccountPlatformID", "Version", "IsBdcEnabled", "PushToDms", "DmsProvider", "PushToFinance", "FinanceProvider", "NotificationRules", "ReassignRules", "LeadSettings", "ContactAssignment"} {
		body[k] = read.Data[k]
	}
	days := []map[string]any{}
	for _, d := range []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"} {
		days = append(days, map[string]any{"Day": d, "Open": "09:00", "Close": "19:00"})
	}
	body["BusinessHours"] = append(days, map[string]any{"Day": "Sunday", "Closed": true})
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	var saved httpapi.Result[dealer.StoreSettings]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/api/dealer_settings/save_account_platform_settings", As: admin, Body: string(b)}, &saved); status != 200 {
		t.Fatalf("save status = %d (sent %s)", status, b)
	}
	if got := saved.Data.BusinessHours; len(got) != 7 || got[time.Sunday].Day != "Sunday" || !got[time.Sunday].Closed || got[time.Monday].Open != "09:00" {
		t.Errorf("saved hours = %+v, want Monday to Saturday 9:00 to 19:00, Sunday closed", got)
	}
}
