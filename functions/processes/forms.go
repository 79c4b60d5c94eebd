package processes

import (
	"context"
	"net/http"
	"strings"

	"github.com/cxm/cxm/shared/domain/process"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// FormLoad is a form as the form taker shows it: the form of a process's step with its
// answers (mode "step"), or the first form of a template to start (mode "start").
type FormLoad struct {
	Mode               string           `json:"Mode" enum:"step,start"`
	WorkflowTemplateID int64            `json:"WorkflowTemplateId"`
	TemplateName       string           `json:"TemplateName"`
	FormTemplateID     int64            `json:"FormTemplateId"`
	StepID             string           `json:"StepId" doc:"The step instance the answers are for; empty in start mode."`
	StepName           string           `json:"StepName"`
	StepNumber         int              `json:"StepNumber" doc:"The step's position from 1."`
	StepCount          int              `json:"StepCount"`
	Form               process.Form     `json:"Form"`
	Answers            []process.Answer `json:"Answers"`
	IsSubmitted        bool             `json:"IsSubmitted"`
	ReadOnly           bool             `json:"ReadOnly" doc:"Whether the answers may no longer change: the step was submitted, the process closed, or the step is not open yet."`
	ProcessID          string           `json:"ProcessId"`
	Title              string           `json:"Title"`
	ContactID          int64            `json:"ContactId"`
	AccountPlatformID  int64            `json:"AccountPlatformId"`
	Version            int64            `json:"Version" doc:"The process's version: a save or submit may send it back; 0 in start mode."`
	UserID             string           `json:"UserId" doc:"Who last saved or submitted the answers."`
}

// FormInput is the request of POST /pando/forms/save and /pando/forms/submit.
type FormInput struct {
	Body struct {
		FormTemplateID     int64            `json:"FormTemplateId" required:"false" minimum:"0" doc:"The step's form; missing (0) on a submit: 'Invalid template. Please complete a template and submit.'"`
		WorkflowTemplateID int64            `json:"WorkflowTemplateId" required:"false" minimum:"0"`
		FuzeCastUserID     string           `json:"FuzeCastUserId" required:"false" maxLength:"64" doc:"The user filling in the form: the caller, whatever it says."`
		StepID             string           `json:"StepId" required:"false" maxLength:"40" doc:"The step instance; missing on a submit: 'Invalid template. Please complete a template and submit.'"`
		Answers            []process.Answer `json:"Answers" required:"false" maxItems:"100"`
		Version            int64            `json:"Version" required:"false" minimum:"0" doc:"The process's version the form was read at: a process changed since is refused with 409; 0 not to check."`
	}
}

// StepFormInput is the request of GET /pando/forms/step/{stepInstanceId}.
type StepFormInput struct {
	StepInstanceID string `path:"stepInstanceId" maxLength:"40" doc:"The step instance whose form to load."`
}

// ViewFormInput is the request of GET /pando/forms/{id}/view.
type ViewFormInput struct {
	ID string `path:"id" maxLength:"40" doc:"The step instance whose form to view."`
}

func (x *area) registerForms(api *httpapi.API) {
	load := func(ctx context.Context, id string) (*httpapi.Body[httpapi.Result[FormLoad]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		p, i, err := x.step(ctx, sess, id)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(stepLoad(p.At(x.d.Store.Now()), i))), nil
	}
	httpapi.Register(api, huma.Operation{
		OperationID: "loadProcessForm", Method: http.MethodGet, Path: "/pando/forms/step/{stepInstanceId}",
		Summary:     "Load a step's form",
		Description: "The form taker's step mode: the step's form with the answers saved so far, ReadOnly when they may no longer change. A step of a store the caller may not view does not exist for the caller (404).",
		Tags:        tags, Errors: []int{400, 401, 404},
	}, func(ctx context.Context, in *StepFormInput) (*httpapi.Body[httpapi.Result[FormLoad]], error) {
		return load(ctx, in.StepInstanceID)
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "viewProcessForm", Method: http.MethodGet, Path: "/pando/forms/{id}/view",
		Summary:     "View a step's form",
		Description: "The step's form with its answers, to read (a submitted step's answers). GET /pando/forms/step/view is the step mode's load of a step instance named \"view\", which no step is. A step of a store the caller may not view does not exist for the caller (404).",
		Tags:        tags, Errors: []int{400, 401, 404},
	}, func(ctx context.Context, in *ViewFormInput) (*httpapi.Body[httpapi.Result[FormLoad]], error) {
		return load(ctx, in.ID)
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getStartForm", Method: http.MethodGet, Path: "/pando/formtemplate/getstartform/{templateId}",
		Summary:     "Load a template's start form",
		Description: "The form taker's start mode: the first step's form of a workflow template, empty, to start a process with its answers (POST /pando/workflowtemplate/starttemplate/{templateId}/{platformId} with Form). Only Ready templates start (404 otherwise).",
		Tags:        tags, Errors: []int{400, 401, 404},
	}, func(ctx context.Context, in *GetTemplateInput) (*httpapi.Body[httpapi.Result[FormLoad]], error) {
		sess, err := x.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		tp, err := x.processes.Template(ctx, sess.Principal.Tenant, in.TemplateID)
		if err != nil {
			return nil, err
		}
		if tp.Status != process.StatusReady || len(tp.Steps) == 0 {
			return nil, apperr.Errorf(apperr.NotFound, process.MsgTemplateNotFound)
		}
		s := tp.Steps[0]
		return httpapi.Reply(httpapi.OK(FormLoad{
			Mode: "start", WorkflowTemplateID: tp.ID, TemplateName: tp.Name, FormTemplateID: s.Form.FormTemplateID,
			StepName: s.Name, StepNumber: 1, StepCount: len(tp.Steps), Form: s.Form, Answers: []process.Answer{}, Title: tp.Name,
		})), nil
	})

	writeOp := httpapi.Ops(http.MethodPost, tags, 400, 401, 403, 404, 409)
	write := func(submit bool, id, path, summary, desc string) {
		httpapi.Register(api, writeOp(id, path, summary,
			desc+" The step must be open (409 when submitted already, not open yet, or the process is closed), and the process at Version when one is sent (409). A step of a store the caller may not view does not exist for the caller (404)."), func(ctx context.Context, in *FormInput) (*httpapi.Body[httpapi.Result[StartResult]], error) {
			return x.answer(ctx, in, submit)
		})
	}
	write(false, "saveProcessForm", "/pando/forms/save", "Save a step's answers",
		"Keeps the answers of the step without submitting it: the required, excluded, included, hidden, character-limit and shape checks apply (400 with the spec's messages by question, fields answers.{control id}); the password, e-mail and template checks are for the submit. An empty answer list is refused (the form taker makes no call then). Outcome 0. Publishes ProcessStepSaved.")
	write(true, "submitProcessForm", "/pando/forms/submit", "Submit a step's answers",
		"Submits the step with every check of section 5: a missing template or step id ('Invalid template. Please complete a template and submit.'), required ('{field} is a required field.'), minimum and maximum characters, a password's value ('Please enter password') and confirmation, an e-mail's shape and confirmation, the 'Other' option (id: option count plus one; its text kept only when chosen); 400 naming each question (answers.{control id}, a confirmation answers.{control id}.ConfirmValue). Outcome 0 with the GroupId when the next step opens; 100 when it was the last and the process is complete. Publishes ProcessStepSubmitted or ProcessCompleted and records it in the customer's activity.")
}

// step returns the process of step instance id, when the caller may view its store, and the
// step's index.
func (x *area) step(ctx context.Context, sess user.Session, id string) (process.Process, int, error) {
	pid, ok := process.ParseStepInstanceID(id)
	if !ok {
		return process.Process{}, 0, apperr.Errorf(apperr.NotFound, process.MsgStepNotFound)
	}
	p, err := x.visible(ctx, sess, pid)
	if apperr.CodeOf(err) == apperr.NotFound {
		return process.Process{}, 0, apperr.Errorf(apperr.NotFound, process.MsgStepNotFound)
	}
	if err != nil {
		return process.Process{}, 0, err
	}
	i := p.Step(id)
	if i < 0 {
		return process.Process{}, 0, apperr.Errorf(apperr.NotFound, process.MsgStepNotFound)
	}
	return p, i, nil
}

// stepLoad returns step i of p as the form taker loads it.
func stepLoad(p process.Process, i int) FormLoad {
	s := p.Steps[i]
	answers := s.Answers
	if answers == nil {
		answers = []process.Answer{}
	}
	return FormLoad{
		Mode: "step", WorkflowTemplateID: p.WorkflowTemplateID, TemplateName: p.TemplateName, FormTemplateID: s.Form.FormTemplateID,
		StepID: s.StepInstanceID, StepName: s.Name, StepNumber: i + 1, StepCount: len(p.Steps), Form: s.Form, Answers: answers,
		IsSubmitted: s.IsSubmitted, ReadOnly: s.IsSubmitted || !p.Open() || s.Status == process.StatusNew,
		ProcessID: p.ID, Title: p.Title, ContactID: p.ContactID, AccountPlatformID: p.AccountPlatformID, Version: p.Version, UserID: s.UserID,
	}
}

// answer saves or submits the answers of in.
func (x *area) answer(ctx context.Context, in *FormInput, submit bool) (*httpapi.Body[httpapi.Result[StartResult]], error) {
	b := in.Body
	if submit && (b.FormTemplateID == 0 || strings.TrimSpace(b.StepID) == "") {
		return nil, apperr.Errorf(apperr.Invalid, process.MsgInvalidTemplate)
	}
	if strings.TrimSpace(b.StepID) == "" {
		return nil, apperr.InvalidFields("The answers cannot be saved.", map[string]string{"StepId": "Choose the step to save."})
	}
	if len(b.Answers) == 0 {
		return nil, apperr.InvalidFields(process.MsgFormInvalid, map[string]string{"Answers": process.MsgNoAnswers})
	}
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return nil, err
	}
	p, i, err := x.step(ctx, sess, b.StepID)
	if err != nil {
		return nil, err
	}
	s := p.Steps[i]
	if (b.FormTemplateID != 0 && b.FormTemplateID != s.Form.FormTemplateID) || (b.WorkflowTemplateID != 0 && b.WorkflowTemplateID != p.WorkflowTemplateID) {
		return nil, apperr.Errorf(apperr.Invalid, process.MsgInvalidTemplate)
	}
	a := process.Answers{StepInstanceID: b.StepID, Answers: b.Answers, Version: b.Version,
		By: sess.Principal.UserID, Actor: sess.Principal.ActorUserID, Now: x.d.Store.Now()}
	t := sess.Principal.Tenant
	if !submit {
		saved, _, err := x.processes.Save(ctx, t, p, a)
		if err != nil {
			return nil, err
		}
		v := x.view(ctx, sess, saved, map[int64]string{})
		return httpapi.Reply(httpapi.OK(StartResult{Outcome: process.OutcomeOK, GroupID: saved.GroupID, Process: &v})), nil
	}
	tp, err := x.processes.Template(ctx, t, p.WorkflowTemplateID)
	if err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return nil, err
	}
	saved, outcome, e, err := x.processes.Submit(ctx, t, p, tp, a)
	if err != nil {
		return nil, err
	}
	x.record(ctx, sess, []eventbus.Event{e}, saved)
	v := x.view(ctx, sess, saved, map[int64]string{})
	return httpapi.Reply(httpapi.OK(StartResult{Outcome: outcome, GroupID: saved.GroupID, Process: &v})), nil
}
