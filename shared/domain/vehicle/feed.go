package vehicle

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Feed is a dealer group's catalogue feed: what no public offline source holds (colours,
// images, the dealer's plan prices, features, fuel economy), per trim, and the makes the group
// sells. It is JSON:
//
//	{"makes": ["Toyota", "Honda"],
//	 "trims": [{"make": "Toyota", "model": "Camry", "year": 2026, "trim": "LE", "msrp": 28400,
//	            "colors": [{"name": "Midnight Black Metallic", "code": "218", "hex": "#1B1B1B", "kind": "exterior"}],
//	            "imageUrl": "https://...", "planPrices": [{"plan": "Employee", "price": 27100}],
//	            "features": {"Adaptive cruise control": "Standard"},
//	            "fuelEconomy": {"city": 28, "highway": 39, "combined": 32, "unit": "mpg"}}]}
//
// Makes and models must be the catalogue's (NHTSA vPIC) names; an import replaces the group's
// makes and adds or replaces the trims it names.
type Feed struct {
	Makes []string   `json:"makes"`
	Trims []FeedTrim `json:"trims"`
}

// FeedTrim is the feed's data of one trim of one model year.
type FeedTrim struct {
	Make        string            `json:"make"`
	Model       string            `json:"model"`
	Year        int               `json:"year"`
	Trim        string            `json:"trim"`
	MSRP        float64           `json:"msrp"`
	Colors      []Color           `json:"colors" nullable:"false"`
	ImageURL    string            `json:"imageUrl"`
	PlanPrices  []PlanPrice       `json:"planPrices" nullable:"false"`
	Features    map[string]string `json:"features"`
	FuelEconomy *FuelEconomy      `json:"fuelEconomy"`
}

// Color is a colour a trim is offered in.
type Color struct {
	Name string `json:"name"`
	Code string `json:"code"`
	Hex  string `json:"hex"`
	Kind string `json:"kind" enum:"exterior,interior"`
}

// PlanPrice is a dealer plan's price of a trim (employee, supplier, loyalty plans).
type PlanPrice struct {
	Plan  string  `json:"plan"`
	Price float64 `json:"price"`
}

// FuelEconomy is a trim's rated fuel economy.
type FuelEconomy struct {
	City     float64 `json:"city"`
	Highway  float64 `json:"highway"`
	Combined float64 `json:"combined"`
	Unit     string  `json:"unit"`
}

// Feeds keeps the dealer groups' catalogue feeds.
type Feeds struct{ s *store.Store }

// NewFeeds returns the feeds kept in s.
func NewFeeds(s *store.Store) *Feeds { return &Feeds{s: s} }

type makesItem struct{ Makes []string }

type trimItem struct{ Body string }

func feedKey(t store.Tenant, sk string) (store.Key, error) { return t.Key(sk, "VFEED") }

// trimSK returns the sort key of a trim of the feed.
func trimSK(make, model string, year int, trim string) string {
	return "TRIM#" + strings.ToLower(make+"#"+model+"#"+strconv.Itoa(year)+"#"+trim)
}

// ParseFeed reads a feed and checks it against the catalogue c: known makes and models, model
// years the model was made in, no trim twice. Errors name the trim by its index.
func ParseFeed(r io.Reader, c *Catalogue) (Feed, error) {
	var f Feed
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return Feed{}, apperr.Wrap(apperr.Invalid, err, "The feed is not valid JSON: "+err.Error())
	}
	return CheckFeed(f, c)
}

