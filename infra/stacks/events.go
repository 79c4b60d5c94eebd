package stacks

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsevents"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsscheduler"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// EventsStackProps configures NewEventsStack.
type EventsStackProps struct {
	awscdk.StackProps
}

// EventsStack holds the domain event bus and the schedule group for rule task timers. The
// schedules in the group are created at run time and are state, so the group is retained and
// the stack is protected against deletion.
type EventsStack struct {
	awscdk.Stack
	// Bus carries the domain events (contact created, lead status changed, ...).
	Bus awsevents.EventBus
	// ScheduleGroup holds the one-off schedules of workflow tasks and the recurring refreshes.
	ScheduleGroup awsscheduler.CfnScheduleGroup
}

// NewEventsStack creates the event bus and the schedule group.
func NewEventsStack(scope constructs.Construct, id string, props *EventsStackProps) *EventsStack {
	sp := props.StackProps
	sp.TerminationProtection = jsii.Bool(true)
	if sp.Description == nil {
		sp.Description = jsii.String("CXM events: domain event bus and scheduler group")
	}
	stack := awscdk.NewStack(scope, &id, &sp)

	bus := awsevents.NewEventBus(stack, jsii.String("Bus"), &awsevents.EventBusProps{
		Description: jsii.String("CXM domain events"),
	})
	group := awsscheduler.NewCfnScheduleGroup(stack, jsii.String("ScheduleGroup"), &awsscheduler.CfnScheduleGroupProps{})
	group.ApplyRemovalPolicy(awscdk.RemovalPolicy_RETAIN, nil)

	awscdk.NewCfnOutput(stack, jsii.String("EventBusName"), &awscdk.CfnOutputProps{Value: bus.EventBusName()})
	awscdk.NewCfnOutput(stack, jsii.String("ScheduleGroupName"), &awscdk.CfnOutputProps{Value: group.Ref()})
	return &EventsStack{Stack: stack, Bus: bus, ScheduleGroup: group}
}
