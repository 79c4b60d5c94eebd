package demo

import (
	"context"
	"fmt"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/process"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// The seeded workflow templates' ids.
const (
	TemplateDeliveryChecklist = 9001
	TemplateTradeInAppraisal  = 9002
	TemplateCreditFollowUp    = 9003
)

func options(labels ...string) []process.Option {
	out := make([]process.Option, len(labels))
	for i, l := range labels {
		out[i] = process.Option{ID: i + 1, OptionLabel: l}
	}
	return out
}

// Templates returns the seeded workflow templates: offered at every store of the group and
// Ready, written through the same checks as a user's (POST /pando/workflowtemplate).
func Templates() []process.Template {
	return []process.Template{
		{
			ID: TemplateDeliveryChecklist, Name: "Delivery checklist", CategoryID: 1, Status: process.StatusReady,
			Description: "Get the vehicle ready, walk the customer through it and have them sign off.",
			Steps: []process.Step{
				{Name: "Vehicle ready", DueHours: 24, Form: process.Form{Name: "Vehicle ready", Type: process.TypeForm, Controls: []process.Control{
					{ID: 1, Label: "Delivery date", InputType: process.Date, Required: true},
					{ID: 2, Label: "Delivery time", InputType: process.Time, Required: true},
					{ID: 3, Label: "Fuel level", InputType: process.SingleSelectRadio, Required: true, ControlOptions: options("Full", "Three quarters", "Half")},
					{ID: 4, Label: "Features reviewed with the customer", InputType: process.MultiSelection, ControlOptions: options("Phone pairing", "Navigation", "Driver assistance", "Maintenance schedule"), HasOther: true},
					{ID: 5, Label: "Notes", InputType: process.LongAnswer, MaxLength: 1000},
				}}},
				{Name: "Customer sign-off", DueHours: 48, Form: process.Form{Name: "Customer sign-off", Type: process.TypeSurvey, Controls: []process.Control{
					{ID: 1, Label: "Customer name", InputType: process.FullName, Required: true},
					{ID: 2, Label: "Customer e-mail", InputType: process.ShortAnswer, InputFormatType: process.FormatEmail, Required: true},
					{ID: 3, Label: "Registration address", InputType: process.Address, Required: true},
					{ID: 4, Label: "How was the delivery?", InputType: process.SingleSelectDropDown, Required: true, ControlOptions: options("Excellent", "Good", "Could be better")},
				}}},
			},
		},
		{
			ID: TemplateTradeInAppraisal, Name: "Trade-in appraisal walk-around", CategoryID: 1, Status: process.StatusReady,
			Description: "Walk around the customer's trade-in and record its condition for the appraisal.",
			Steps: []process.Step{
				{Name: "Walk-around", DueHours: 4, Form: process.Form{Name: "Trade-in walk-around", Type: process.TypeForm, Controls: []process.Control{
					{ID: 1, Label: "Appraiser", InputType: process.ShortName, Required: true},
					{ID: 2, Label: "Odometer", InputType: process.ShortAnswer, InputFormatType: process.FormatNumber, Required: true, MaxLength: 7},
					{ID: 3, Label: "Exterior condition", InputType: process.SingleSelectDropDown, Required: true, ControlOptions: options("Excellent", "Good", "Fair", "Poor"), HasOther: true},
					{ID: 4, Label: "Equipment present", InputType: process.MultiSelection, ControlOptions: options("Both keys", "Owner's manual", "Spare tire", "Floor mats"), HasOther: true},
					{ID: 5, Label: "Customer e-mail for the offer", InputType: process.ShortAnswer, InputFormatType: process.FormatEmail, Required: true},
					{ID: 6, Label: "Damage noted", InputType: process.LongAnswer, MinLength: 10, MaxLength: 1000},
					{ID: 7, Label: "Appraisal date", InputType: process.Date},
					{ID: 8, Label: "Appraisal time", InputType: process.Time},
				}}},
			},
		},
		{
			ID: TemplateCreditFollowUp, Name: "Credit application follow-up", CategoryID: 3, Status: process.StatusReady,
			Description: "Reach the customer about their credit application and submit it to the lender.",
			Steps: []process.Step{
				{Name: "Call the customer", DueHours: 2, Form: process.Form{Name: "Call the customer", Type: process.TypeForm, Controls: []process.Control{
					{ID: 1, Label: "Reached the customer", InputType: process.SingleSelectRadio, Required: true, ControlOptions: options("Yes", "Left a message", "No answer")},
					{ID: 2, Label: "Best time to call back", InputType: process.Time},
					{ID: 3, Label: "Documents still needed", InputType: process.MultiSelection, ControlOptions: options("Proof of income", "Proof of residence", "Insurance", "References"), HasOther: true},
				}}},
				{Name: "Lender submission", DueHours: 24, Form: process.Form{Name: "Lender submission", Type: process.TypeIntegration, Controls: []process.Control{
					{ID: 1, Label: "Lender", InputType: process.SingleSelectDropDown, Required: true, ControlOptions: options("Toyota Financial Services", "Honda Financial Services", "Hyundai Motor Finance", "Credit union")},
					{ID: 2, Label: "Lender portal password", InputType: process.ShortAnswer, InputFormatType: process.FormatPassword, MinLength: 8},
					{ID: 3, Label: "Notes", InputType: process.LongAnswer, MaxLength: 1000},
				}}},
			},
		},
	}
}

// SeedTemplates writes the workflow templates of Templates for g's account. Seeding again
// changes nothing.
func SeedTemplates(ctx context.Context, svc wiring.Services, g Group) error {
	t, err := account.Tenant(g.Account.ID)
	if err != nil {
		return err
	}
	repo := process.NewRepo(svc.Store)
	for _, tp := range Templates() {
		if _, err := repo.CreateTemplate(ctx, t, tp, "9999999", svc.Store.Now()); ignoreExists(err) != nil {
			return fmt.Errorf("seed template %s: %w", tp.Name, err)
		}
	}
	return nil
}
