package garage

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/vehicle"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/danielgtaylor/huma/v2"
)

// VINPath is the path of GET /vehicle/vin/{vin}.
type VINPath struct {
	VIN string `path:"vin" maxLength:"40" doc:"The VIN; spaces are ignored, any case."`
}

// CatalogueQuery is the body of the catalogue searches: every field narrows the answer.
type CatalogueQuery struct {
	Query      string `json:"query,omitempty" required:"false" maxLength:"80" doc:"Names starting with or holding this text (any case)."`
	Year       int    `json:"year,omitempty" required:"false" minimum:"0" maximum:"2100" doc:"Only what was made in this model year."`
	MakeID     int64  `json:"makeId,omitempty" required:"false" minimum:"0" doc:"The make (its catalogue id)."`
	MakeName   string `json:"makeName,omitempty" required:"false" maxLength:"80" doc:"The make by name, when makeId is not given."`
	ModelID    int64  `json:"modelId,omitempty" required:"false" minimum:"0" doc:"The model (its catalogue id)."`
	ModelName  string `json:"modelName,omitempty" required:"false" maxLength:"80" doc:"The model by name, when modelId is not given."`
	PageNumber int    `json:"pageNumber,omitempty" required:"false" minimum:"0" doc:"From 1; default 1."`
	PageSize   int    `json:"pageSize,omitempty" required:"false" minimum:"0" maximum:"1000" doc:"Default 100."`
}

// CatalogueInput is the request of the catalogue searches.
type CatalogueInput struct {
	Body *CatalogueQuery
}

// MakeItem is a make of the catalogue.
type MakeItem struct {
	MakeID   int64  `json:"makeId"`
	MakeName string `json:"makeName"`
}

// ModelItem is a model of the catalogue.
type ModelItem struct {
	ModelID   int64  `json:"modelId"`
	ModelName string `json:"modelName"`
	MakeID    int64  `json:"makeId"`
	MakeName  string `json:"makeName"`
	YearFrom  int    `json:"yearFrom"`
	YearTo    int    `json:"yearTo"`
}

// TrimItem is a trim of one model year of a model.
type TrimItem struct {
	TrimName  string `json:"trimName"`
	Year      int    `json:"year"`
	ModelID   int64  `json:"modelId"`
	ModelName string `json:"modelName"`
	MakeID    int64  `json:"makeId"`
	MakeName  string `json:"makeName"`
}

// DecodeBatchInput is the request of POST /vehicle/vin/decode_batch.
type DecodeBatchInput struct {
	Body struct {
		VINs []string `json:"vins" maxItems:"10000" doc:"Up to 10,000 VINs."`
	}
}

// DealerYearsInput is the request of POST /vehicle/years/dealer_years.
type DealerYearsInput struct {
	httpapi.ScopeHeader
	Body *struct {
		AccountPlatformID int64 `json:"accountPlatformId,omitempty" required:"false" minimum:"0" doc:"The store; absent for the Scope header's first store."`
		MakeID            int64 `json:"makeId,omitempty" required:"false" minimum:"0"`
		ModelID           int64 `json:"modelId,omitempty" required:"false" minimum:"0"`
	}
}

// DealerGroupMakesInput is the request of POST /vehicle/makes/get_dealer_group_makes.
type DealerGroupMakesInput struct {
	httpapi.ScopeHeader
	Body *struct{}
}

const maxPage = 1000

func (q *CatalogueQuery) page() (int, int) {
	n, s := 1, 100
	if q != nil {
		if q.PageNumber > 0 {
			n = q.PageNumber
		}
		if q.PageSize > 0 {
			s = q.PageSize
		}
	}
	return n, s
}

func pageOf[T any](all []T, number, size int) httpapi.Result[[]T] {
	from := min((number-1)*size, len(all))
	to := min(from+size, len(all))
	return httpapi.Paged(slices.Clip(all[from:to]), httpapi.NewPageData(number, size, len(all)))
}

func matches(name, q string) bool {
	return q == "" || strings.Contains(strings.ToLower(name), q)
}

