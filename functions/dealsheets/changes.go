package dealsheets

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/dealsheet"
	"github.com/cxm/cxm/shared/domain/garage"
	"github.com/cxm/cxm/shared/domain/payment"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/danielgtaylor/huma/v2"
)

// EntityPath names a garage vehicle by id.
type EntityPath struct {
	ID int64 `path:"id" minimum:"1" doc:"The garage vehicle's id (its entity id)."`
}

// EntityIDPath names a garage vehicle by id, as the calls spelled with entityId do.
type EntityIDPath struct {
	EntityID int64 `path:"entityId" minimum:"1" doc:"The garage vehicle's id (its entity id)."`
}

// Versioned is the version of the deal sheet the user saw.
type Versioned struct {
	Version int64 `json:"version" minimum:"1" doc:"The version of the deal sheet the user saw; another one is refused with 409."`
}

// OfferInput is the request of POST /api/Dealsheet/entity/{id}/offer.
type OfferInput struct {
	EntityPath
	Body struct {
		Versioned
		Structure   dealsheet.DealStructure   `json:"structure"`
		Replacement dealsheet.DealReplacement `json:"replacement"`
		Notes       string                    `json:"notes,omitempty" required:"false" maxLength:"1000"`
	}
}

// OfferStatusInput is the request of POST /api/Dealsheet/entity/offer_status.
type OfferStatusInput struct {
	Body struct {
		Versioned
		EntityID int64  `json:"entityId" minimum:"1"`
		Status   string `json:"status" enum:"Accepted,Declined,Withdrawn"`
	}
}

// MarkSoldInput is the request of POST /api/Dealsheet/entity/{id}/mark_as_sold.
type MarkSoldInput struct {
	EntityPath
	Body struct{ Versioned }
}

// UnwindInput is the request of POST /api/Dealsheet/unwind.
type UnwindInput struct {
	Body struct {
		Versioned
		EntityID int64  `json:"entityId" minimum:"1"`
		Reason   string `json:"reason" doc:"One of the unwind reasons the deal sheet lists."`
		Notes    string `json:"notes,omitempty" required:"false" maxLength:"1000"`
	}
}

// NotOwnInput is the request of POST /api/dealsheet/entity/{id}/customer_does_not_own_vehicle/.
type NotOwnInput struct {
	EntityPath
	Body struct {
		VehicleVersion int64  `json:"vehicleVersion" minimum:"1" doc:"The version of the garage vehicle the user saw."`
		Note           string `json:"note,omitempty" required:"false" maxLength:"1000"`
	}
}

// DiscrepancyInput is the request of POST /api/Dealsheet/entity/{entityId}/report_discrepancy.
type DiscrepancyInput struct {
	EntityIDPath
	Body struct {
		Versioned
		Field       string `json:"field" doc:"What is wrong: one of the discrepancy fields the deal sheet lists."`
		Description string `json:"description" maxLength:"1000"`
	}
}

// RequestInput is the request of POST /api/dealsheet/request.
type RequestInput struct {
	Body struct {
		Versioned
		EntityID int64  `json:"entityId" minimum:"1"`
		Notes    string `json:"notes" maxLength:"1000" doc:"What the desk should prepare."`
	}
}

// PushInput is the request of POST /api/Dealsheet/push_to_crm.
type PushInput struct {
	Body struct {
		Versioned
		EntityID int64 `json:"entityId" minimum:"1"`
	}
}

// DealsheetConvertInfo is what converting the customer from the current contract to the deal changes.
type DealsheetConvertInfo struct {
	EntityID          int64                     `json:"entityId"`
	From              string                    `json:"from" doc:"The current contract's sale type symbol (B, P, L or C); empty without one."`
	To                string                    `json:"to" doc:"The deal's sale type symbol."`
	CurrentPayment    payment.Money             `json:"currentPayment"`
	NewPayment        payment.Money             `json:"newPayment"`
	PaymentDifference payment.Money             `json:"paymentDifference" doc:"The new payment less the current one."`
	Equity            payment.Money             `json:"equity"`
	Converted         *dealsheet.DealConversion `json:"converted" doc:"The conversion recorded, if any."`
	Version           int64                     `json:"version"`
}

// ConvertInput is the request of POST /api/Dealsheet/entity/{entityId}/postConvertInfo.
type ConvertInput struct {
	EntityIDPath
	Body struct {
		Versioned
		Notes string `json:"notes,omitempty" required:"false" maxLength:"1000"`
	}
}

