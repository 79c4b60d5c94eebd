// Package tabledef describes the single DynamoDB table: its key attributes and global secondary
// indexes. The CDK app deploys exactly this definition and the local gateway and the test
// harness create exactly this definition in DynamoDB Local.
package tabledef

// Index is one global secondary index with string keys, projecting all attributes.
type Index struct {
	Name         string
	PartitionKey string
	SortKey      string
}

// Definition is the table's key schema, indexes and time-to-live attribute.
type Definition struct {
	PartitionKey string
	SortKey      string
	Indexes      []Index
	// TTLAttribute holds an epoch-seconds expiry on items that expire (tokens, sessions).
	TTLAttribute string
}

// Table returns the table definition. Every key attribute is a string.
func Table() Definition {
	return Definition{
		PartitionKey: "PK",
		SortKey:      "SK",
		Indexes: []Index{
			{Name: "GSI1", PartitionKey: "GSI1PK", SortKey: "GSI1SK"},
			{Name: "GSI2", PartitionKey: "GSI2PK", SortKey: "GSI2SK"},
		},
		TTLAttribute: "ExpiresAt",
	}
}
