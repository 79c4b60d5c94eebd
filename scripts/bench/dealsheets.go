package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/functions/dealsheets"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/store"
)

// dealsheetBench measures the payment grid computed in-process, payment_recalc through the
// gateway (naming the sheet's store as the screen does) against the bare GetItem of the deal
// sheet, as the user types (the same sheet again) and for each sheet's first recalculation,
// which reads the sheet's store, and the PDF proposal's generation time per page.
type dealsheetBench struct {
	db              *dynamodb.Client
	table           string
	s               *store.Store
	gateway, bearer string
	client          *http.Client
	n               int
}

const benchEntity = 777001

func benchDealsheets(ctx context.Context, b dealsheetBench) error {
	tn, err := store.NewTenant(strconv.FormatInt(demo.AccountID, 10))
	if err != nil {
		return err
	}
	structure := dealsheet.DealStructure{DealType: payment.Lease, Price: payment.Dollars(33600), Rate: payment.MustPercent("4.8"),
		ResidualPercent: payment.MustPercent("58"), Fees: payment.Dollars(699), TradeAllowance: payment.Dollars(12000),
		Payoff: payment.Dollars(8500), Term: 36, Down: payment.Dollars(2000), SalesTax: payment.MustPercent("6.25")}
	replacement := dealsheet.DealReplacement{Year: 2026, Make: "Toyota", Model: "RAV4", Trim: "XLE", MSRP: payment.Dollars(33600)}
	sheets := dealsheet.NewSheets(b.s, activity.NewRepo(b.s, nil, nil))
	if _, err := sheets.Open(ctx, tn, dealsheet.Sheet{EntityID: benchEntity, ContactID: demo.ContactToyota, AccountPlatformID: demo.StoreToyota,
		Structure: structure, Replacement: replacement}); err != nil {
		return err
	}

	deal := payment.Deal{Type: payment.Lease, Price: structure.Price, MSRP: replacement.MSRP, Fees: []payment.Fee{{Name: "Fees", Amount: structure.Fees, Taxable: true}},
		Down: structure.Down, Trade: payment.Trade{Allowance: structure.TradeAllowance, Payoff: structure.Payoff}, Rate: structure.Rate, Term: 36,
		Residual: payment.Residual{Percent: structure.ResidualPercent}, Tax: payment.SalesTax(structure.SalesTax)}
	terms := payment.StandardTerms(payment.SaleLease)
	grids := make([]time.Duration, 0, b.n)
	var grid payment.Grid
	for i := 0; i < b.n; i++ {
		t0 := time.Now()
		if grid, err = payment.ComputeGrid(deal, terms); err != nil {
			return err
		}
		grids = append(grids, time.Since(t0))
	}
	fmt.Printf("\nDeal sheets (n=%d)\n", b.n)
	report("payment grid in-process (3 x 3)", grids, nil)

	// The screen recalculates as the user types: the same sheet again and again. The first
	// recalculation of a sheet in a process reads its store; the next ones reuse it.
	recalcOf := func(entity int64) (func() error, error) {
		body, err := json.Marshal(map[string]any{"entityId": entity, "accountPlatformId": demo.StoreToyota, "structure": structure, "replacement": replacement})
		if err != nil {
			return nil, err
		}
		return func() error {
			_, err := callGateway(ctx, b.client, http.MethodPost, b.gateway+"/api/opportunities/payment_recalc", b.bearer, body)
			return err
		}, nil
	}
	getItemOf := func(entity int64) func() error {
		return func() error {
			out, err := b.db.GetItem(ctx, &dynamodb.GetItemInput{
				TableName: &b.table,
				Key: map[string]types.AttributeValue{
					"PK": &types.AttributeValueMemberS{Value: fmt.Sprintf("A#%d#DSE#%d", demo.AccountID, entity)},
					"SK": &types.AttributeValueMemberS{Value: "DEALSHEET"},
				},
				ConsistentRead: aws.Bool(true),
			})
			if err == nil && out.Item == nil {
				err = errors.New("deal sheet item missing")
			}
			return err
		}
	}
	recalc, err := recalcOf(benchEntity)
	if err != nil {
		return err
	}
	base, path, err := measure(b.n, getItemOf(benchEntity), recalc)
	if err != nil {
		return err
	}
	report("bare GetItem of the deal sheet", base, nil)
	report("payment_recalc (goal ratio <= 1.5)", path, base)

	// Each sheet's first recalculation in the process, against a bare GetItem of that sheet.
	cold := b.n / 4
	for i := range cold + cold/10 {
		if _, err := sheets.Open(ctx, tn, dealsheet.Sheet{EntityID: benchEntity + 1 + int64(i), ContactID: demo.ContactToyota, AccountPlatformID: demo.StoreToyota,
			Structure: structure, Replacement: replacement}); err != nil {
			return err
		}
	}
	next := benchEntity
	firstOf := func() error {
		next++
		first, err := recalcOf(int64(next))
		if err != nil {
			return err
		}
		return first()
	}
	var baseSeq int64 = benchEntity
	coldBase, coldPath, err := measure(cold, func() error { baseSeq++; return getItemOf(baseSeq)() }, firstOf)
	if err != nil {
		return err
	}
	report("a sheet's first payment_recalc", coldPath, coldBase)

	q, err := payment.Compute(deal)
	if err != nil {
		return err
	}
	vw := dealsheets.DealsheetView{StoreName: "Northwind Toyota", CustomerName: "Maria Elena Gonzalez", Quote: &q, Grid: &grid, RateDisplay: "0.00200",
		Vehicle: garage.Vehicle{CurrentVehicle: garage.CurrentVehicle{VehicleInput: garage.VehicleInput{Year: 2021, Make: "Toyota", Model: "Corolla", Trim: "LE", VIN: "2T1BURHE5JC123456", Mileage: 41000}}},
		Sheet:   dealsheet.Sheet{Structure: structure, Replacement: replacement},
		Current: dealsheets.CurrentContract{SaleType: "P", Lender: "Toyota Financial", Payment: 38950, Payoff: payment.Dollars(8500), PaymentsLeft: 14, TradeValue: payment.Dollars(12000), Equity: payment.Dollars(3500)}}
	prop := dealsheets.ProposalOf(vw, time.Date(2026, 11, 20, 16, 0, 0, 0, time.UTC))
	const pages = 2
	pdfs := make([]time.Duration, 0, b.n/4)
	for i := 0; i < max(b.n/4, 10); i++ {
		t0 := time.Now()
		if _, err := prop.PDF(dealsheets.PaperLetter); err != nil {
			return err
		}
		pdfs = append(pdfs, time.Since(t0)/pages)
	}
	report("PDF proposal, per page", pdfs, nil)
	return nil
}
