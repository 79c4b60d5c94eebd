package contacts_test

import "github.com/cxm/cxm/shared/runtime/store"

func storeQuery(p store.Partition) store.Query { return store.Query{Partition: p, Limit: 100} }
