package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/consent"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/runtime/store"
)

// consentBench measures the consent check every text send asks against the one GetItem it
// needs: the head of the number's ledger at a Canadian store (so CASL is applied too).
type consentBench struct {
	db    *dynamodb.Client
	table string
	s     *store.Store
	st    account.Store
	n     int
}

func benchConsent(ctx context.Context, b consentBench) error {
	tn, err := store.NewTenant(strconv.FormatInt(b.st.AccountID, 10))
	if err != nil {
		return err
	}
	repo := consent.NewRepo(b.s)
	rules, err := repo.Rules(ctx, tn, b.st)
	if err != nil {
		return err
	}
	const number = "+16045550188"
	for _, c := range []consent.Change{
		{Kind: consent.KindImplied, How: consent.HowPurchase, Who: consent.WhoSystem},
		{Kind: consent.KindExpress, How: consent.HowExpress, Who: "100001", Message: "Agreed to texts at delivery"},
	} {
		if _, _, err := repo.Record(ctx, rules, number, c); err != nil {
			return err
		}
	}
	c := contact.Contact{ID: 900001, AccountPlatformID: b.st.AccountPlatformID, SMSOptInStatusID: contact.SMSOptedIn,
		Phones:    []contact.Phone{{ID: 1, Phone: "6045550188", IsMobile: true, PhoneTypeID: 1}},
		Addresses: []contact.Address{{StateProvince: "BC", IsPrimary: true}}}
	noon := b.s.Now()
	getItem := func() error {
		out, err := b.db.GetItem(ctx, &dynamodb.GetItemInput{
			TableName: &b.table,
			Key: map[string]types.AttributeValue{
				"PK": &types.AttributeValueMemberS{Value: fmt.Sprintf("A#%d#CONSENT#%d#%s", b.st.AccountID, b.st.AccountPlatformID, number)},
				"SK": &types.AttributeValueMemberS{Value: "HEAD"},
			},
			ConsistentRead: aws.Bool(true),
		})
		if err == nil && out.Item == nil {
			err = errors.New("consent head missing")
		}
		return err
	}
	check := func() error {
		_, err := repo.Check(ctx, rules, c, number, noon)
		return err
	}
	fmt.Printf("\nConsent check of a text send vs the bare GetItem of the ledger head (n=%d)\n", b.n)
	base, path, err := measure(b.n, getItem, check)
	if err != nil {
		return err
	}
	report("bare GetItem", base, nil)
	report("consent.Check (goal ratio <= 1.2)", path, base)
	return nil
}
