package vehicle

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

// FeedCSVColumns are the columns of a catalogue feed in CSV, one row per trim after a header
// row naming them (in any order; make, model, year and trim are required, the others may be
// left out):
//
//	make, model, year, trim, msrp, imageUrl,
//	colors       "name|code|hex|kind" items separated by ";" (kind exterior or interior)
//	planPrices   "plan=price" items separated by ";"
//	features     "feature=value" items separated by ";"
//	fuelCity, fuelHighway, fuelCombined, fuelUnit
//
// The CSV form names no makes of its own: the group's makes are the given ones, or the trims'.
var FeedCSVColumns = []string{"make", "model", "year", "trim", "msrp", "imageUrl", "colors", "planPrices", "features", "fuelCity", "fuelHighway", "fuelCombined", "fuelUnit"}

// ParseFeedCSV reads a feed in CSV (see FeedCSVColumns) and checks it as ParseFeed does;
// makes are the group's makes (none for the trims' makes). Errors name the trim by its index
// (the data row, from 0) and the field.
func ParseFeedCSV(r io.Reader, makes []string, c *Catalogue) (Feed, error) {
	cr := csv.NewReader(r)
	cr.TrimLeadingSpace = true
	head, err := cr.Read()
	if err != nil {
		return Feed{}, apperr.Wrap(apperr.Invalid, err, "The feed has no header row.")
	}
	col := map[string]int{}
	known := map[string]bool{}
	for _, k := range FeedCSVColumns {
		known[strings.ToLower(k)] = true
	}
	for i, h := range head {
		h = strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))
		if !known[strings.ToLower(h)] {
			return Feed{}, apperr.InvalidFields("The feed's header is not valid.", map[string]string{"header": fmt.Sprintf("%q is not a column of the feed.", h)})
		}
		col[strings.ToLower(h)] = i
	}
	for _, req := range []string{"make", "model", "year", "trim"} {
		if _, ok := col[strings.ToLower(req)]; !ok {
			return Feed{}, apperr.InvalidFields("The feed's header is not valid.", map[string]string{"header": fmt.Sprintf("The %s column is missing.", req)})
		}
	}
	f := Feed{Makes: append([]string{}, makes...), Trims: []FeedTrim{}}
	fields := map[string]string{}
	seenMake := map[string]bool{}
	for row := 0; ; row++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Feed{}, apperr.Wrap(apperr.Invalid, err, "The feed is not valid CSV: "+err.Error())
		}
		get := func(name string) string {
			if i, ok := col[strings.ToLower(name)]; ok && i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		p := fmt.Sprintf("trims[%d]", row)
		num := func(name string) float64 {
			v := get(name)
			if v == "" {
				return 0
			}
			n, err := strconv.ParseFloat(v, 64)
			if err != nil || n < 0 {
				fields[p+"."+name] = fmt.Sprintf("%q is not a number.", v)
			}
			return n
		}
		t := FeedTrim{Make: get("make"), Model: get("model"), Trim: get("trim"), ImageURL: get("imageUrl"), MSRP: num("msrp")}
		if y, err := strconv.Atoi(get("year")); err == nil {
			t.Year = y
		} else {
			fields[p+".year"] = fmt.Sprintf("%q is not a model year.", get("year"))
		}
		for _, item := range items(get("colors")) {
			parts := strings.Split(item, "|")
			if len(parts) != 4 || (parts[3] != "exterior" && parts[3] != "interior") {
				fields[p+".colors"] = fmt.Sprintf("%q is not name|code|hex|kind (kind exterior or interior).", item)
				continue
			}
			t.Colors = append(t.Colors, Color{Name: parts[0], Code: parts[1], Hex: parts[2], Kind: parts[3]})
		}
		for _, item := range items(get("planPrices")) {
			plan, price, ok := strings.Cut(item, "=")
			n, err := strconv.ParseFloat(strings.TrimSpace(price), 64)
			if !ok || err != nil || n < 0 {
				fields[p+".planPrices"] = fmt.Sprintf("%q is not plan=price.", item)
				continue
			}
			t.PlanPrices = append(t.PlanPrices, PlanPrice{Plan: strings.TrimSpace(plan), Price: n})
		}
		for _, item := range items(get("features")) {
			name, value, ok := strings.Cut(item, "=")
			if !ok {
				fields[p+".features"] = fmt.Sprintf("%q is not feature=value.", item)
				continue
			}
			if t.Features == nil {
				t.Features = map[string]string{}
			}
			t.Features[strings.TrimSpace(name)] = strings.TrimSpace(value)
		}
		if get("fuelCity") != "" || get("fuelHighway") != "" || get("fuelCombined") != "" {
			t.FuelEconomy = &FuelEconomy{City: num("fuelCity"), Highway: num("fuelHighway"), Combined: num("fuelCombined"), Unit: get("fuelUnit")}
			if t.FuelEconomy.Unit == "" {
				t.FuelEconomy.Unit = "mpg"
			}
		}
		f.Trims = append(f.Trims, t)
		if len(makes) == 0 && t.Make != "" && !seenMake[strings.ToLower(t.Make)] {
			seenMake[strings.ToLower(t.Make)] = true
			f.Makes = append(f.Makes, t.Make)
		}
	}
	if len(fields) > 0 {
		return Feed{}, apperr.InvalidFields("The feed is not valid.", fields)
	}
	return CheckFeed(f, c)
}

// items splits a cell into its ";"-separated items, without empty ones.
func items(cell string) []string {
	var out []string
	for _, s := range strings.Split(cell, ";") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
