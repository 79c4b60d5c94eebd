package stacks_test

import (
	"testing"
)

func TestEventsStack(t *testing.T) {
	d := defaultDeployment(t)
	tests := []struct {
		typ   string
		count int
	}{
		{"AWS::Events::EventBus", 1},
		{"AWS::Scheduler::ScheduleGroup", 1},
	}
	for _, tt := range tests {
		countIs(t, d.events, tt.typ, tt.count)
	}
}
