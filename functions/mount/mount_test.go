package mount_test

import (
	"bytes"
	"testing"

	"github.com/cxm/cxm/functions/mount"
	"github.com/cxm/cxm/shared/runtime/contract"
	"github.com/cxm/cxm/shared/runtime/route"
)

func TestEveryRouteTableAreaIsMounted(t *testing.T) {
	areas := mount.Areas()
	for _, a := range route.Table() {
		if _, ok := areas[a.Name]; !ok {
			t.Errorf("area %q of the route table has no handler", a.Name)
		}
	}
	if got, want := len(areas), len(route.Table()); got != want {
		t.Errorf("%d areas mounted, route table has %d", got, want)
	}
}

func TestCommittedContractIsCurrent(t *testing.T) {
	doc, err := mount.Contract()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doc, contract.Document()) {
		t.Fatal("shared/runtime/contract/openapi.json is stale: run `make contract` and commit it")
	}
}
