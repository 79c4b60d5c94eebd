package stacks

import (
	"os"
	"path/filepath"
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/constructs-go/constructs/v10"

	"github.com/cxm/cxm/shared/runtime/route"
	"github.com/cxm/cxm/shared/runtime/tabledef"
)

// Props configures New: one complete deployment of CXM.
type Props struct {
	// Prefix starts the id of every stack ("cxm-dev" gives "cxm-dev-data", "cxm-dev-api", ...),
	// so several deployments can share an account.
	Prefix string
	// Env is the account and region to deploy to; nil leaves the stacks environment-agnostic.
	Env *awscdk.Environment
	// Areas is the route table.
	Areas []route.Area
	// Table is the single table's definition.
	Table tabledef.Definition
	// Code returns the deployment package of a function by name: an area's, the
	// authorizer's (AuthorizerName), the timer function's (TimersFunctionName) or the socket
	// function's (SocketFunctionName).
	Code func(name string) awslambda.Code
	// WebOrigins are browser origins allowed to call the API besides the distribution's own,
	// for example a development server.
	WebOrigins []string
	// WebDistDir is the built web app. When it is empty or names no directory, the web app is
	// not deployed and the content stack is left out.
	WebDistDir string
	// RefreshTokenRotation is passed to the auth stack (see AuthStackProps).
	RefreshTokenRotation time.Duration
	// InboundMailDomain is the domain SES receives the customers' replies for (see
	// NewInboundMail); empty leaves inbound e-mail out.
	InboundMailDomain string
	// Consumers are the event consumer packages (events/consumers.Packages); Code packages
	// each as EventFunctionName(name), and the relay as RelayFunction.
	Consumers []ConsumerFunction
}

// CXM is one deployment's stacks. WebContent is nil when the web app is not deployed.
type CXM struct {
	Data       *DataStack           // table, attachments bucket, contact-field key, token signing key
	Auth       *AuthStack           // user pool and web client
	Events     *EventsStack         // event bus and schedule group
	Realtime   *RealtimeStack       // WebSocket API of live updates and its connection function
	EventFns   *EventFunctionsStack // outbox relay and event consumers
	Web        *WebStack            // web bucket and distribution
	API        *APIStack            // HTTP API, its authorizer and the area functions
	Timers     *TimersStack         // the timer function and its every-minute schedule
	WebContent *WebContentStack     // the deployed web app, or nil
}

// New creates every stack of one deployment, wired to each other.
func New(scope constructs.Construct, props *Props) *CXM {
	base := awscdk.StackProps{Env: props.Env}
	id := func(name string) string { return props.Prefix + "-" + name }

	c := &CXM{}
	c.Data = NewDataStack(scope, id("data"), &DataStackProps{StackProps: base, Table: props.Table, Stream: true})
	c.Auth = NewAuthStack(scope, id("auth"), &AuthStackProps{StackProps: base, RefreshTokenRotation: props.RefreshTokenRotation})
	c.Events = NewEventsStack(scope, id("events"), &EventsStackProps{StackProps: base})
	c.Realtime = NewRealtimeStack(scope, id("realtime"), &RealtimeStackProps{
		StackProps: base,
		Code:       props.Code(SocketFunctionName),
		Table:      c.Data.Table,
		CursorKey:  c.Data.CursorKey,
	})
	c.EventFns = NewEventFunctionsStack(scope, id("eventfns"), &EventFunctionsStackProps{
		StackProps: base,
		Code:       props.Code,
		Table:      c.Data.Table,
		Bus:        c.Events.Bus,
		Bucket:     c.Data.Bucket,
		ContactKey: c.Data.ContactKey,
		CursorKey:  c.Data.CursorKey,
		Consumers:  props.Consumers,
		Realtime:   c.Realtime,
	})
	c.Web = NewWebStack(scope, id("web"), &WebStackProps{StackProps: base})
	c.API = NewAPIStack(scope, id("api"), &APIStackProps{
		StackProps:        base,
		Areas:             props.Areas,
		Code:              props.Code,
		Table:             c.Data.Table,
		Bucket:            c.Data.Bucket,
		ContactKey:        c.Data.ContactKey,
		CursorKey:         c.Data.CursorKey,
		Bus:               c.Events.Bus,
		UserPool:          c.Auth.UserPool,
		UserPoolClient:    c.Auth.Client,
		IssuerKey:         c.Data.IssuerKey,
		AllowedOrigins:    append([]string{*c.Web.Origin}, props.WebOrigins...),
		InboundMailDomain: props.InboundMailDomain,
	})
	c.Timers = NewTimersStack(scope, id("timers"), &TimersStackProps{
		StackProps:        base,
		Code:              props.Code(EventFunctionName(TimersFunctionName)),
		Table:             c.Data.Table,
		CursorKey:         c.Data.CursorKey,
		Bus:               c.Events.Bus,
		ScheduleGroupName: c.Events.ScheduleGroup.Ref(),
	})
	if isDir(props.WebDistDir) {
		c.WebContent = NewWebContentStack(scope, id("webcontent"), &WebContentStackProps{
			StackProps:   base,
			DistDir:      props.WebDistDir,
			Bucket:       c.Web.Bucket,
			Distribution: c.Web.Distribution,
			Config: WebConfig{
				Region:           c.API.Region(),
				UserPoolID:       c.Auth.UserPool.UserPoolId(),
				UserPoolClientID: c.Auth.Client.UserPoolClientId(),
				APIURL:           c.API.API.ApiEndpoint(),
				RealtimeURL:      c.Realtime.Stage.Url(),
			},
		})
	}
	return c
}

// isDir reports whether path names a directory.
func isDir(path string) bool {
	if path == "" {
		return false
	}
	fi, err := os.Stat(filepath.Clean(path))
	return err == nil && fi.IsDir()
}
