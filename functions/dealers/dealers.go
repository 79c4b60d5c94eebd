// Package dealers is the dealers API area: the dealer group's stores, their products and
// features, their dealer packages, and their dealer settings.
package dealers

import (
	"net/http"

	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/product"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// New returns the area's HTTP handler: the one the Lambda function and the local gateway serve.
func New(s wiring.Services) http.Handler {
	api := s.NewAPI()
	Register(api, s)
	return api
}

// area holds the repositories the area's handlers use.
type area struct {
	d        wiring.Services
	products *product.Repo
	dealers  *dealer.Repo
}

// Register adds the area's operations to api.
func Register(api *httpapi.API, d wiring.Services) {
	a := &area{d: d, products: product.NewRepo(d.Store), dealers: dealer.NewRepo(d.Store)}
	a.registerStores(api)
	a.registerProducts(api)
	a.registerSettings(api)
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