// GetConvertInput is the request of POST /api/Dealsheet/entity/{entityId}/getConvertInfo.
type GetConvertInput struct {
	EntityIDPath
	Body *struct{}
}

var invalid = func(field, msg string) error {
	return apperr.InvalidFields("The request is not valid.", map[string]string{field: msg})
}

// change makes c to the sheet of entity by the caller, who must be able to edit the customer,
// and answers the new view.
func (x *area) change(ctx context.Context, entity, version int64, c func(sess user.Session, v garage.Vehicle) dealsheet.Change) (*httpapi.Body[httpapi.Result[DealsheetView]], error) {
	o, err := x.openEntity(ctx, entity, true)
	if err != nil {
		return nil, err
	}
	sh, err := x.sheets.Apply(ctx, o.sess.Principal.Tenant, entity, version, actor(o.sess), c(o.sess, o.v))
	if err != nil {
		return nil, err
	}
	out, err := x.view(ctx, o.sess, o.v, o.c, sh, true)
	return reply(out, err)
}

// quote computes the sheet's payment at the store of v.
func quote(sess user.Session, v garage.Vehicle, sh dealsheet.Sheet) (payment.Quote, error) {
	return payment.Compute(dealOf(storeOf(sess, v.AccountPlatformID), sh.Structure, sh.Replacement))
}

// prefixFields names a computation's field errors under the request's structure.
func prefixFields(err error, prefix string) error {
	e, ok := apperr.As(err)
	if !ok || len(e.Fields) == 0 {
		return err
	}
	fields := map[string]string{}
	for k, v := range e.Fields {
		switch k {
		case "msrp":
			k = "replacement.msrp"
		case "residual", "residual.percent", "residual.amount":
			k = prefix + "residualPercent"
		case "trade.allowance":
			k = prefix + "tradeAllowance"
		case "trade.payoff":
			k = prefix + "payoff"
		default:
			k = prefix + k
		}
		fields[k] = v
	}
	return apperr.InvalidFields(e.Message, fields)
}

func newID() int64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return int64(binary.BigEndian.Uint64(b[:])&(1<<53-1)) | 1
}

