package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/local/demo"
)

// intakeDoc is a TrueCar-shaped ADF document for customer i of run run: a new customer each
// time, with a vehicle of interest and a trade-in.
func intakeDoc(run string, i int) string {
	return fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<?adf version="1.0"?>
<adf><prospect status="new">
<id sequence="1" source="TrueCar">TC-%[1]s-%[2]d</id>
<requestdate>2026-11-20T10:15:00-05:00</requestdate>
<vehicle interest="buy" status="new"><year>2026</year><make>Toyota</make><model>RAV4</model><trim>XLE</trim><price type="quote">36995</price></vehicle>
<vehicle interest="trade-in" status="used"><year>2017</year><make>Honda</make><model>Civic</model><odometer units="miles">84210</odometer></vehicle>
<customer><contact><name part="first">Bench</name><name part="last">Buyer%[1]s%[2]d</name>
<email>buyer.%[1]s.%[2]d@bench.example</email><phone type="cellphone">503555%04[3]d</phone></contact>
<comments>Looking to buy this month.</comments></customer>
<provider><name part="full">TrueCar</name></provider>
</prospect></adf>`, run, i, i%10000)
}

type intakeBench struct {
	db      *dynamodb.Client
	table   string
	gateway string
	client  *http.Client
	key     string
	n       int
	capture *writeCapture
}

// benchIntake measures ADF deliveries through the gateway's public intake route (a new
// customer and a new lead each) against the bare DynamoDB writes a delivery performs: one
// transaction shaped like the contact's and the lead's (the contact and its name, e-mail and
// phone entries, the lead, its pointer, its two vehicle pointers, the delivery mark and the raw
// document), and the delivery's own transactions (those and the lead's activity entry),
// recorded from one delivery and replayed under fresh keys.
func benchIntake(ctx context.Context, keys leadKeys, b intakeBench) error {
	key, err := keys.intakeKey(ctx)
	if err != nil {
		return err
	}
	b.key = key
	run := strconv.FormatInt(time.Now().UnixNano()%1_000_000, 10)
	var seq atomic.Int64
	deliver := func() error {
		i := int(seq.Add(1))
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, b.gateway+"/api/CrmLead/intake/adf", strings.NewReader(intakeDoc(run, i)))
		req.Header.Set("Content-Type", "application/xml")
		req.Header.Set("X-Lead-Key", b.key)
		res, err := b.client.Do(req)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK || !strings.Contains(string(body), `"created":true`) {
			return fmt.Errorf("intake status %d: %s", res.StatusCode, body)
		}
		return nil
	}
	doc := intakeDoc(run, 0)
	var bareSeq atomic.Int64
	bare := func() error {
		i := bareSeq.Add(1)
		pk := func(kind string) *types.AttributeValueMemberS {
			return &types.AttributeValueMemberS{Value: fmt.Sprintf("A#bench#%s#%s%d", kind, run, i)}
		}
		put := func(pkv *types.AttributeValueMemberS, sk string, extra map[string]types.AttributeValue) types.TransactWriteItem {
			item := map[string]types.AttributeValue{"PK": pkv, "SK": &types.AttributeValueMemberS{Value: sk}, "Version": &types.AttributeValueMemberN{Value: "1"}}
			for k, v := range extra {
				item[k] = v
			}
			return types.TransactWriteItem{Put: &types.Put{TableName: &b.table, Item: item,
				ConditionExpression: aws.String("attribute_not_exists(PK)")}}
		}
		summary := map[string]types.AttributeValue{"Summary": &types.AttributeValueMemberS{Value: strings.Repeat("s", 300)}}
		small := map[string]types.AttributeValue{"LeadID": &types.AttributeValueMemberN{Value: "1"}}
		// A new customer is created with its lead in one transaction: the contact, its search
		// entries and change-log entry, the lead, its pointers and change-log entry, the
		// delivery and the document.
		tx := []types.TransactWriteItem{
			put(pk("C"), "CONTACT", map[string]types.AttributeValue{"Body": &types.AttributeValueMemberS{Value: strings.Repeat("c", 900)}}),
			put(pk("C"), "L#N", summary), put(pk("C"), "L#E", summary), put(pk("C"), "L#P", summary),
			put(pk("C"), "LOG#000000000001", map[string]types.AttributeValue{"Changes": &types.AttributeValueMemberS{Value: strings.Repeat("g", 400)}}),
			put(pk("C"), "LEAD#1", map[string]types.AttributeValue{"Body": &types.AttributeValueMemberS{Value: strings.Repeat("l", 1200)}}),
			put(pk("L"), "LEAD", small), put(pk("LV"), "LEADVEHICLE", small), put(pk("LT"), "LEADVEHICLE", small),
			put(pk("L"), "LOG#000000000001", map[string]types.AttributeValue{"Changes": &types.AttributeValueMemberS{Value: strings.Repeat("g", 200)}}),
			put(pk("LIN"), "INTAKE", small),
			put(pk("L"), "RAW", map[string]types.AttributeValue{"Document": &types.AttributeValueMemberS{Value: doc}}),
		}
		_, err := b.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: tx})
		return err
	}

	// The delivery's own writes: the transactions one delivery sends, replayed under fresh keys
	// (the same items, sizes and index keys; the lead's activity entry included).
	own, err := b.capture.record(deliver)
	if err != nil {
		return err
	}
	items := 0
	for _, tx := range own {
		items += len(tx.TransactItems)
	}
	var replaySeq atomic.Int64
	ownWrites := func() error {
		return replay(ctx, b.db, own, fmt.Sprintf("B%s-%d#", run, replaySeq.Add(1)))
	}
	if err := replayable(own); err != nil {
		fmt.Printf("  (the delivery's own writes cannot be replayed: %v)\n", err)
		ownWrites = bare
	}

	fmt.Printf("POST /api/CrmLead/intake/adf (new customer, new lead) through the gateway vs its bare DynamoDB writes (n=%d)\n", b.n)
	times, err := measureAll(b.n, bare, ownWrites, deliver)
	if err != nil {
		return err
	}
	base, replayed, path := times[0], times[1], times[2]
	report("bare writes (1 transaction)", base, nil)
	report(fmt.Sprintf("its own writes (%d tx, %d items)", len(own), items), replayed, nil)
	report("ADF intake vs 1 transaction", path, base)
	report("ADF intake vs its own writes", path, replayed)

	for _, workers := range []int{1, 8} {
		perWorker := b.n / workers
		start := time.Now()
		var wg sync.WaitGroup
		errs := make([]error, workers)
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; i < perWorker && errs[w] == nil; i++ {
					errs[w] = deliver()
				}
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return err
			}
		}
		elapsed := time.Since(start)
		fmt.Printf("  leads accepted per second, %d sender(s): %.0f\n", workers, float64(perWorker*workers)/elapsed.Seconds())
	}
	return nil
}

// leadKeys gives the bench its intake key for the demo's Toyota store.
type leadKeys struct {
	repo *lead.Repo
}

func (k leadKeys) intakeKey(ctx context.Context) (string, error) {
	t, err := account.Tenant(demo.AccountID)
	if err != nil {
		return "", err
	}
	return k.repo.RotateIntakeKey(ctx, t, demo.StoreToyota, "bench")
}
