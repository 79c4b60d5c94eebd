package demo

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/cxm/cxm/shared/domain/appointment"
	"github.com/cxm/cxm/shared/domain/repairorder"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// serviceLead is a recent service lane visit of a generated customer of the demo group: a
// repair order opened ago before the seed (closed after closeAfter, or still open when 0) and,
// with appointment set, the service appointment it came from.
type serviceLead struct {
	ro          string
	generated   int
	ago         time.Duration
	closeAfter  time.Duration
	appointment bool
	line        repairorder.Line
}

// serviceLeads are the service lane's latest visits, which the managers' Service Lead
// Management widget counts over the last days.
func serviceLeads() []serviceLead {
	return []serviceLead{
		{"S-70101", 20, 50 * time.Hour, 5 * time.Hour, true, repairorder.Line{Description: "30k mile service", PayType: repairorder.PayCustomer, Amount: 389.95}},
		{"S-70102", 21, 28 * time.Hour, 0, true, repairorder.Line{Description: "Diagnose check engine light", PayType: repairorder.PayCustomer, Amount: 159.00}},
		{"S-70103", 22, 3 * time.Hour, 0, false, repairorder.Line{Description: "Replace wiper blades", PayType: repairorder.PayCustomer, Amount: 54.90}},
		{"S-70104", 24, 75 * time.Hour, 3 * time.Hour, false, repairorder.Line{Description: "Recall: replace airbag inflator", PayType: repairorder.PayWarranty, Amount: 410.00}},
	}
}

// seedServiceLeads writes the service lane's latest visits relative to the seed's clock: a
// customer's RO of the same number that exists already (seeded on an earlier day) is kept.
func seedServiceLeads(ctx context.Context, svc wiring.Services, g Group, t store.Tenant) error {
	ros := repairorder.NewRepo(svc.Store)
	as := appointment.NewRepo(svc.Store, nil)
	now := svc.Store.Now().UTC().Truncate(time.Minute)
	for i, l := range serviceLeads() {
		if l.generated >= g.GeneratedContacts {
			continue
		}
		c := GenerateContact(g.Account.ID, g.Stores, l.generated)
		have, err := ros.ForContacts(ctx, t, []int64{c.ID})
		if err != nil {
			return err
		}
		if slices.ContainsFunc(have, func(r repairorder.RepairOrder) bool { return r.RONumber == l.ro }) {
			continue
		}
		opened := now.Add(-l.ago)
		ro := repairorder.RepairOrder{RONumber: l.ro, ContactID: c.ID, AccountPlatformID: c.AccountPlatformID, VIN: fmt.Sprintf("JTDKN3DU5A%07d", 1000+i),
			Year: 2020 + i%4, Make: "Toyota", Model: []string{"Prius", "Corolla", "RAV4", "Highlander"}[i%4], OpenedAt: opened,
			Mileage: 18000 + 9000*i, Advisor: "Riley Novak", Lines: []repairorder.Line{l.line}}
		if l.closeAfter > 0 {
			ro.ClosedAt = opened.Add(l.closeAfter)
		}
		if err := ignoreExists(ros.Create(ctx, t, ro)); err != nil {
			return fmt.Errorf("seed repair order %s: %w", ro.RONumber, err)
		}
		if !l.appointment {
			continue
		}
		start := opened.Add(-15 * time.Minute)
		a := appointment.Appointment{ID: AppointmentID(c.ID, 1), ContactID: c.ID, AccountPlatformID: c.AccountPlatformID, AssignedUserID: "100001",
			AppointmentType: "Service", Note: l.line.Description, StartUTC: start, EndUTC: start.Add(time.Hour), Status: appointment.StatusCompleted,
			PreviousStatus: appointment.StatusConfirmed, CreatedAt: start.Add(-72 * time.Hour), CreatedBy: "100001", UpdatedAt: opened, UpdatedBy: "100001"}
		if err := ignoreExists(as.Import(ctx, t, a)); err != nil {
			return fmt.Errorf("seed appointment %s: %w", a.ID, err)
		}
	}
	return nil
}
