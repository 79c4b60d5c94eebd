package contact

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/value/email"
	"github.com/cxm/cxm/shared/value/phone"
	"github.com/cxm/cxm/shared/value/searchterm"
	"github.com/cxm/cxm/shared/value/vin"
)

// Page sizes of contact searches (section 9: 25 by default).
const (
	DefaultPageSize = 25
	MaxPageSize     = 100
)

// maxReadsPerPage bounds the entries an advanced search reads for one page: a page of a search
// whose filters match rarely ends early, with a cursor to continue.
const maxReadsPerPage = 1000

// MsgNoTerm refuses a quick search without a term.
const MsgNoTerm = "Enter a name, phone number, e-mail address, VIN or stock number."

// Match is one search result: a contact's summary and the entry it was found by.
type Match struct {
	Summary
	MatchedOn    string `json:"matchedOn" enum:"name,businessName,email,phone,vin,stockNumber,tag"`
	MatchedValue string `json:"matchedValue"`
}

// Page is one page of search results.
type Page struct {
	Matches []Match
	// Next continues the search; "" on the last page.
	Next string
	// Number is the page's number, from 1.
	Number int
	// ItemsRead is how many items the page read from the table.
	ItemsRead int
	// ByVINFragment says the term found nobody as what it was classified as and the page is of
	// the customers whose VIN ends with it.
	ByVINFragment bool
}

// plan is how a search reads: the entries of one kind and value, with a sort-key prefix,
// filtered (advanced search) or not.
type plan struct {
	kind, value, prefix string
	filter              func(entry) bool
	// filterKey identifies the filter in cursors.
	filterKey string
}

// planTerm returns the plan of a classified quick-search term; false for a term that can match
// nothing.
func planTerm(term searchterm.Term) (plan, bool) {
	switch term.Kind {
	case searchterm.Email:
		return plan{kind: kindEmail, value: term.Email}, true
	case searchterm.Phone:
		return plan{kind: kindPhone, value: term.Phone}, true
	case searchterm.VIN:
		return plan{kind: kindVIN, value: term.VIN}, true
	case searchterm.StockNumber:
		return plan{kind: kindStock, value: strings.ToUpper(term.StockNumber)}, true
	case searchterm.LastName:
		last := NormName(term.LastName)
		return plan{kind: kindName, value: shard(last), prefix: last}, last != ""
	case searchterm.FullName:
		last, first := NormName(term.LastName), NormName(term.FirstName)
		return plan{kind: kindName, value: shard(last), prefix: last + "#" + first}, last != ""
	case searchterm.BusinessName:
		b := NormBusiness(term.BusinessName)
		return plan{kind: kindBusiness, value: shard(b), prefix: b}, b != ""
	}
	return plan{}, false
}

// Search returns one page of the contacts of stores that term matches, in name order. A term
// of kind None is an Invalid error; a cursor of another search an Invalid error.
func (r *Repo) Search(ctx context.Context, t store.Tenant, stores []int64, term searchterm.Term, pageSize int, cursor string) (Page, error) {
	if term.Kind == searchterm.None {
		return Page{}, apperr.InvalidFields(MsgNoTerm, map[string]string{"term": MsgNoTerm})
	}
	p, ok := planTerm(term)
	if !ok {
		return Page{Matches: []Match{}, Number: 1}, nil
	}
	if term.VINFragment == "" {
		return r.run(ctx, t, stores, p, pageSize, cursor)
	}
	// The word may be the end of a VIN: when it finds nobody as what it was classified as, the
	// search falls through to the vehicles' VIN tails. A cursor continues the search it came
	// from: the fall-through's cursors are bound to its plan, so the first plan refuses them.
	tail := fragmentPlan(term.VINFragment)
	if cursor != "" {
		if page, err := r.run(ctx, t, stores, tail, pageSize, cursor); err == nil {
			page.ByVINFragment = true
			return page, nil
		}
		return r.run(ctx, t, stores, p, pageSize, cursor)
	}
	page, err := r.run(ctx, t, stores, p, pageSize, "")
	if err != nil || len(page.Matches) > 0 || page.Next != "" {
		return page, err
	}
	page, err = r.run(ctx, t, stores, tail, pageSize, "")
	page.ByVINFragment = err == nil && len(page.Matches) > 0
	return page, err
}