// CheckFeed checks feed f against the catalogue c as ParseFeed does and returns it with the
// catalogue's spelling of its makes and models.
func CheckFeed(f Feed, c *Catalogue) (Feed, error) {
	fields := map[string]string{}
	for i, m := range f.Makes {
		mk, ok := c.MakeByName(m)
		if !ok {
			fields[fmt.Sprintf("makes[%d]", i)] = fmt.Sprintf("%q is not a make of the catalogue.", m)
			continue
		}
		f.Makes[i] = mk.Name
	}
	seen := map[string]bool{}
	for i, t := range f.Trims {
		p := fmt.Sprintf("trims[%d]", i)
		mk, ok := c.MakeByName(t.Make)
		if !ok {
			fields[p+".make"] = fmt.Sprintf("%q is not a make of the catalogue.", t.Make)
			continue
		}
		mo, ok := mk.Model(t.Model)
		if !ok {
			fields[p+".model"] = fmt.Sprintf("%q is not a model of %s.", t.Model, mk.Name)
			continue
		}
		if !mo.HasYear(t.Year) {
			fields[p+".year"] = fmt.Sprintf("%s %s has no model year %d in the catalogue.", mk.Name, mo.Name, t.Year)
		}
		if strings.TrimSpace(t.Trim) == "" {
			fields[p+".trim"] = "Name the trim."
		}
		f.Trims[i].Make, f.Trims[i].Model, f.Trims[i].Trim = mk.Name, mo.Name, strings.TrimSpace(t.Trim)
		sk := trimSK(mk.Name, mo.Name, t.Year, f.Trims[i].Trim)
		if seen[sk] {
			fields[p] = "The trim is in the feed twice."
		}
		seen[sk] = true
		if f.Trims[i].Colors == nil {
			f.Trims[i].Colors = []Color{}
		}
		if f.Trims[i].PlanPrices == nil {
			f.Trims[i].PlanPrices = []PlanPrice{}
		}
	}
	if len(fields) > 0 {
		return Feed{}, apperr.InvalidFields("The feed is not valid.", fields)
	}
	sort.Strings(f.Makes)
	return f, nil
}

// Import replaces tenant t's feed with f (checked by ParseFeed).
func (fs *Feeds) Import(ctx context.Context, t store.Tenant, f Feed) error {
	mk, err := feedKey(t, "MAKES")
	if err != nil {
		return err
	}
	recs := []store.Record{{Key: mk, Type: "CatalogueFeedMakes", Value: makesItem{Makes: f.Makes}}}
	for _, tr := range f.Trims {
		k, err := feedKey(t, trimSK(tr.Make, tr.Model, tr.Year, tr.Trim))
		if err != nil {
			return err
		}
		b, err := json.Marshal(tr)
		if err != nil {
			return err
		}
		recs = append(recs, store.Record{Key: k, Type: "CatalogueFeedTrim", Value: trimItem{Body: string(b)}})
	}
	return fs.s.BatchPut(ctx, recs)
}

// Makes returns the makes of tenant t's feed; none without a feed.
func (fs *Feeds) Makes(ctx context.Context, t store.Tenant) ([]string, error) {
	k, err := feedKey(t, "MAKES")
	if err != nil {
		return nil, err
	}
	var it makesItem
	if _, err := fs.s.Get(ctx, k, &it); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return []string{}, nil
		}
		return nil, err
	}
	return it.Makes, nil
}

// Trim returns the feed's data of one trim; a trim the feed lacks is a NotFound error.
func (fs *Feeds) Trim(ctx context.Context, t store.Tenant, make, model string, year int, trim string) (FeedTrim, error) {
	k, err := feedKey(t, trimSK(make, model, year, trim))
	if err != nil {
		return FeedTrim{}, err
	}
	var it trimItem
	if _, err := fs.s.Get(ctx, k, &it); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return FeedTrim{}, apperr.Errorf(apperr.NotFound, "The dealer group's catalogue feed has no %d %s %s %s.", year, make, model, trim)
		}
		return FeedTrim{}, err
	}
	var out FeedTrim
	if err := json.Unmarshal([]byte(it.Body), &out); err != nil {
		return FeedTrim{}, fmt.Errorf("feed trim: %w", err)
	}
	return out, nil
}

// Trims returns every trim of tenant t's feed, by make, model, year and trim; none without a
// feed.
func (fs *Feeds) Trims(ctx context.Context, t store.Tenant) ([]FeedTrim, error) {
	p, err := t.Partition("VFEED")
	if err != nil {
		return nil, err
	}
	its, err := store.QueryAll[trimItem](ctx, fs.s, store.Query{Partition: p, SortPrefix: "TRIM#", Limit: 1000})
	if err != nil {
		return nil, fmt.Errorf("feed trims: %w", err)
	}
	out := make([]FeedTrim, 0, len(its))
	for _, it := range its {
		var tr FeedTrim
		if err := json.Unmarshal([]byte(it.Body), &tr); err != nil {
			return nil, fmt.Errorf("feed trim: %w", err)
		}
		out = append(out, tr)
	}
	return out, nil
}