func (x *area) registerChanges(api *httpapi.API) {
	errs := []int{400, 401, 403, 404, 409}
	httpapi.Register(api, huma.Operation{
		OperationID: "makeDealsheetOffer", Method: http.MethodPost, Path: "/api/Dealsheet/entity/{id}/offer",
		Summary:     "Make an offer",
		Description: "Keeps the deal's structure and replacement vehicle on the deal sheet and makes the customer an offer at its payment, Pending until answered (a new offer replaces the one before). The payment must compute: its field errors name the structure's input to fix (400). A sold deal is refused (409).",
		Tags:        []string{"dealsheets"}, Errors: errs,
	}, func(ctx context.Context, in *OfferInput) (*httpapi.Body[httpapi.Result[DealsheetView]], error) {
		b := in.Body
		b.Notes = strings.TrimSpace(b.Notes)
		if !b.Structure.DealType.Valid() {
			return nil, invalid("structure.dealType", "Choose a deal type.")
		}
		if !b.Replacement.Chosen() {
			return nil, invalid("replacement", dealsheet.MsgNoReplacement)
		}
		if b.Structure.Price <= 0 {
			return nil, invalid("structure.price", "Enter the selling price.")
		}
		if b.Structure.SalesTax < 0 || b.Structure.SalesTax > payment.BasisPoints(2000) {
			return nil, invalid("structure.salesTax", "Enter a sales tax from 0 to 20%.")
		}
		return x.change(ctx, in.ID, b.Version, func(sess user.Session, v garage.Vehicle) dealsheet.Change {
			return dealsheet.Change{Action: dealsheet.ActionOffered,
				Apply: func(sh *dealsheet.Sheet, now time.Time) error {
					if err := dealsheet.RequireOpen(*sh); err != nil {
						return err
					}
					sh.Structure, sh.Replacement = b.Structure, b.Replacement
					sh.Replacement.OffBrand = !strings.EqualFold(b.Replacement.Make, v.CurrentVehicle.Make)
					q, err := quote(sess, v, *sh)
					if err != nil {
						return prefixFields(err, "structure.")
					}
					sh.Offer = &dealsheet.DealOffer{ID: newID(), Status: dealsheet.OfferPending, Structure: sh.Structure, Replacement: sh.Replacement,
						Payment: dealsheet.PaymentOf(q), SaleType: string(q.SaleType), RateDisplay: rateDisplay(storeOf(sess, v.AccountPlatformID), sh.Structure),
						Notes: b.Notes, At: now, By: sess.Principal.UserID, ByName: sess.Profile.DisplayName(), StatusAt: now, StatusBy: sess.Principal.UserID}
					return nil
				},
				Text: func(sh dealsheet.Sheet) string {
					return fmt.Sprintf("Offer made: %s %s, %s", sh.Replacement.Label(), sh.Structure.DealType, dealsheet.PaymentText(sh.Offer.Payment, sh.Offer.SaleType, sh.Structure.Term))
				}}
		})
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "setDealsheetOfferStatus", Method: http.MethodPost, Path: "/api/Dealsheet/entity/offer_status",
		Summary:     "Answer an offer",
		Description: "Moves the pending offer to Accepted, Declined or Withdrawn. An offer answered already, a deal without an offer and a sold deal are refused (409).",
		Tags:        []string{"dealsheets"}, Errors: errs,
	}, func(ctx context.Context, in *OfferStatusInput) (*httpapi.Body[httpapi.Result[DealsheetView]], error) {
		b := in.Body
		return x.change(ctx, b.EntityID, b.Version, func(sess user.Session, _ garage.Vehicle) dealsheet.Change {
			return dealsheet.Change{Action: dealsheet.ActionOfferStatus,
				Apply: func(sh *dealsheet.Sheet, now time.Time) error {
					return dealsheet.SetOfferStatus(sh, b.Status, actor(sess), now)
				},
				Text: func(sh dealsheet.Sheet) string {
					return "Offer " + strings.ToLower(b.Status) + ": " + sh.Replacement.Label()
				}}
		})
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "markDealsheetSold", Method: http.MethodPost, Path: "/api/Dealsheet/entity/{id}/mark_as_sold",
		Summary:     "Mark the deal sold",
		Description: "Marks the open deal sold at its payment; a pending offer is accepted. A deal without a replacement vehicle and price, one whose payment does not compute, and one sold already are refused (409 or 400).",
		Tags:        []string{"dealsheets"}, Errors: errs,
	}, func(ctx context.Context, in *MarkSoldInput) (*httpapi.Body[httpapi.Result[DealsheetView]], error) {
		return x.change(ctx, in.ID, in.Body.Version, func(sess user.Session, v garage.Vehicle) dealsheet.Change {
			return dealsheet.SoldChange(func(sh dealsheet.Sheet) (payment.Quote, error) {
				q, err := quote(sess, v, sh)
				return q, prefixFields(err, "structure.")
			}, actor(sess))
		})
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "unwindDealsheet", Method: http.MethodPost, Path: "/api/Dealsheet/unwind",
		Summary:     "Unwind a sold deal",
		Description: "Opens a sold deal again for one of the unwind reasons; the sale is kept in the deal sheet's unwinds and the offer it accepted is pending again. A deal that is not sold is refused (409).",
		Tags:        []string{"dealsheets"}, Errors: errs,
	}, func(ctx context.Context, in *UnwindInput) (*httpapi.Body[httpapi.Result[DealsheetView]], error) {
		b := in.Body
		b.Notes = strings.TrimSpace(b.Notes)
		if !slices.Contains(dealsheet.UnwindReasons(), b.Reason) {
			return nil, invalid("reason", "Choose why the deal is unwound.")
		}
		if b.Reason == "Other" && b.Notes == "" {
			return nil, invalid("notes", "Say why the deal is unwound.")
		}
		return x.change(ctx, b.EntityID, b.Version, func(sess user.Session, _ garage.Vehicle) dealsheet.Change {
			return dealsheet.Change{Action: dealsheet.ActionUnwound,
				Apply: func(sh *dealsheet.Sheet, now time.Time) error {
					return dealsheet.UnwindSale(sh, b.Reason, b.Notes, actor(sess), now)
				},
				Text: func(sh dealsheet.Sheet) string {
					return strings.TrimSpace("Deal unwound (" + b.Reason + "): " + sh.Replacement.Label() + ". " + b.Notes)
				}}
		})
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "reportDealsheetDiscrepancy", Method: http.MethodPost, Path: "/api/Dealsheet/entity/{entityId}/report_discrepancy",
		Summary:     "Report a discrepancy",
		Description: "Records that what the deal sheet shows of the customer's vehicle, contract or deal is wrong, and what is wrong, on the deal sheet and in the customer's activity.",
		Tags:        []string{"dealsheets"}, Errors: errs,
	}, func(ctx context.Context, in *DiscrepancyInput) (*httpapi.Body[httpapi.Result[DealsheetView]], error) {
		b := in.Body
		b.Description = strings.TrimSpace(b.Description)
		if !slices.Contains(dealsheet.DiscrepancyFields(), b.Field) {
			return nil, invalid("field", "Choose what is wrong.")
		}
		if b.Description == "" {
			return nil, invalid("description", "Say what is wrong.")
		}
		return x.change(ctx, in.EntityID, b.Version, func(sess user.Session, _ garage.Vehicle) dealsheet.Change {
			return dealsheet.Change{Action: dealsheet.ActionDiscrepancy,
				Apply: func(sh *dealsheet.Sheet, now time.Time) error {
					dealsheet.AddNote(sh, dealsheet.DealNote{Kind: "discrepancy", Field: b.Field, Text: b.Description, At: now, By: sess.Principal.UserID, ByName: sess.Profile.DisplayName()})
					return nil
				},
				Text: func(dealsheet.Sheet) string { return "Discrepancy reported (" + b.Field + "): " + b.Description }}
		})
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "requestDealsheet", Method: http.MethodPost, Path: "/api/dealsheet/request",
		Summary:     "Request a deal sheet",
		Description: "Asks the desk to prepare the deal sheet, with what it should know: kept on the deal sheet, in the customer's activity, and published for the desk.",
		Tags:        []string{"dealsheets"}, Errors: errs,
	}, func(ctx context.Context, in *RequestInput) (*httpapi.Body[httpapi.Result[DealsheetView]], error) {
		b := in.Body
		b.Notes = strings.TrimSpace(b.Notes)
		if b.Notes == "" {
			return nil, invalid("notes", "Say what the desk should prepare.")
		}
		return x.change(ctx, b.EntityID, b.Version, func(sess user.Session, _ garage.Vehicle) dealsheet.Change {
			return dealsheet.Change{Action: dealsheet.ActionRequested,
				Apply: func(sh *dealsheet.Sheet, now time.Time) error {
					dealsheet.AddNote(sh, dealsheet.DealNote{Kind: "request", Text: b.Notes, At: now, By: sess.Principal.UserID, ByName: sess.Profile.DisplayName()})
					return nil
				},
				Text: func(dealsheet.Sheet) string { return "Deal sheet requested: " + b.Notes }}
		})
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "pushDealsheetToCrm", Method: http.MethodPost, Path: "/api/Dealsheet/push_to_crm",
		Summary:     "Push the deal sheet to the CRM",
		Description: "Adds the deal (its replacement vehicle, deal type, sales person and state) to the customer's deal history as a deal sheet record, in the same transaction as the deal sheet's change. A deal without a replacement vehicle is refused: 409 'There was an error sending the information to Crm. Please try again later.'; a failure to write: 'There was an error processing your request. Please try again later.'",
		Tags:        []string{"dealsheets"}, Errors: errs,
	}, func(ctx context.Context, in *PushInput) (*httpapi.Body[httpapi.Result[DealsheetView]], error) {
		b := in.Body
		out, err := x.change(ctx, b.EntityID, b.Version, func(sess user.Session, v garage.Vehicle) dealsheet.Change {
			var recordID int64
			return dealsheet.Change{Action: dealsheet.ActionPushedToCRM,
				Apply: func(sh *dealsheet.Sheet, now time.Time) error {
					if !sh.Replacement.Chosen() || sh.Structure.Price <= 0 {
						return apperr.Errorf(apperr.Conflict, MsgPushCRMError)
					}
					recordID = newID()
					sh.PushedToCRM, sh.CRMDealsheetID = &now, recordID
					return nil
				},
				Text: func(sh dealsheet.Sheet) string { return "Deal sheet pushed to the CRM: " + sh.Replacement.Label() },
				Extra: func(sh dealsheet.Sheet, now time.Time) ([]store.Op, error) {
					status := dealsheet.StatusPending
					if sh.State == dealsheet.SheetSold {
						status = dealsheet.StatusSold
					}
					op, err := x.records.CreateOp(sess.Principal.Tenant, dealsheet.Dealsheet{
						ID: recordID, AccountPlatformID: sh.AccountPlatformID, ContactID: sh.ContactID,
						DealNumber: fmt.Sprintf("CXM-%d", sh.EntityID%1_000_000), DealType: string(sh.Structure.DealType),
						SalesPerson: sess.Profile.DisplayName(), Status: status, MatchedHow: dealsheet.MatchedAssigned,
						MatchedAt: &now, MatchedBy: sess.Principal.UserID, CreatedAt: now,
						Vehicle: dealsheet.DealVehicle{Year: sh.Replacement.Year, Make: sh.Replacement.Make, Model: sh.Replacement.Model,
							Trim: sh.Replacement.Trim, Price: float64(sh.Structure.Price) / 100},
					})
					return []store.Op{op}, err
				}}
		})
		if err != nil && apperr.CodeOf(err) == apperr.Internal {
			return nil, apperr.Wrap(apperr.Internal, err, MsgPushFailed)
		}
		return out, err
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "dealsheetCustomerDoesNotOwn", Method: http.MethodPost, Path: "/api/dealsheet/entity/{id}/customer_does_not_own_vehicle/",
		Summary:     "The customer does not own the vehicle",
		Description: "Marks the deal sheet's garage vehicle as not owned by the customer (as the garage's customer_does_not_own_vehicle does, at the vehicle's version): it moves to the previously owned vehicles. A vehicle no longer current is refused (409). Answers the garage vehicle.",
		Tags:        []string{"dealsheets"}, Errors: errs,
	}, func(ctx context.Context, in *NotOwnInput) (*httpapi.Body[httpapi.Result[garage.Vehicle]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if _, _, _, err := x.vehicleOf(ctx, sess, in.ID, true); err != nil {
			return nil, err
		}
		by := garage.Actor{UserID: sess.Principal.UserID, UserName: sess.Profile.DisplayName(), ActorUserID: sess.Principal.ActorUserID}
		return reply(x.garage.NotOwned(ctx, sess.Principal.Tenant, in.ID, in.Body.VehicleVersion, in.Body.Note, by, nil))
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getDealsheetConvertInfo", Method: http.MethodPost, Path: "/api/Dealsheet/entity/{entityId}/getConvertInfo",
		Summary:     "What converting the customer changes",
		Description: "The current contract's sale type and payment beside the deal's, the payment difference and the equity, and the conversion recorded if any.",
		Tags:        []string{"dealsheets"}, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *GetConvertInput) (*httpapi.Body[httpapi.Result[DealsheetConvertInfo]], error) {
		o, err := x.openEntity(ctx, in.EntityID, false)
		if err != nil {
			return nil, err
		}
		vw, err := x.view(ctx, o.sess, o.v, o.c, o.sh, o.canEdit)
		return reply(convertInfo(vw), err)
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "postDealsheetConvertInfo", Method: http.MethodPost, Path: "/api/Dealsheet/entity/{entityId}/postConvertInfo",
		Summary:     "Record the customer's conversion",
		Description: "Records that the customer converts from the current contract's sale type to the deal's (for instance from a lease, L, to a purchase, P). The deal's payment must compute (400 naming the input otherwise).",
		Tags:        []string{"dealsheets"}, Errors: errs,
	}, func(ctx context.Context, in *ConvertInput) (*httpapi.Body[httpapi.Result[DealsheetView]], error) {
		b := in.Body
		return x.change(ctx, in.EntityID, b.Version, func(sess user.Session, v garage.Vehicle) dealsheet.Change {
			var conv dealsheet.DealConversion
			return dealsheet.Change{Action: dealsheet.ActionConverted,
				Apply: func(sh *dealsheet.Sheet, now time.Time) error {
					if err := dealsheet.RequireOpen(*sh); err != nil {
						return err
					}
					q, err := quote(sess, v, *sh)
					if err != nil {
						return prefixFields(err, "structure.")
					}
					conv = dealsheet.DealConversion{From: currentOf(storeOf(sess, v.AccountPlatformID), v).SaleType, To: string(q.SaleType),
						Notes: strings.TrimSpace(b.Notes), At: now, By: sess.Principal.UserID, ByName: sess.Profile.DisplayName()}
					sh.Conversion = &conv
					return nil
				},
				Text: func(dealsheet.Sheet) string {
					from := conv.From
					if from == "" {
						from = "no contract"
					}
					return "Customer converts from " + from + " to " + conv.To
				}}
		})
	})
}

// convertInfo is the conversion of a view's current contract to its deal.
func convertInfo(vw DealsheetView) DealsheetConvertInfo {
	out := DealsheetConvertInfo{EntityID: vw.Sheet.EntityID, From: vw.Current.SaleType, CurrentPayment: vw.Current.Payment,
		Equity: vw.Current.Equity, Converted: vw.Sheet.Conversion, Version: vw.Sheet.Version}
	if vw.Quote != nil {
		out.To, out.NewPayment = string(vw.Quote.SaleType), dealsheet.PaymentOf(*vw.Quote)
		out.PaymentDifference = out.NewPayment - out.CurrentPayment
	}
	return out
}
