package demo

import (
	"context"
	"fmt"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/printform"
)

// The demo's print forms and packets.
const (
	FormBuyersOrder   int64 = 9_100_001
	FormCreditApp     int64 = 9_100_002
	FormDeliveryCheck int64 = 9_100_003
	FormTradeAppraise int64 = 9_100_004
	PacketDelivery    int64 = 9_200_001
)

// Forms are the demo group's print forms: three for every store, one for the Toyota store.
func Forms() []printform.Form {
	line := func(label, value string) printform.Line { return printform.Line{Label: label, Value: value} }
	customer := printform.Section{Title: "Customer", Lines: []printform.Line{
		line("Name", "{{customer.name}}"), line("Address", "{{customer.address}}"), line("Phone", "{{customer.phone}}"), line("E-mail", "{{customer.email}}"),
	}}
	vehicle := printform.Section{Title: "Vehicle", Lines: []printform.Line{
		line("Vehicle", "{{vehicle.name}}"), line("VIN", "{{vehicle.vin}}"), line("Stock number", "{{vehicle.stockNumber}}"), line("Selling price", "{{vehicle.price}}"),
	}}
	trade := printform.Section{Title: "Trade-in", Lines: []printform.Line{
		line("Vehicle", "{{trade.name}}"), line("VIN", "{{trade.vin}}"), line("Allowance", "{{trade.allowance}}"), line("Payoff", "{{trade.payoff}}"),
	}}
	payment := printform.Section{Title: "Payment", Lines: []printform.Line{
		line("Deal type", "{{payment.dealType}}"), line("Term", "{{payment.term}} months"), line("Rate", "{{payment.rate}}"), line("Cash down", "{{payment.down}}"),
		line("Amount financed", "{{payment.amountFinanced}}"), line("Taxes", "{{payment.taxes}}"), line("Monthly payment", "{{payment.monthly}}"), line("Due at signing", "{{payment.cashDue}}"),
	}}
	signatures := printform.Section{Title: "Signatures", Lines: []printform.Line{
		line("Customer", "______________________________"), line("Sales person", "{{salesPerson.name}}   ______________________________"), line("Date", "{{date}}"),
	}}
	return []printform.Form{
		{FormID: FormBuyersOrder, Name: "Buyer's Order", Category: "Sales", PaperSize: printform.PaperLetter, Sections: []printform.Section{customer, vehicle, trade, payment, signatures}},
		{FormID: FormCreditApp, Name: "Credit Application Summary", Category: "Credit", PaperSize: printform.PaperLegal, Sections: []printform.Section{customer, vehicle, payment, signatures}},
		{FormID: FormDeliveryCheck, Name: "Delivery Checklist", Category: "Delivery", PaperSize: printform.PaperLetter, Sections: []printform.Section{customer, vehicle,
			{Title: "At delivery", Lines: []printform.Line{line("Owner's manual and keys", "[ ]"), line("Features walk-through", "[ ]"), line("Service department introduced", "[ ]")}}, signatures}},
		{FormID: FormTradeAppraise, AccountPlatformID: StoreToyota, Name: "Toyota Trade Appraisal", Category: "Trade", PaperSize: printform.PaperLetter, Sections: []printform.Section{customer, trade, signatures}},
	}
}

// seedForms writes the demo group's print forms and its delivery packet. Seeding again changes
// nothing.
func seedForms(ctx context.Context, repo *printform.Repo, acct int64) error {
	t, err := account.Tenant(acct)
	if err != nil {
		return err
	}
	for _, f := range Forms() {
		if _, err := repo.CreateForm(ctx, t, f, "9999999"); ignoreExists(err) != nil {
			return fmt.Errorf("seed form %s: %w", f.Name, err)
		}
	}
	p := printform.Packet{PacketID: PacketDelivery, Name: "Delivery Packet", FormIDs: []int64{FormBuyersOrder, FormCreditApp, FormDeliveryCheck}}
	if _, err := repo.CreatePacket(ctx, t, p); ignoreExists(err) != nil {
		return fmt.Errorf("seed packet %s: %w", p.Name, err)
	}
	return nil
}
