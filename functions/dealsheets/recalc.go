package dealsheets

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/desk"
	"github.com/cxm/cxm/shared/domain/payment"
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
		// The store's default terms are read beside the deal sheet when the screen names its store.
		var hinted desk.DealerTerms
		var hintErr error
		done := make(chan struct{})
		hint := b.Terms == nil && b.Store > 0 && sess.Principal.CanView(b.Store)
		if hint {
			go func() {
				defer close(done)
				hinted, hintErr = x.terms.Get(ctx, t, b.Store)
			}()
		} else {
			close(done)
		}
		// The deal sheet names its store, which the caller must be able to view.
		sh, err := x.sheets.Get(ctx, t, b.EntityID)
		<-done
		if err != nil {
			return nil, err
		}
		if !sess.Principal.CanView(sh.AccountPlatformID) {
			return nil, apperr.Errorf(apperr.NotFound, dealsheet.MsgSheetNotFound)
		}
		st := storeOf(sess, sh.AccountPlatformID)
		d := dealOf(st, b.Structure, b.Replacement)
		q, err := payment.Compute(d)
		if err != nil {
			return nil, prefixFields(err, "structure.")
		}
		var terms payment.DefaultTerms
		switch {
		case b.Terms != nil:
			terms = *b.Terms
		case hint && hintErr == nil && b.Store == sh.AccountPlatformID:
			terms = hinted.For(b.Structure.DealType)
		default:
			dt, err := x.terms.Get(ctx, t, sh.AccountPlatformID)
			if err != nil {
				return nil, err
			}
			terms = dt.For(b.Structure.DealType)
		}
		g, err := payment.ComputeGrid(d, terms)
		if err != nil {
			return nil, err
		}
		return reply(PaymentRecalc{Quote: q, Grid: g, RateDisplay: rateDisplay(st, b.Structure)}, nil)
	})
}
