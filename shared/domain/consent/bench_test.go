package consent_test

import (
	"context"
	"crypto/rand"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/shared/domain/consent"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/store"
)

// BenchmarkCheck measures the consent check of a send against the one GetItem it needs (the
// ledger's head, read consistently as the check reads it), alternating the two so both see the
// same load, and reports their ratio as check/getitem (the goal is at most 1.2).
//
//	go run ./scripts/withdynamo -- go test -run '^$' -bench Check ./shared/domain/consent/
func BenchmarkCheck(b *testing.B) {
	ctx := context.Background()
	db, table := dynamotest.Table(b)
	key := make([]byte, 32)
	rand.Read(key)
	s, err := store.New(db, table, key)
	if err != nil {
		b.Fatal(err)
	}
	s = s.WithClock(dynamotest.Clock(dynamotest.Epoch()))
	tn, err := store.NewTenant(fmt.Sprint(accountID))
	if err != nil {
		b.Fatal(err)
	}
	repo := consent.NewRepo(s)
	st, err := repo.Rules(ctx, tn, vancouver)
	if err != nil {
		b.Fatal(err)
	}
	const n = "+16045550134"
	for _, c := range []consent.Change{
		{Kind: consent.KindImplied, How: consent.HowPurchase, Who: consent.WhoSystem},
		{Kind: consent.KindOptIn, How: consent.HowKeyword, Who: consent.WhoCustomer, Message: "START"},
	} {
		if _, _, err := repo.Record(ctx, st, n, c); err != nil {
			b.Fatal(err)
		}
	}
	c := customer("BC")
	c.Phones[0].Phone = "6045550134"
	get := &dynamodb.GetItemInput{
		TableName:      aws.String(table),
		ConsistentRead: aws.Bool(true),
		Key: map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: fmt.Sprintf("A#%d#CONSENT#%d#%s", accountID, storeCA, n)},
			"SK": &types.AttributeValueMemberS{Value: "HEAD"},
		},
	}
	noon := noonPacific
	// Warm both paths up.
	for range 20 {
		if out, err := db.GetItem(ctx, get); err != nil || out.Item == nil {
			b.Fatalf("GetItem: %v (item %v)", err, out != nil && out.Item != nil)
		}
		if d, err := repo.Check(ctx, st, c, n, noon); err != nil || !d.Allowed {
			b.Fatalf("Check = %+v, %v", d, err)
		}
	}
	var bare, checked time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := db.GetItem(ctx, get); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if _, err := repo.Check(ctx, st, c, n, noon); err != nil {
			b.Fatal(err)
		}
		bare += t1.Sub(t0)
		checked += time.Since(t1)
	}
	b.StopTimer()
	ratio := float64(checked) / float64(bare)
	b.ReportMetric(float64(bare.Nanoseconds())/float64(b.N), "getitem-ns/op")
	b.ReportMetric(float64(checked.Nanoseconds())/float64(b.N), "check-ns/op")
	b.ReportMetric(ratio, "check/getitem")
	b.Logf("consent check %v per send, bare GetItem %v: ratio %.2f (goal <= 1.2)", checked/time.Duration(b.N), bare/time.Duration(b.N), ratio)
}