// fragmentPlan reads the entries of the VINs whose last six characters a fragment ends with,
// keeping those that end with the whole fragment.
func fragmentPlan(frag string) plan {
	return plan{
		kind: kindVINTail, value: vin.Tail(frag), filterKey: "tail\x1f" + frag,
		filter: func(e entry) bool { return strings.HasSuffix(e.Value, frag) },
	}
}

// Criteria are the fields of an advanced search. At least one of LastName, BusinessName,
// Email, Phone, VIN and StockNumber is needed: the search reads the entries of the most
// selective of them and filters by the others. Names match by prefix, City exactly (any
// case), PostalCode by prefix.
type Criteria struct {
	FirstName    string `json:"firstName,omitempty" maxLength:"100"`
	LastName     string `json:"lastName,omitempty" maxLength:"100"`
	BusinessName string `json:"businessName,omitempty" maxLength:"200"`
	Email        string `json:"email,omitempty" maxLength:"254"`
	Phone        string `json:"phone,omitempty" maxLength:"40"`
	VIN          string `json:"vin,omitempty" maxLength:"40"`
	StockNumber  string `json:"stockNumber,omitempty" maxLength:"20"`
	City         string `json:"city,omitempty" maxLength:"100"`
	PostalCode   string `json:"postalCode,omitempty" maxLength:"20"`
	IsMarkedHot  *bool  `json:"isMarkedHot,omitempty"`
}

// MsgNoCriteria refuses an advanced search without a searchable field.
const MsgNoCriteria = "Enter a last name, business name, e-mail address, phone number, VIN or stock number."

// planCriteria returns the plan of an advanced search, or an Invalid error naming the fields
// that are malformed.
func planCriteria(c Criteria) (plan, error) {
	fields := map[string]string{}
	var (
		mail, digits, v, stock string
		last                   = NormName(c.LastName)
		first                  = NormName(c.FirstName)
		biz                    = NormBusiness(c.BusinessName)
		city                   = strings.TrimSpace(c.City)
		postal                 = strings.ToUpper(strings.TrimSpace(c.PostalCode))
	)
	if strings.TrimSpace(c.Email) != "" {
		var ok bool
		if mail, ok = email.Normalize(c.Email); !ok {
			fields["email"] = email.Invalid
		}
	}
	if strings.TrimSpace(c.Phone) != "" {
		d, ok := phone.ParseGeneric(c.Phone)
		if !ok {
			var err error
			if d, err = phone.Normalize(c.Phone, ""); err != nil {
				fields["phone"] = phone.InvalidNumber
			}
		}
		digits = d
	}
	var frag string
	if strings.TrimSpace(c.VIN) != "" {
		if v = vin.Clean(c.VIN); v == "" {
			var ok bool
			if frag, ok = vin.Fragment(c.VIN); !ok {
				fields["vin"] = MsgVINSearch
			}
		}
	}
	if s := strings.ToUpper(strings.TrimSpace(c.StockNumber)); s != "" {
		if !stockPattern.MatchString(s) {
			fields["stockNumber"] = MsgStockNumber
		}
		stock = s
	}
	if len(fields) > 0 {
		return plan{}, apperr.InvalidFields("The search is not valid.", fields)
	}
	var p plan
	switch {
	case mail != "":
		p = plan{kind: kindEmail, value: mail}
	case digits != "":
		p = plan{kind: kindPhone, value: digits}
	case v != "":
		p = plan{kind: kindVIN, value: v}
	case frag != "":
		p = fragmentPlan(frag)
	case stock != "":
		p = plan{kind: kindStock, value: stock}
	case last != "":
		p = plan{kind: kindName, value: shard(last), prefix: last}
	case biz != "":
		p = plan{kind: kindBusiness, value: shard(biz), prefix: biz}
	default:
		return plan{}, apperr.InvalidFields(MsgNoCriteria, map[string]string{"lastName": MsgNoCriteria})
	}
	byKind := p.filter
	p.filter = func(e entry) bool {
		if byKind != nil && !byKind(e) {
			return false
		}
		s := e.Summary
		switch {
		case first != "" && !strings.HasPrefix(NormName(s.FirstName), first),
			last != "" && !strings.HasPrefix(NormName(s.LastName), last),
			biz != "" && !strings.HasPrefix(NormBusiness(s.BusinessName), biz),
			mail != "" && !slices.Contains(s.Emails, mail),
			digits != "" && !slices.Contains(s.Phones, digits),
			v != "" && !slices.Contains(s.VINs, v),
			frag != "" && !slices.ContainsFunc(s.VINs, func(x string) bool { return strings.HasSuffix(x, frag) }),
			stock != "" && !slices.Contains(s.StockNumbers, stock),
			city != "" && !strings.EqualFold(s.City, city),
			postal != "" && !strings.HasPrefix(strings.ToUpper(s.PostalCode), postal),
			c.IsMarkedHot != nil && s.IsMarkedHot != *c.IsMarkedHot:
			return false
		}
		return true
	}
	hot := ""
	if c.IsMarkedHot != nil {
		hot = strconv.FormatBool(*c.IsMarkedHot)
	}
	p.filterKey = strings.Join([]string{first, last, biz, mail, digits, v, frag, stock, strings.ToUpper(city), postal, hot}, "\x1f")
	return p, nil
}

