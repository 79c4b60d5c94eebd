package dynamotest

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/shared/local/accesspattern"
	"github.com/cxm/cxm/shared/local/localaws"
)

var digits = regexp.MustCompile(`[0-9]+`)

var loadRows = sync.OnceValues(func() ([]accesspattern.Row, error) {
	root, err := localaws.Root()
	if err != nil {
		return nil, err
	}
	return accesspattern.Load(root)
})

// checkRecords fails the test when an item of the table is not a record type of exactly one
// package's access-pattern table: every item a test wrote was written by code whose package
// documents it.
func checkRecords(t testing.TB, db *dynamodb.Client, table string) {
	if t.Failed() {
		return
	}
	rows, err := loadRows()
	if err != nil {
		t.Errorf("read the access-pattern tables: %v", err)
		return
	}
	var problems []string
	seen := map[string]bool{}
	p := dynamodb.NewScanPaginator(db, &dynamodb.ScanInput{TableName: aws.String(table)})
	for p.HasMorePages() {
		out, err := p.NextPage(context.Background())
		if err != nil {
			t.Errorf("scan %s: %v", table, err)
			return
		}
		for _, it := range out.Items {
			item := accesspattern.Item{PK: str(it["PK"]), SK: str(it["SK"]), GSI1PK: str(it["GSI1PK"]), GSI2PK: str(it["GSI2PK"])}
			if _, err := accesspattern.Owner(rows, item); err != nil && !seen[digits.ReplaceAllString(err.Error(), "0")] {
				seen[digits.ReplaceAllString(err.Error(), "0")] = true
				problems = append(problems, err.Error())
			}
		}
	}
	if len(problems) > 10 {
		problems = append(problems[:10], "...")
	}
	if len(problems) > 0 {
		t.Errorf("items that no access-pattern table lists (document them beside the code that writes them):\n%s", strings.Join(problems, "\n"))
	}
}

func str(v types.AttributeValue) string {
	if s, ok := v.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}
