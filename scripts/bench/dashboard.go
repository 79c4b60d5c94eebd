package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/events/dashboardcounts"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/dashboard"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// dashboardBench measures the manager dashboard's calls against a bare read of the counters
// they add up.
type dashboardBench struct {
	db      *dynamodb.Client
	table   string
	svc     wiring.Services
	gateway string
	// bearer is a manager's token (the manager dashboard permission: every user's counts).
	bearer string
	client *http.Client
	n      int
}

// dashboardSizes are the counts of counter-producing events the bench delivers before it
// measures; a size above BENCH_MAX is skipped, and so is every size above the first when
// BENCH_MAX is unset, so a default run stays short.
var dashboardSizes = []int{10_000, 50_000}

// dashboardDays is the range the dashboard reads: the last 30 days, over which the events are
// spread (with 60 days before it that the read leaves out).
const dashboardDays = 30

// benchDashboard delivers synthetic events (leads created and assigned, calls, notes, e-mails,
// texts, tasks, appointments and visits of 12 users of the Toyota store over 90 days) to the
// counter consumer, as the relay does, then measures POST /api/Activity/summary and
// /api/Team/team/filtered/paged for the last 30 days through the gateway against the bare
// Query of the store's counter items of those days.
func benchDashboard(ctx context.Context, b dashboardBench, limit int, limitSet bool) error {
	consumer := dashboardcounts.Consumers(b.svc)[0]
	now := b.svc.Store.Now()
	loc, _ := time.LoadLocation("America/Los_Angeles")
	to := dashboard.DayOf(now, loc)
	from := dashboard.DayOf(now.AddDate(0, 0, -(dashboardDays-1)), loc)
	body := fmt.Sprintf(`{"accountPlatformIds":[%d],"beginDate":%q,"endDate":%q}`, demo.StoreToyota, from, to)
	call := func(path string) func() error {
		return func() error {
			_, err := callGateway(ctx, b.client, http.MethodPost, b.gateway+path, b.bearer, []byte(body))
			return err
		}
	}
	bare := func() error {
		in := &dynamodb.QueryInput{
			TableName:              &b.table,
			KeyConditionExpression: awsString("PK = :pk AND SK BETWEEN :from AND :to"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":pk":   &types.AttributeValueMemberS{Value: fmt.Sprintf("A#%d#DASH#%d", demo.AccountID, demo.StoreToyota)},
				":from": &types.AttributeValueMemberS{Value: "D#" + from},
				":to":   &types.AttributeValueMemberS{Value: "D#" + to + "#~"},
			},
		}
		for {
			out, err := b.db.Query(ctx, in)
			if err != nil {
				return err
			}
			if len(out.LastEvaluatedKey) == 0 {
				return nil
			}
			in.ExclusiveStartKey = out.LastEvaluatedKey
		}
	}

	fmt.Printf("\nManager dashboard (last %d days of one store, 12 users) vs a bare Query of the same counter items (n=%d per size)\n", dashboardDays, b.n)
	delivered := 0
	for i, size := range dashboardSizes {
		if size > limit || (i > 0 && !limitSet) {
			fmt.Printf("  %d events: skipped (set BENCH_MAX=%d or more)\n", size, size)
			continue
		}
		start := time.Now()
		if err := deliverDashboardEvents(ctx, consumer, delivered, size, now); err != nil {
			return err
		}
		fmt.Printf("  %d counter-producing events delivered (%.0f events/s)\n", size, float64(size-delivered)/time.Since(start).Seconds())
		delivered = size
		base, summary, err := measure(b.n, bare, call("/api/Activity/summary"))
		if err != nil {
			return err
		}
		_, team, err := measure(b.n, bare, call("/api/Team/team/filtered/paged"))
		if err != nil {
			return err
		}
		report("bare Query of the counters", base, nil)
		report("POST /api/Activity/summary", summary, base)
		report("POST /api/Team/team/filtered/paged", team, base)
	}
	return nil
}

// deliverDashboardEvents hands events from to to (by number) to consumer, 8 at a time.
func deliverDashboardEvents(ctx context.Context, consumer eventbus.Consumer, from, to int, now time.Time) error {
	users := []string{"100001", "100002", "100003", "100004", "100005", "100006", "100007", "100008", "100009", "100010", "100012", "100014"}
	event := func(i int) (eventbus.Event, error) {
		at := now.Add(-time.Duration((i*7919)%(90*24*60)) * time.Minute)
		user := users[i%len(users)]
		contact := int64(demo.AccountID)*1_000_000_000 + int64(1+i%5000)
		var typ string
		var detail any
		switch i % 10 {
		case 0:
			typ, detail = lead.EventCreated, lead.Changed{LeadID: int64(i + 1), ContactID: contact, AccountPlatformID: demo.StoreToyota, SalesPersonID: user, LeadSourceID: int64(1 + i%6)}
		case 1:
			typ, detail = lead.EventAssigned, lead.Changed{LeadID: int64(i), ContactID: contact, AccountPlatformID: demo.StoreToyota, SalesPersonID: user}
		case 2, 3, 4:
			typ, detail = activity.EventLogged, activity.Entry{ContactID: contact, AccountPlatformID: demo.StoreToyota, Kind: activity.KindPhoneCall, Direction: activity.Outbound, UserID: user, At: at, Details: map[string]string{"outcome": "contacted"}}
		case 5:
			typ, detail = activity.EventLogged, activity.Entry{ContactID: contact, AccountPlatformID: demo.StoreToyota, Kind: activity.KindNote, UserID: user, At: at}
		case 6:
			typ, detail = activity.EventLogged, activity.Entry{ContactID: contact, AccountPlatformID: demo.StoreToyota, Kind: activity.KindEmail, Direction: activity.Outbound, UserID: user, At: at}
		case 7:
			typ, detail = activity.EventLogged, activity.Entry{ContactID: contact, AccountPlatformID: demo.StoreToyota, Kind: activity.KindText, Direction: activity.Inbound, UserID: user, At: at}
		case 8:
			typ, detail = dashboardcounts.EventAppointmentSet, dashboardcounts.Appointment{AppointmentID: fmt.Sprint(i), ContactID: contact, AccountPlatformID: demo.StoreToyota, AssignedUserID: user, Status: "Scheduled"}
		default:
			typ, detail = dashboardcounts.EventVisitStarted, dashboardcounts.Visit{VisitID: fmt.Sprint(i), ContactID: contact, AccountPlatformID: demo.StoreToyota, UserID: user, Kind: "showroom"}
		}
		raw, err := json.Marshal(detail)
		return eventbus.Event{ID: fmt.Sprintf("bench-dash-%d", i), Type: typ, Account: fmt.Sprint(demo.AccountID), Time: at, Detail: raw}, err
	}
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := from + w; i < to && errs[w] == nil; i += 8 {
				e, err := event(i)
				if err == nil {
					err = consumer.Handle(ctx, e)
				}
				errs[w] = err
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func awsString(s string) *string { return &s }
