package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/local/demo"
)

// inventoryBench measures the lead counts per inventory item.
type inventoryBench struct {
	db      *dynamodb.Client
	table   string
	repo    *lead.Repo
	gateway string
	bearer  string
	client  *http.Client
	n       int
}

// Sizes of the inventory bench: leads seeded, stock numbers they want, stock numbers asked.
const (
	inventoryLeads  = 1000
	inventoryStocks = 50
	inventoryAsked  = 20
)

// benchInventory seeds leads whose vehicles of interest name a few dozen stock numbers of the
// Toyota store, then measures POST /api/CrmLead/inventory/leads (counts only, 20 stock
// numbers) through the gateway against the bare DynamoDB queries it makes: one query of the
// stock number index per stock number, 8 at a time.
func benchInventory(ctx context.Context, b inventoryBench) error {
	t, err := account.Tenant(demo.AccountID)
	if err != nil {
		return err
	}
	stock := func(i int) string { return fmt.Sprintf("INV%03d", i%inventoryStocks) }
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < inventoryLeads && errs[w] == nil; i += 8 {
				_, errs[w] = b.repo.Create(ctx, t, lead.Lead{
					AccountPlatformID: demo.StoreToyota, ContactID: demo.ContactToyota,
					Vehicles: []lead.VehicleOfInterest{{Vehicle: lead.Vehicle{Year: 2026, Make: "Toyota", Model: "RAV4", StockNumber: stock(i)}}},
				}, "bench")
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	asked := make([]string, inventoryAsked)
	for i := range asked {
		asked[i] = stock(i)
	}
	body := fmt.Sprintf(`{"accountPlatformIds":[%d],"stockNumbers":["%s"],"countOnly":true}`, demo.StoreToyota, strings.Join(asked, `","`))
	want := fmt.Sprintf(`"leadCount":%d`, inventoryLeads/inventoryStocks)
	counts := func() error {
		out, err := callGateway(ctx, b.client, http.MethodPost, b.gateway+"/api/CrmLead/inventory/leads", b.bearer, []byte(body))
		if err != nil {
			return err
		}
		if !strings.Contains(string(out), want) {
			return fmt.Errorf("inventory leads: %.300s", out)
		}
		return nil
	}
	bare := func() error {
		var wg sync.WaitGroup
		errs := make([]error, len(asked))
		sem := make(chan struct{}, 8)
		for i, s := range asked {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				out, err := b.db.Query(ctx, &dynamodb.QueryInput{
					TableName: &b.table, IndexName: aws.String("GSI2"),
					KeyConditionExpression: aws.String("GSI2PK = :pk"),
					ExpressionAttributeValues: map[string]types.AttributeValue{
						":pk": &types.AttributeValueMemberS{Value: fmt.Sprintf("A#%d#LSTK#%d#%s", demo.AccountID, demo.StoreToyota, s)},
					},
				})
				if err == nil && len(out.Items) != inventoryLeads/inventoryStocks {
					err = fmt.Errorf("stock %s: %d items", s, len(out.Items))
				}
				errs[i] = err
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
	fmt.Printf("POST /api/CrmLead/inventory/leads (counts of %d stock numbers, %d leads each) through the gateway vs its bare index queries (n=%d)\n",
		inventoryAsked, inventoryLeads/inventoryStocks, b.n)
	base, path, err := measure(b.n, bare, counts)
	if err != nil {
		return err
	}
	report(fmt.Sprintf("bare queries (%d)", inventoryAsked), base, nil)
	report("lead counts per vehicle", path, base)
	return nil
}
