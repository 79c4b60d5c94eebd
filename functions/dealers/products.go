package dealers

import (
	"context"
	"fmt"
	"net/http"

	"github.com/cxm/cxm/shared/domain/product"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// ListProductsInput is the request of POST /products/.
type ListProductsInput struct {
	httpapi.ScopeHeader
	Body struct {
		AccountID     int64   `json:"AccountID" minimum:"1"`
		PlatformIDs   []int64 `json:"PlatformIds,omitempty" maxItems:"500" doc:"Stores whose products are listed; empty for the Scope header's stores."`
		ProductIDs    []int   `json:"ProductIds,omitempty" maxItems:"50" doc:"Products listed; empty for every product."`
		ProductStatus string  `json:"ProductStatus,omitempty" enum:"Setup,Live,Cancelled,OnHold" doc:"Lists only subscriptions of this status; absent for every status."`
		FeatureStatus bool    `json:"FeatureStatus,omitempty" doc:"true lists only each subscription's active features."`
		Size          int     `json:"Size,omitempty" minimum:"0" maximum:"5000" doc:"Page size; 0 for every subscription."`
		From          int     `json:"From,omitempty" minimum:"0" doc:"Offset of the page's first subscription."`
	}
}

// DealerPackageInput is the request of POST /packages/GetDealerPackage.
type DealerPackageInput struct {
	Body struct {
		AccountPlatformID int64 `json:"AccountPlatformId" minimum:"1"`
		PackageID         int   `json:"PackageId,omitempty" minimum:"0" doc:"When not 0, the package the store must have."`
	}
}

func (a *area) registerProducts(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "listAccountProducts",
		Method:      http.MethodPost,
		Path:        "/products/",
		Summary:     "The product subscriptions of stores, with their features",
		Description: "Ordered by store and product. Stores the user may not view are refused.",
		Tags:        []string{"dealers"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *ListProductsInput) (*httpapi.Body[httpapi.Legacy[[]product.AccountProduct]], error) {
		b := in.Body
		f := product.Filter{ActiveFeaturesOnly: b.FeatureStatus}
		for i, id := range b.ProductIDs {
			if _, ok := product.Lookup(product.ID(id)); !ok {
				return nil, apperr.InvalidFields("The product filter is not valid.", map[string]string{
					fmt.Sprintf("ProductIds[%d]", i): fmt.Sprintf("%d is not a product.", id),
				})
			}
			f.Products = append(f.Products, product.ID(id))
		}
		if b.ProductStatus != "" {
			s, ok := product.ParseStatus(b.ProductStatus)
			if !ok {
				return nil, apperr.InvalidFields("The product filter is not valid.", map[string]string{"ProductStatus": "The status must be Setup, Live, Cancelled or OnHold."})
			}
			f.Status = s
		}
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if err := sess.RequireAccount(b.AccountID); err != nil {
			return nil, err
		}
		if f.Stores, err = sess.SelectStores(b.PlatformIDs, in.Scope); err != nil {
			return nil, err
		}
		subs, err := a.products.List(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		out := product.Select(subs, f)
		from := min(b.From, len(out))
		to := len(out)
		if b.Size > 0 {
			to = min(from+b.Size, len(out))
		}
		return httpapi.Reply(httpapi.LegacyOK(out[from:to])), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "listProductCatalog",
		Method:      http.MethodGet,
		Path:        "/products/getproductlist",
		Summary:     "Every product with its features",
		Tags:        []string{"dealers"},
		Errors:      []int{401, 403, 404},
	}, func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.Legacy[[]product.CatalogEntry]], error) {
		if _, err := d.Users.Principal(ctx); err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.LegacyOK(product.Catalog())), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getDealerPackage",
		Method:      http.MethodPost,
		Path:        "/packages/GetDealerPackage",
		Summary:     "The dealer package of a store",
		Tags:        []string{"dealers"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *DealerPackageInput) (*httpapi.Body[httpapi.Legacy[product.DealerPackage]], error) {
		sess, _, err := d.Users.StoreSession(ctx, in.Body.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		p, err := a.products.Package(ctx, sess.Principal.Tenant, in.Body.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		if in.Body.PackageID != 0 && p.PackageID != in.Body.PackageID {
			return nil, apperr.Errorf(apperr.NotFound, "The store %d does not have the package %d.", in.Body.AccountPlatformID, in.Body.PackageID)
		}
		p.ProductIDs = nonNil(p.ProductIDs)
		return httpapi.Reply(httpapi.LegacyOK(p)), nil
	})
}
