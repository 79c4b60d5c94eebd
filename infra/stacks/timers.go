package stacks

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsevents"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsscheduler"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsschedulertargets"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssecretsmanager"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// TimersFunctionName is the timer function's name: its directory under events/ and under the
// built functions' directory.
const TimersFunctionName = "timers"

// Timer function limits: a run fires what is due every ten seconds of its minute (package
// timers), its last pass fifty seconds in, so it may run past the minute; two runs that meet
// are safe, since a timer fires once in effect however many firers run.
const (
	timersMemoryMB       = 256
	timersTimeoutSeconds = 75
)

// TimersStackProps configures NewTimersStack.
type TimersStackProps struct {
	awscdk.StackProps
	// Code is the timer function's deployment package (see TimersFunctionName).
	Code      awslambda.Code
	Table     awsdynamodb.ITable
	CursorKey awssecretsmanager.ISecret
	Bus       awsevents.IEventBus
	// ScheduleGroupName names the events stack's schedule group.
	ScheduleGroupName *string
}

// TimersStack holds the timer function and the schedule that invokes it every minute to fire
// the timers that are due (package timer): lead reassign rules now, workflow task due times
// later.
type TimersStack struct {
	awscdk.Stack
	Function awslambda.Function
	Schedule awsscheduler.Schedule
}

// NewTimersStack creates the timer function, with read and write access to the table and the
// right to put events on the bus, and its every-minute schedule. A failed run is not retried:
// the next minute's run fires what it left.
func NewTimersStack(scope constructs.Construct, id string, props *TimersStackProps) *TimersStack {
	if props.Code == nil {
		panic("timers stack: no Code")
	}
	sp := props.StackProps
	if sp.Description == nil {
		sp.Description = jsii.String("CXM timers: the function that fires due timers, invoked every minute")
	}
	stack := awscdk.NewStack(scope, &id, &sp)
	fnScope := constructs.NewConstruct(stack, jsii.String("Timers"))
	fn := newGoFunction(fnScope, goFunctionProps{
		Description: "CXM timers: fires the timers that are due",
		Code:        props.Code,
		MemoryMB:    timersMemoryMB,
		Environment: map[string]string{
			EnvTableName:       *props.Table.TableName(),
			EnvEventBusName:    *props.Bus.EventBusName(),
			EnvCursorKeySecret: *props.CursorKey.SecretArn(),
		},
		TimeoutSeconds: timersTimeoutSeconds,
	})
	props.Table.GrantReadWriteData(fn)
	props.Bus.GrantPutEventsTo(fn, nil)
	props.CursorKey.GrantRead(fn, nil)

	var group awsscheduler.IScheduleGroup
	if props.ScheduleGroupName != nil {
		group = awsscheduler.ScheduleGroup_FromScheduleGroupName(stack, jsii.String("Group"), props.ScheduleGroupName)
	}
	schedule := awsscheduler.NewSchedule(stack, jsii.String("EveryMinute"), &awsscheduler.ScheduleProps{
		Description:   jsii.String("Fire due CXM timers"),
		Schedule:      awsscheduler.ScheduleExpression_Rate(awscdk.Duration_Minutes(jsii.Number(1))),
		Target:        awsschedulertargets.NewLambdaInvoke(fn, &awsschedulertargets.ScheduleTargetBaseProps{RetryAttempts: jsii.Number(0)}),
		ScheduleGroup: group,
	})
	return &TimersStack{Stack: stack, Function: fn, Schedule: schedule}
}
