package dealsheets

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// RecalcInput is the request of POST /api/opportunities/payment_recalc.
type RecalcInput struct {
	Body struct {
		EntityID    int64                     `json:"entityId" minimum:"1" doc:"The garage vehicle whose deal sheet is being built."`
		Structure   dealsheet.DealStructure   `json:"structure" doc:"The deal as the screen shows it now."`
		Replacement dealsheet.DealReplacement `json:"replacement"`
		Terms       *payment.DefaultTerms     `json:"terms,omitempty" required:"false" doc:"The grid's terms and down payments; the dealer's default terms when absent."`
		Store       int64                     `json:"accountPlatformId,omitempty" required:"false" minimum:"0" doc:"The deal sheet's store as the screen knows it: its default terms are then read at the same time as the deal sheet (a store that is not the sheet's is read again)."`
	}
}

// PaymentRecalc is the payment of a deal and its grid, as the screen shows them.
type PaymentRecalc struct {
	Quote       payment.Quote `json:"quote"`
	Grid        payment.Grid  `json:"grid"`
	RateDisplay string        `json:"rateDisplay"`
}

func (x *area) registerRecalc(api *httpapi.API) {
	httpapi.Register(api, huma.Operation{
		OperationID: "paymentRecalc", Method: http.MethodPost, Path: "/api/opportunities/payment_recalc",
		Summary:     "Recalculate the payment and the payment grid",
		Description: "Computes the deal the screen shows (nothing is stored): its payment at its term and down payment, and the 3 × 3 grid at the terms asked for or the dealer's default terms, with the deal sheet's store's taxes and rate display. Numbers that make no payment are refused with 400, the fields naming the input to fix (structure.*, replacement.*, grid[i][j].*).",
		Tags:        []string{"dealsheets"}, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *RecalcInput) (*httpapi.Body[httpapi.Result[PaymentRecalc]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		b := in.Body
		t := sess.Principal.Tenant
		// The deal sheet names its store, which the caller must be able to view. While it is
		// read, the deal is computed for the store the screen names (its default terms are
		// reused, or read at the same time), and kept when that is the sheet's store.
		type computed struct {
			recalc PaymentRecalc
			err    error
		}
		var early chan computed
		hinted := b.Store > 0 && sess.Principal.CanView(b.Store)
		if hinted {
			early = make(chan computed, 1)
			go func() {
				r, err := x.recalc(ctx, sess, b.Store, b.Structure, b.Replacement, b.Terms)
				early <- computed{r, err}
			}()
		}
		storeID, err := x.sheets.StoreOf(ctx, t, b.EntityID)
		var got computed
		if hinted {
			got = <-early
		}
		if err != nil {
			return nil, err
		}
		if !sess.Principal.CanView(storeID) {
			return nil, apperr.Errorf(apperr.NotFound, dealsheet.MsgSheetNotFound)
		}
		if hinted && b.Store == storeID {
			return reply(got.recalc, got.err)
		}
		return reply(x.recalc(ctx, sess, storeID, b.Structure, b.Replacement, b.Terms))
	})
}

// recalc computes the deal of structure and replacement at store storeID: its payment, and its
// grid at terms or, when nil, the store's default terms.
func (x *area) recalc(ctx context.Context, sess user.Session, storeID int64, structure dealsheet.DealStructure, replacement dealsheet.DealReplacement, terms *payment.DefaultTerms) (PaymentRecalc, error) {
	st := storeOf(sess, storeID)
	d := dealOf(st, structure, replacement)
	q, err := payment.Compute(d)
	if err != nil {
		return PaymentRecalc{}, prefixFields(err, "structure.")
	}
	var grid payment.DefaultTerms
	if terms != nil {
		grid = *terms
	} else {
		dt, err := x.terms.Get(ctx, sess.Principal.Tenant, storeID)
		if err != nil {
			return PaymentRecalc{}, err
		}
		grid = dt.For(structure.DealType)
	}
	g, err := payment.ComputeGrid(d, grid)
	if err != nil {
		return PaymentRecalc{}, err
	}
	return PaymentRecalc{Quote: q, Grid: g, RateDisplay: rateDisplay(st, structure)}, nil
}
