package demo

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/appointment"
	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/repairorder"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/blob"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// UnmatchedDealsheetID returns the id of the demo group's unmatched deal sheet n (1 to 3) of
// store: the store's id times 1000 plus n.
func UnmatchedDealsheetID(store int64, n int64) int64 { return store*1000 + n }

// day returns a fixed time of the demo data.
func day(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// repairOrders are the demo group's service visits.
func repairOrders() []repairorder.RepairOrder {
	oil := func(amount float64) repairorder.Line {
		return repairorder.Line{Description: "Synthetic oil and filter change", PayType: repairorder.PayCustomer, Amount: amount}
	}
	camry := func(ro, at string, miles int, lines ...repairorder.Line) repairorder.RepairOrder {
		return repairorder.RepairOrder{RONumber: ro, ContactID: ContactToyota, AccountPlatformID: StoreToyota, VIN: "4T1B11HK5KU123456",
			Year: 2019, Make: "Toyota", Model: "Camry", OpenedAt: day(at), ClosedAt: day(at).Add(5 * time.Hour), Mileage: miles, Advisor: "Riley Novak", Lines: lines}
	}
	return []repairorder.RepairOrder{
		camry("T-58112", "2024-02-12T16:30:00Z", 31420, oil(89.95), repairorder.Line{Description: "Tire rotation", PayType: repairorder.PayCustomer, Amount: 29.95}),
		camry("T-60377", "2024-09-03T15:10:00Z", 38950, oil(89.95), repairorder.Line{Description: "Replace front brake pads and rotors", PayType: repairorder.PayCustomer, Amount: 486.40}),
		camry("T-63021", "2025-05-20T17:45:00Z", 46210, repairorder.Line{Description: "Recall 24TA07: replace fuel pump", PayType: repairorder.PayWarranty, Amount: 712.00},
			repairorder.Line{Description: "Multi-point inspection", PayType: repairorder.PayInternal, Amount: 0}),
		camry("T-66840", "2026-03-09T16:00:00Z", 54880, oil(94.95), repairorder.Line{Description: "Cabin and engine air filters", PayType: repairorder.PayCustomer, Amount: 84.50},
			repairorder.Line{Description: "Courtesy wash and detail", PayType: repairorder.PayInternal, Amount: 45.00}),
		{RONumber: "H-20931", ContactID: ContactHonda, AccountPlatformID: StoreHonda, VIN: "2HKRW2H85MH612345", Year: 2021, Make: "Honda", Model: "CR-V",
			OpenedAt: day("2025-08-14T15:00:00Z"), ClosedAt: day("2025-08-14T19:30:00Z"), Mileage: 28400, Advisor: "Marcus Bennett",
			Lines: []repairorder.Line{{Description: "Maintenance Minder B1 service", PayType: repairorder.PayCustomer, Amount: 219.90},
				{Description: "Replace A/C condenser (warranty)", PayType: repairorder.PayWarranty, Amount: 1140.25}}},
		{RONumber: "V-7715", ContactID: ContactHyundai, AccountPlatformID: StoreHyundai, VIN: "KM8J3CA46NU123456", Year: 2022, Make: "Hyundai", Model: "Tucson",
			OpenedAt: day("2025-11-02T18:00:00Z"), ClosedAt: day("2025-11-02T22:00:00Z"), Mileage: 22150, Advisor: "Kofi Mendes",
			Lines: []repairorder.Line{{Description: "Winter tire changeover and storage", PayType: repairorder.PayCustomer, Amount: 149.00},
				{Description: "Software update for ICCU", PayType: repairorder.PayWarranty, Amount: 180.00}}},
		{RONumber: "T-64410", ContactID: ContactToyotaBusiness, AccountPlatformID: StoreToyota, VIN: "5TFAX5GN2MX123456", Year: 2021, Make: "Toyota", Model: "Tacoma",
			OpenedAt: day("2025-10-21T14:20:00Z"), ClosedAt: day("2025-10-22T20:00:00Z"), Mileage: 61230, Advisor: "Riley Novak",
			Lines: []repairorder.Line{{Description: "Fleet 60k service", PayType: repairorder.PayCustomer, Amount: 612.80},
				{Description: "Replace rear differential seal", PayType: repairorder.PayWarranty, Amount: 388.10},
				{Description: "Goodwill: loaner fuel", PayType: repairorder.PayInternal, Amount: 65.00}}},
	}
}

// tasks are the demo group's open and finished tasks.
func tasks() []task.Task {
	t := func(id string, contactID, entity, st int64, who, typ, name string, due string, status string) task.Task {
		return task.Task{ID: id, ContactID: contactID, EntityID: entity, AccountPlatformID: st, AssignedUserID: who, TaskType: typ,
			Name: name, DueAt: day(due), Status: status, CreatedAt: day("2026-11-01T16:00:00Z")}
	}
	return []task.Task{
		t("T-1001-1", ContactToyota, ContactToyota, StoreToyota, "100001", "Call", "Follow up on the RAV4 test drive", "2027-01-15T17:00:00Z", task.StatusPending),
		t("T-1001-2", ContactToyota, ContactToyota, StoreToyota, "100001", "Email", "Send the RAV4 lease quote", "2026-11-10T17:00:00Z", task.StatusPending),
		t("T-1001-3", ContactToyota, ContactToyota, StoreToyota, "100003", "Call", "Thank-you call after the first visit", "2026-10-20T17:00:00Z", task.StatusCompleted),
		t("T-1002-1", ContactHonda, ContactHonda, StoreHonda, "100001", "Appointment", "Confirm the Saturday appraisal", "2027-02-06T18:00:00Z", task.StatusPending),
		t("T-1003-1", ContactHyundai, ContactHyundai, StoreHyundai, "100005", "Call", "Offer the winter service special", "2027-01-05T18:00:00Z", task.StatusInProgress),
	}
}

// dealsheets are the demo group's unmatched deal sheets (three a store) and Maria Gonzalez's
// two matched ones.
func dealsheets() []dealsheet.Dealsheet {
	buyers := []struct{ first, last, email, phone string }{
		{"Ethan", "Brooks", "ethan.brooks@example.com", "503-555-0211"},
		{"Olivia", "Nguyen", "olivia.nguyen@example.net", "503-555-0212"},
		{"Samuel", "Ortiz", "sam.ortiz@example.org", "503-555-0213"},
	}
	vehicles := map[int64][]dealsheet.DealVehicle{
		StoreToyota:  {{VIN: "2T3P1RFV8RW401122", StockNumber: "T25310", Year: 2024, Make: "Toyota", Model: "RAV4", Trim: "XLE", Price: 34890}, {VIN: "4T1G11AK4RU902211", StockNumber: "T25318", Year: 2024, Make: "Toyota", Model: "Camry", Trim: "SE", Price: 29950}, {VIN: "5TFLA5DB1RX144455", StockNumber: "T25322", Year: 2024, Make: "Toyota", Model: "Tundra", Trim: "SR5", Price: 52400}},
		StoreHonda:   {{VIN: "7FARS4H73RE011223", StockNumber: "H2071", Year: 2024, Make: "Honda", Model: "CR-V", Trim: "EX-L", Price: 36450}, {VIN: "19XFL2H83RE004456", StockNumber: "H2074", Year: 2024, Make: "Honda", Model: "Civic", Trim: "Sport", Price: 27100}, {VIN: "5FNYF8H95RB007789", StockNumber: "H2079", Year: 2024, Make: "Honda", Model: "Pilot", Trim: "Touring", Price: 49800}},
		StoreHyundai: {{VIN: "5NMJFCDE1RH301122", StockNumber: "V1188", Year: 2024, Make: "Hyundai", Model: "Tucson", Trim: "Preferred", Price: 38999}, {VIN: "KMHLM4DG5RU704455", StockNumber: "V1191", Year: 2024, Make: "Hyundai", Model: "Elantra", Trim: "Luxury", Price: 29499}, {VIN: "5NMP44GL0RH017788", StockNumber: "V1195", Year: 2024, Make: "Hyundai", Model: "Santa Fe", Trim: "Ultimate", Price: 51999}},
	}
	var out []dealsheet.Dealsheet
	for _, st := range []int64{StoreToyota, StoreHonda, StoreHyundai} {
		for i, b := range buyers {
			n := int64(i + 1)
			phone := b.phone
			if st == StoreHyundai {
				phone = fmt.Sprintf("604-555-02%02d", 20+i)
			}
			out = append(out, dealsheet.Dealsheet{
				ID: UnmatchedDealsheetID(st, n), AccountPlatformID: st, DealNumber: fmt.Sprintf("D%d-%03d", st, n),
				BuyerFirstName: b.first, BuyerLastName: b.last, BuyerEmail: b.email, BuyerPhone: phone,
				Vehicle: vehicles[st][i], DealType: []string{"Retail", "Lease", "Finance"}[i], SalesPerson: "Sam Ortega",
				Status: dealsheet.StatusPending, CreatedAt: day("2026-11-1" + strconv.Itoa(i) + "T18:00:00Z"),
			})
		}
	}
	matched := day("2026-03-02T20:00:00Z")
	out = append(out,
		dealsheet.Dealsheet{ID: UnmatchedDealsheetID(StoreToyota, 10), AccountPlatformID: StoreToyota, DealNumber: "D2001-010",
			BuyerFirstName: "Maria", BuyerLastName: "Gonzalez", BuyerEmail: "maria.gonzalez@example.com", BuyerPhone: "503-555-0134",
			Vehicle:  dealsheet.DealVehicle{VIN: "4T1B11HK5KU123456", StockNumber: "T24817A", Year: 2019, Make: "Toyota", Model: "Camry", Trim: "LE", Price: 24100},
			DealType: "Finance", SalesPerson: "Sam Ortega", Status: dealsheet.StatusDelivered, ContactID: ContactToyota,
			MatchedHow: dealsheet.MatchedAssigned, MatchedAt: &matched, MatchedBy: user.AutomationUserID, CreatedAt: day("2019-06-08T19:00:00Z")},
		dealsheet.Dealsheet{ID: UnmatchedDealsheetID(StoreToyota, 11), AccountPlatformID: StoreToyota, DealNumber: "D2001-011",
			BuyerFirstName: "Maria", BuyerLastName: "Gonzalez", BuyerEmail: "maria.gonzalez@example.com", BuyerPhone: "503-555-0134",
			Vehicle:  dealsheet.DealVehicle{VIN: "2T3P1RFV8RW409876", StockNumber: "T25301", Year: 2024, Make: "Toyota", Model: "RAV4", Trim: "Limited", Price: 41250},
			DealType: "Lease", SalesPerson: "Sam Ortega", Status: dealsheet.StatusPending, ContactID: ContactToyota,
			MatchedHow: dealsheet.MatchedAssigned, MatchedAt: &matched, MatchedBy: user.AutomationUserID, CreatedAt: day("2026-11-05T18:30:00Z")},
	)
	return out
}

// cardImage draws a plain PNG card of w by h pixels with a coloured band, standing in for a
// scanned licence side or photo.
func cardImage(w, h int, band color.RGBA) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{R: 236, G: 240, B: 244, A: 255}
			switch {
			case y < h/5:
				c = band
			case x > w/20 && x < w/3 && y > h/3 && y < h*9/10:
				c = color.RGBA{R: 180, G: 188, B: 198, A: 255}
			case y%(h/10+1) == 0 && x > w*2/5 && x < w*9/10 && y > h/3:
				c = color.RGBA{R: 90, G: 98, B: 110, A: 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// seedSummaries writes the demo group's repair orders (the recent service lane visits among
// them), tasks, appointments, deal sheets and licence images;
// other groups get none. What exists already is kept.
func seedSummaries(ctx context.Context, svc wiring.Services, g Group) error {
	if g.Account.ID != AccountID {
		return nil
	}
	t, err := account.Tenant(g.Account.ID)
	if err != nil {
		return err
	}
	ros := repairorder.NewRepo(svc.Store)
	for _, ro := range repairOrders() {
		if err := ignoreExists(ros.Create(ctx, t, ro)); err != nil {
			return fmt.Errorf("seed repair order %s: %w", ro.RONumber, err)
		}
	}
	if err := seedServiceLeads(ctx, svc, g, t); err != nil {
		return err
	}
	ts := task.NewRepo(svc.Store)
	for _, tk := range append(tasks(), leadTasks()...) {
		if err := ignoreExists(ts.Create(ctx, t, tk)); err != nil {
			return fmt.Errorf("seed task %s: %w", tk.ID, err)
		}
	}
	as := appointment.NewRepo(svc.Store, nil)
	for _, a := range appointments() {
		if err := ignoreExists(as.Import(ctx, t, a)); err != nil {
			return fmt.Errorf("seed appointment %s: %w", a.ID, err)
		}
	}
	ds := dealsheet.NewRepo(svc.Store)
	for _, d := range dealsheets() {
		if err := ignoreExists(ds.Create(ctx, t, d)); err != nil {
			return fmt.Errorf("seed deal sheet %d: %w", d.ID, err)
		}
	}
	if svc.Blobs == nil {
		return nil
	}
	images := map[string][]byte{
		"driver_license_front":  cardImage(320, 200, color.RGBA{R: 30, G: 90, B: 160, A: 255}),
		"driver_license_back":   cardImage(320, 200, color.RGBA{R: 120, G: 130, B: 140, A: 255}),
		"driver_license_avatar": cardImage(96, 96, color.RGBA{R: 200, G: 120, B: 60, A: 255}),
	}
	for _, id := range []int64{ContactToyota, ContactHyundai} {
		for kind, data := range images {
			k, err := blob.NewKey(t, "contacts", strconv.FormatInt(id, 10), kind)
			if err != nil {
				return err
			}
			_, err = svc.Blobs.Get(ctx, k)
			if apperr.CodeOf(err) != apperr.NotFound {
				if err != nil {
					return fmt.Errorf("read %s: %w", k, err)
				}
				continue
			}
			if err := svc.Blobs.Put(ctx, k, blob.Object{ContentType: "image/png", Data: data}); err != nil {
				return fmt.Errorf("seed %s: %w", k, err)
			}
		}
	}
	return nil
}
