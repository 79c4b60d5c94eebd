package dashboard

import (
	"slices"
	"sort"
	"time"

	"github.com/cxm/cxm/shared/domain/workhours"
)

// Clock is one of the three speed-to-lead clocks.
type Clock string

// The clocks: from a lead's arrival to its first automated reply, its first human response
// and its first two-way exchange.
const (
	ClockAutomated Clock = "firstAutomatedReply"
	ClockHuman     Clock = "firstHumanResponse"
	ClockTwoWay    Clock = "firstTwoWayExchange"
)

// Clocks returns the clocks in order.
func Clocks() []Clock { return []Clock{ClockAutomated, ClockHuman, ClockTwoWay} }

// Elapsed returns clock c of lead l in the working hours of its store, s, and whether it has
// stopped.
func (l Lead) Elapsed(c Clock, s workhours.Schedule) (time.Duration, bool) {
	var at time.Time
	switch c {
	case ClockAutomated:
		at = l.FirstAutomatedAt
	case ClockHuman:
		at = l.FirstHumanAt
	case ClockTwoWay:
		at = l.FirstTwoWayAt
	}
	if at.IsZero() {
		return 0, false
	}
	return s.OpenBetween(l.ArrivedAt, at), true
}

// ClockStats sums one clock over a group of leads.
type ClockStats struct {
	Clock Clock `json:"clock"`
	// Stopped is how many leads' clocks stopped; the others are still waiting.
	Stopped int `json:"stopped"`
	Waiting int `json:"waiting"`
	// MedianMinutes and AverageMinutes are business minutes over the stopped clocks.
	MedianMinutes  float64 `json:"medianMinutes"`
	AverageMinutes float64 `json:"averageMinutes"`
}

// SpeedGroup is the speed to lead of one person, source or store.
type SpeedGroup struct {
	Key    string       `json:"key" doc:"The user id, the lead source id or the store id the group is of."`
	Leads  int          `json:"leads"`
	Clocks []ClockStats `json:"clocks"`
}

// Speed groups leads by key (a lead with an empty key is left out) and returns each group's
// clocks in the working hours of each lead's store (hours), the largest group first.
func Speed(leads []Lead, key func(Lead) string, hours func(Lead) workhours.Schedule) []SpeedGroup {
	groups := map[string][]Lead{}
	for _, l := range leads {
		if k := key(l); k != "" {
			groups[k] = append(groups[k], l)
		}
	}
	out := make([]SpeedGroup, 0, len(groups))
	for k, ls := range groups {
		g := SpeedGroup{Key: k, Leads: len(ls)}
		for _, c := range Clocks() {
			g.Clocks = append(g.Clocks, clockStats(ls, c, hours))
		}
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Leads != out[j].Leads {
			return out[i].Leads > out[j].Leads
		}
		return out[i].Key < out[j].Key
	})
	return out
}

func clockStats(ls []Lead, c Clock, hours func(Lead) workhours.Schedule) ClockStats {
	st := ClockStats{Clock: c}
	var mins []float64
	for _, l := range ls {
		d, ok := l.Elapsed(c, hours(l))
		if !ok {
			st.Waiting++
			continue
		}
		mins = append(mins, d.Minutes())
	}
	st.Stopped = len(mins)
	if len(mins) == 0 {
		return st
	}
	slices.Sort(mins)
	var sum float64
	for _, m := range mins {
		sum += m
	}
	st.AverageMinutes = round1(sum / float64(len(mins)))
	mid := len(mins) / 2
	if len(mins)%2 == 1 {
		st.MedianMinutes = round1(mins[mid])
	} else {
		st.MedianMinutes = round1((mins[mid-1] + mins[mid]) / 2)
	}
	return st
}

func round1(v float64) float64 { return float64(int64(v*10+0.5)) / 10 }

// FunnelStep is one stage of the BDC funnel with the leads that reached it.
type FunnelStep struct {
	Stage Stage `json:"stage"`
	Count int   `json:"count"`
}

// Funnel counts the leads that reached each stage.
func Funnel(leads []Lead) []FunnelStep {
	out := make([]FunnelStep, 0, len(Stages()))
	for _, s := range Stages() {
		n := 0
		for _, l := range leads {
			if l.Reached(s) {
				n++
			}
		}
		out = append(out, FunnelStep{Stage: s, Count: n})
	}
	return out
}