// makes returns the makes q asks for.
func (x *area) makes(q *CatalogueQuery) []vehicle.Make {
	var text string
	var year int
	if q != nil {
		text, year = strings.ToLower(strings.TrimSpace(q.Query)), q.Year
	}
	var out []vehicle.Make
	for _, m := range x.cat.Makes() {
		if q != nil && q.MakeID != 0 && m.ID != q.MakeID {
			continue
		}
		if q != nil && q.MakeID == 0 && q.MakeName != "" && !strings.EqualFold(m.Name, strings.TrimSpace(q.MakeName)) {
			continue
		}
		if !matches(m.Name, text) || (year != 0 && !m.HasYear(year)) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// models returns the models q asks for. A make named by id or name that the catalogue lacks is
// an Invalid error.
func (x *area) models(q *CatalogueQuery) ([]ModelItem, error) {
	if q == nil || (q.MakeID == 0 && strings.TrimSpace(q.MakeName) == "") {
		return nil, apperr.InvalidFields("Choose a make.", map[string]string{"makeId": "Choose a make."})
	}
	mk := x.makes(&CatalogueQuery{MakeID: q.MakeID, MakeName: q.MakeName})
	if len(mk) == 0 {
		return nil, apperr.InvalidFields("The make is not in the catalogue.", map[string]string{"makeId": "The make is not in the catalogue."})
	}
	text := strings.ToLower(strings.TrimSpace(q.Query))
	var out []ModelItem
	for _, mo := range mk[0].Models {
		if q.ModelID != 0 && mo.ID != q.ModelID {
			continue
		}
		if !matches(mo.Name, text) || (q.Year != 0 && !mo.HasYear(q.Year)) {
			continue
		}
		from, to := mo.YearRange()
		out = append(out, ModelItem{ModelID: mo.ID, ModelName: mo.Name, MakeID: mk[0].ID, MakeName: mk[0].Name, YearFrom: from, YearTo: to})
	}
	return out, nil
}

// trims returns the trims q asks for: of one model, in one model year or every year.
func (x *area) trims(q *CatalogueQuery) ([]TrimItem, error) {
	if q == nil || (q.ModelID == 0 && strings.TrimSpace(q.ModelName) == "") {
		return nil, apperr.InvalidFields("Choose a model.", map[string]string{"modelId": "Choose a model."})
	}
	mk := x.makes(&CatalogueQuery{MakeID: q.MakeID, MakeName: q.MakeName})
	if q.MakeID == 0 && q.MakeName == "" {
		return nil, apperr.InvalidFields("Choose a make.", map[string]string{"makeId": "Choose a make."})
	}
	if len(mk) == 0 {
		return nil, apperr.InvalidFields("The make is not in the catalogue.", map[string]string{"makeId": "The make is not in the catalogue."})
	}
	var mo vehicle.Model
	var ok bool
	if q.ModelID != 0 {
		mo, ok = mk[0].ModelByID(q.ModelID)
	} else {
		mo, ok = mk[0].Model(q.ModelName)
	}
	if !ok {
		return nil, apperr.InvalidFields("The model is not in the catalogue.", map[string]string{"modelId": "The model is not one of the make's."})
	}
	text := strings.ToLower(strings.TrimSpace(q.Query))
	var out []TrimItem
	for i := len(mo.Years) - 1; i >= 0; i-- {
		y := mo.Years[i]
		if q.Year != 0 && y.Year != q.Year {
			continue
		}
		for _, t := range y.Trims {
			if matches(t, text) {
				out = append(out, TrimItem{TrimName: t, Year: y.Year, ModelID: mo.ID, ModelName: mo.Name, MakeID: mk[0].ID, MakeName: mk[0].Name})
			}
		}
	}
	return out, nil
}

func (x *area) registerCatalogue(api *httpapi.API) {
	tags := []string{"vehicles"}
	errs := []int{400, 401}
	httpapi.Register(api, huma.Operation{
		OperationID: "decodeVin", Method: http.MethodGet, Path: "/vehicle/vin/{vin}",
		Summary:     "Decode a VIN",
		Description: "Decodes a VIN from the catalogue (NHTSA vPIC): model year, make, model, trim, series, body, engine. A VIN whose check digit (position 9) is wrong is decoded but flagged: checkDigitValid false and a message. Text that is not a VIN (length, I, O or Q, other characters) is a 400 naming the vin.",
		Tags:        tags, Errors: errs,
	}, func(ctx context.Context, in *VINPath) (*httpapi.Body[httpapi.Result[vehicle.Decoded]], error) {
		if _, err := x.session(ctx); err != nil {
			return nil, err
		}
		d, err := x.decode(in.VIN)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(d)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "decodeVinBatch", Method: http.MethodPost, Path: "/vehicle/vin/decode_batch",
		Summary:     "Decode many VINs",
		Description: "Decodes up to 10,000 VINs in one call, in the order given. Each answer is the decoding GET /vehicle/vin/{vin} gives, or for text that is not a VIN, the VIN with decoded false and the reason in messages.",
		Tags:        tags, Errors: errs,
	}, func(ctx context.Context, in *DecodeBatchInput) (*httpapi.Body[httpapi.Result[[]vehicle.Decoded]], error) {
		if _, err := x.session(ctx); err != nil {
			return nil, err
		}
		now := x.now()
		out := make([]vehicle.Decoded, len(in.Body.VINs))
		for i, v := range in.Body.VINs {
			d, err := x.cat.Decode(v, now)
			if err != nil {
				d = vehicle.Decoded{VIN: v, Messages: []string{err.Error()}}
			}
			out[i] = d
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "searchMakes", Method: http.MethodPost, Path: "/vehicle/makes/search",
		Summary:     "Search makes",
		Description: "The catalogue's makes (cars, multipurpose vehicles and light trucks of NHTSA vPIC), by name, narrowed by the text and the model year; paged.",
		Tags:        tags, Errors: errs,
	}, func(ctx context.Context, in *CatalogueInput) (*httpapi.Body[httpapi.Result[[]MakeItem]], error) {
		if _, err := x.session(ctx); err != nil {
			return nil, err
		}
		ms := x.makes(in.Body)
		out := make([]MakeItem, len(ms))
		for i, m := range ms {
			out[i] = MakeItem{MakeID: m.ID, MakeName: m.Name}
		}
		n, s := in.Body.page()
		return httpapi.Reply(pageOf(out, n, s)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "searchMakeNames", Method: http.MethodPost, Path: "/vehicle/makes/search_names",
		Summary:     "Search make names",
		Description: "The names of the makes POST /vehicle/makes/search finds.",
		Tags:        tags, Errors: errs,
	}, func(ctx context.Context, in *CatalogueInput) (*httpapi.Body[httpapi.Result[[]string]], error) {
		if _, err := x.session(ctx); err != nil {
			return nil, err
		}
		ms := x.makes(in.Body)
		out := make([]string, len(ms))
		for i, m := range ms {
			out[i] = m.Name
		}
		n, s := in.Body.page()
		return httpapi.Reply(pageOf(out, n, s)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "searchModels", Method: http.MethodPost, Path: "/vehicle/models/search",
		Summary:     "Search models",
		Description: "The models of a make (makeId or makeName), narrowed by the text and the model year, with their first and last model years.",
		Tags:        tags, Errors: errs,
	}, func(ctx context.Context, in *CatalogueInput) (*httpapi.Body[httpapi.Result[[]ModelItem]], error) {
		if _, err := x.session(ctx); err != nil {
			return nil, err
		}
		out, err := x.models(in.Body)
		if err != nil {
			return nil, err
		}
		n, s := in.Body.page()
		return httpapi.Reply(pageOf(out, n, s)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "searchModelNames", Method: http.MethodPost, Path: "/vehicle/models/search_names",
		Summary:     "Search model names",
		Description: "The names of the models POST /vehicle/models/search finds.",
		Tags:        tags, Errors: errs,
	}, func(ctx context.Context, in *CatalogueInput) (*httpapi.Body[httpapi.Result[[]string]], error) {
		if _, err := x.session(ctx); err != nil {
			return nil, err
		}
		ms, err := x.models(in.Body)
		if err != nil {
			return nil, err
		}
		out := make([]string, len(ms))
		for i, m := range ms {
			out[i] = m.ModelName
		}
		n, s := in.Body.page()
		return httpapi.Reply(pageOf(out, n, s)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "searchTrims", Method: http.MethodPost, Path: "/vehicle/trims/search",
		Summary:     "Search trims",
		Description: "The trims of a model (make and model by id or name), newest model year first, narrowed by the text and the model year. Trims are what vPIC's patterns hold (its Trim element, or its Series where a make records no trims).",
		Tags:        tags, Errors: errs,
	}, func(ctx context.Context, in *CatalogueInput) (*httpapi.Body[httpapi.Result[[]TrimItem]], error) {
		if _, err := x.session(ctx); err != nil {
			return nil, err
		}
		out, err := x.trims(in.Body)
		if err != nil {
			return nil, err
		}
		n, s := in.Body.page()
		return httpapi.Reply(pageOf(out, n, s)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "searchTrimNames", Method: http.MethodPost, Path: "/vehicle/trims/search_names",
		Summary:     "Search trim names",
		Description: "The distinct names of the trims POST /vehicle/trims/search finds.",
		Tags:        tags, Errors: errs,
	}, func(ctx context.Context, in *CatalogueInput) (*httpapi.Body[httpapi.Result[[]string]], error) {
		if _, err := x.session(ctx); err != nil {
			return nil, err
		}
		ts, err := x.trims(in.Body)
		if err != nil {
			return nil, err
		}
		var out []string
		seen := map[string]bool{}
		for _, t := range ts {
			if !seen[t.TrimName] {
				seen[t.TrimName] = true
				out = append(out, t.TrimName)
			}
		}
		if out == nil {
			out = []string{}
		}
		n, s := in.Body.page()
		return httpapi.Reply(pageOf(out, n, s)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getDealerGroupMakes", Method: http.MethodPost, Path: "/vehicle/makes/get_dealer_group_makes",
		Summary:     "The dealer group's makes",
		Description: "The makes the caller's dealer group sells: those of its catalogue feed (see the README's vehicle catalogue), by name; empty when the group has imported no feed.",
		Tags:        tags, Errors: errs,
	}, func(ctx context.Context, in *DealerGroupMakesInput) (*httpapi.Body[httpapi.Result[[]MakeItem]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		names, err := x.feeds.Makes(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		out := []MakeItem{}
		for _, n := range names {
			if m, ok := x.cat.MakeByName(n); ok {
				out = append(out, MakeItem{MakeID: m.ID, MakeName: m.Name})
			}
		}
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getDealerYears", Method: http.MethodPost, Path: "/vehicle/years/dealer_years",
		Summary:     "The dealer's model years",
		Description: "The model years, newest first, of the dealer group's makes (all makes when the group has imported no feed), narrowed to one make or model when given, up to next year.",
		Tags:        tags, Errors: []int{400, 401, 403},
	}, func(ctx context.Context, in *DealerYearsInput) (*httpapi.Body[httpapi.Result[[]int]], error) {
		sess, err := x.session(ctx)
		if err != nil {
			return nil, err
		}
		if in.Body != nil && in.Body.AccountPlatformID != 0 {
			if _, err := sess.Store(in.Body.AccountPlatformID); err != nil {
				return nil, err
			}
		}
		names, err := x.feeds.Makes(ctx, sess.Principal.Tenant)
		if err != nil {
			return nil, err
		}
		var makes []vehicle.Make
		for _, n := range names {
			if m, ok := x.cat.MakeByName(n); ok {
				makes = append(makes, m)
			}
		}
		if len(makes) == 0 {
			makes = x.cat.Makes()
		}
		maxYear := x.now().Year() + 1
		years := map[int]bool{}
		for _, m := range makes {
			if in.Body != nil && in.Body.MakeID != 0 && m.ID != in.Body.MakeID {
				continue
			}
			for _, mo := range m.Models {
				if in.Body != nil && in.Body.ModelID != 0 && mo.ID != in.Body.ModelID {
					continue
				}
				for _, y := range mo.Years {
					if y.Year <= maxYear {
						years[y.Year] = true
					}
				}
			}
		}
		out := make([]int, 0, len(years))
		for y := range years {
			out = append(out, y)
		}
		slices.SortFunc(out, func(a, b int) int { return b - a })
		return httpapi.Reply(httpapi.OK(out)), nil
	})

	x.registerFeed(api)
}

func (x *area) now() time.Time { return x.d.Store.Now() }

// decode decodes v; text that is not a VIN is an Invalid error naming vin.
func (x *area) decode(v string) (vehicle.Decoded, error) {
	d, err := x.cat.Decode(v, x.now())
	if nv, ok := err.(vehicle.ErrNotVIN); ok {
		return vehicle.Decoded{}, apperr.InvalidFields(nv.Reason, map[string]string{"vin": nv.Reason})
	}
	return d, err
}
