package dashboards

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/survey"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

func (a *area) registerSurveys(api *httpapi.API) {
	surveys := survey.NewRepo(a.d.Store)
	httpapi.Register(api, huma.Operation{
		OperationID: "recordSurveyResponse", Method: http.MethodPost, Path: "/api/Campaign/response",
		Summary:     "Record a customer's survey response",
		Description: "Records a customer's answer to a store's survey campaign (a rating from 1 to 5 and a comment). The customer's store must be one the caller may view (404 otherwise); a bad rating or a missing campaign is 400 naming the field.",
		Tags:        []string{"dashboards"}, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *struct{ Body survey.SurveyResponse }) (*httpapi.Body[httpapi.Result[survey.SurveyResponse]], error) {
		sess, _, err := a.d.Users.StoreSession(ctx, in.Body.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		r, err := surveys.Record(ctx, sess.Principal.Tenant, in.Body, sess.Principal.UserID, a.d.Store.Now())
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(r)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getSurveyResponse", Method: http.MethodGet, Path: "/api/Campaign/response/{id}",
		Summary:     "A survey response",
		Description: "One survey response. A response of a store the caller may not view, or of another dealer group, is 404.",
		Tags:        []string{"dashboards"}, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *struct {
		ID int64 `path:"id" minimum:"1"`
	}) (*httpapi.Body[httpapi.Result[survey.SurveyResponse]], error) {
		sess, err := a.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		r, err := surveys.Get(ctx, sess.Principal.Tenant, in.ID)
		if err != nil {
			return nil, err
		}
		if !sess.Principal.CanView(r.AccountPlatformID) {
			return nil, apperr.Errorf(apperr.NotFound, survey.MsgNotFound)
		}
		return httpapi.Reply(httpapi.OK(r)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getDealerSurveyResponses", Method: http.MethodGet, Path: "/api/Campaign/dealer/{id}",
		Summary:     "A store's latest survey responses",
		Description: "The store's latest 100 survey responses, newest first. A store the caller may not view is 404.",
		Tags:        []string{"dashboards"}, Errors: []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *struct {
		ID int64 `path:"id" minimum:"1" doc:"The store (account platform) id."`
	}) (*httpapi.Body[httpapi.Result[[]survey.SurveyResponse]], error) {
		sess, _, err := a.d.Users.StoreSession(ctx, in.ID)
		if err != nil {
			return nil, err
		}
		rs, err := surveys.Latest(ctx, sess.Principal.Tenant, in.ID, 100)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(rs)), nil
	})
}