// AdvancedSearch returns one page of the contacts of stores that match every field of c, in
// name order. Criteria without a searchable field, or with a malformed one, are an Invalid
// error. A page reads at most 1,000 entries: it may hold fewer matches than pageSize and still
// have a next page.
func (r *Repo) AdvancedSearch(ctx context.Context, t store.Tenant, stores []int64, c Criteria, pageSize int, cursor string) (Page, error) {
	p, err := planCriteria(c)
	if err != nil {
		return Page{}, err
	}
	return r.run(ctx, t, stores, p, pageSize, cursor)
}

// stream reads one store's entries of a plan, a page at a time.
type stream struct {
	store int64
	q     store.Query
	start string // the cursor the buffer was read from
	items []map[string]types.AttributeValue
	pos   int
	next  string
}

func (s *stream) fill(ctx context.Context, st *store.Store) error {
	s.start = s.q.Cursor
	page, err := st.Query(ctx, s.q)
	if err != nil {
		return err
	}
	s.items, s.pos, s.next = page.Items, 0, page.Next
	s.q.Cursor = page.Next
	return nil
}

func (s *stream) head() string {
	if v, ok := s.items[s.pos]["GSI1SK"].(*types.AttributeValueMemberS); ok {
		return v.Value
	}
	return ""
}

// searchState is what a search cursor holds: the page number, each unfinished store's cursor
// and the stores read to the end.
type searchState struct {
	Page int               `json:"p"`
	At   map[string]string `json:"c,omitempty"`
	Done []int64           `json:"d,omitempty"`
}

// run reads one page of plan p over stores: each store's entries in sort-key order, merged.
func (r *Repo) run(ctx context.Context, t store.Tenant, stores []int64, p plan, pageSize int, cursor string) (Page, error) {
	if pageSize == 0 {
		pageSize = DefaultPageSize
	}
	if pageSize < 1 || pageSize > MaxPageSize {
		return Page{}, apperr.InvalidFields("The page size is not valid.", map[string]string{"pageSize": fmt.Sprintf("The page size must be 1 to %d.", MaxPageSize)})
	}
	stores = slices.Clone(stores)
	slices.Sort(stores)
	stores = slices.Compact(stores)
	binding := fmt.Sprintf("%s\x1e%s\x1e%s\x1e%v\x1e%s", p.kind, p.value, p.prefix, stores, p.filterKey)
	state := searchState{Page: 1}
	if cursor != "" {
		var err error
		if state, err = r.openSearchCursor(cursor, binding); err != nil {
			return Page{}, err
		}
	}
	// An unfiltered page reads each store's share of the page plus a little, and reads on only
	// the stores whose share ran out: a page of several stores reads about one item per result.
	fetch := pageSize
	open := 0
	for _, id := range stores {
		if !slices.Contains(state.Done, id) {
			open++
		}
	}
	if open > 1 {
		fetch = min(pageSize, (pageSize+open-1)/open+2)
	}
	if p.filter != nil {
		fetch = MaxPageSize
	}
	var streams []*stream
	for _, id := range stores {
		if slices.Contains(state.Done, id) {
			continue
		}
		part, err := t.Partition(partitionParts(id, p.kind, p.value)...)
		if err != nil {
			return Page{}, err
		}
		streams = append(streams, &stream{store: id, q: store.Query{
			Index: "GSI1", Partition: part, SortPrefix: p.prefix, Limit: fetch,
			Cursor: state.At[strconv.FormatInt(id, 10)],
		}})
	}
	out := Page{Matches: []Match{}, Number: state.Page}
	if err := r.fillAll(ctx, streams); err != nil {
		return Page{}, err
	}
	for _, s := range streams {
		out.ItemsRead += len(s.items)
	}
	// A stream whose buffer is used up is read on before any stream's head is taken, so the
	// merge stays in order; once the page's reads are spent, the page ends there.
merge:
	for len(out.Matches) < pageSize {
		var best *stream
		for _, s := range streams {
			for s.pos >= len(s.items) && s.next != "" {
				if out.ItemsRead >= maxReadsPerPage {
					break merge
				}
				if p.filter == nil {
					s.q.Limit = pageSize - len(out.Matches)
				}
				if err := s.fill(ctx, r.s); err != nil {
					return Page{}, err
				}
				out.ItemsRead += len(s.items)
			}
			if s.pos < len(s.items) && (best == nil || s.head() < best.head()) {
				best = s
			}
		}
		if best == nil {
			break
		}
		var e entry
		if err := decodeItem(best.items[best.pos], &e); err != nil {
			return Page{}, err
		}
		best.pos++
		if p.filter == nil || p.filter(e) {
			out.Matches = append(out.Matches, Match{Summary: e.Summary, MatchedOn: matchedOn[e.Kind], MatchedValue: e.Value})
		}
	}
	next := searchState{Page: state.Page + 1, At: map[string]string{}, Done: slices.Clone(state.Done)}
	more := false
	for _, s := range streams {
		id := strconv.FormatInt(s.store, 10)
		switch {
		case s.pos >= len(s.items) && s.next == "":
			next.Done = append(next.Done, s.store)
			continue
		case s.pos >= len(s.items):
			next.At[id] = s.next
		case s.pos == 0:
			next.At[id] = s.start
		default:
			c, err := r.s.CursorAfter(s.q, s.items[s.pos-1])
			if err != nil {
				return Page{}, err
			}
			next.At[id] = c
		}
		more = true
	}
	if more {
		c, err := r.sealSearchCursor(next, binding)
		if err != nil {
			return Page{}, err
		}
		out.Next = c
	}
	return out, nil
}

// fillAll reads the first page of every stream at once.
func (r *Repo) fillAll(ctx context.Context, streams []*stream) error {
	if len(streams) == 1 {
		return streams[0].fill(ctx, r.s)
	}
	var wg sync.WaitGroup
	errs := make([]error, len(streams))
	for i, s := range streams {
		wg.Go(func() { errs[i] = s.fill(ctx, r.s) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func decodeItem(item map[string]types.AttributeValue, out any) error {
	return store.Page{Items: []map[string]types.AttributeValue{item}}.DecodeItem(0, out)
}

func (r *Repo) searchMAC(payload []byte, binding string) []byte {
	mac := hmac.New(sha256.New, r.s.DeriveKey("contact search cursor"))
	mac.Write([]byte(binding))
	mac.Write([]byte{0})
	mac.Write(payload)
	return mac.Sum(nil)
}

func (r *Repo) sealSearchCursor(s searchState, binding string) (string, error) {
	payload, err := json.Marshal(s)
	if err != nil {
		return "", fmt.Errorf("seal search cursor: %w", err)
	}
	enc := base64.RawURLEncoding
	return enc.EncodeToString(payload) + "." + enc.EncodeToString(r.searchMAC(payload, binding)), nil
}

func (r *Repo) openSearchCursor(cursor, binding string) (searchState, error) {
	bad := apperr.InvalidFields("The page cursor is not valid for this search.", map[string]string{"cursor": "Start the search again."})
	enc := base64.RawURLEncoding
	p, sig, ok := strings.Cut(cursor, ".")
	if !ok {
		return searchState{}, bad
	}
	payload, err1 := enc.DecodeString(p)
	mac, err2 := enc.DecodeString(sig)
	if err1 != nil || err2 != nil || !hmac.Equal(mac, r.searchMAC(payload, binding)) {
		return searchState{}, bad
	}
	var s searchState
	if err := json.Unmarshal(payload, &s); err != nil || s.Page < 1 {
		return searchState{}, bad
	}
	return s, nil
}
