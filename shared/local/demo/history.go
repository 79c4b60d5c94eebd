package demo

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/user"
)

// HistoryOptions size a dealer group's generated history: the leads its stores received over
// the last Days days before the seed's now, with the calls, notes, tasks, claims, status
// changes and sales that followed. The zero value generates none.
type HistoryOptions struct {
	// Days is how far back the history goes.
	Days int
	// Leads is how many leads a store of average size receives over those days (see
	// storeSize).
	Leads int
	// Seed seeds the random sources: the same seed, group and now give the same history.
	Seed uint64
}

// Defaults of the history make run seeds.
const (
	DefaultHistoryDays  = 90
	DefaultHistoryLeads = 150
)

// DefaultHistory is the history make run seeds: 90 days of about 150 leads per store.
func DefaultHistory() HistoryOptions {
	return HistoryOptions{Days: DefaultHistoryDays, Leads: DefaultHistoryLeads, Seed: 2026}
}

// History is what a dealer group's stores did over the generated days.
type History struct {
	// Contacts are the new customers the leads brought, created when their lead arrived.
	Contacts []contact.Contact
	// Leads are the leads with their changes.
	Leads []lead.History
	// Activity are the calls and notes about the leads' customers (the leads' own changes
	// record their entries when they are replayed).
	Activity []activity.Past
	// Tasks are the follow-ups of the leads: done ones, and open ones of the leads still worked.
	Tasks []task.Task
	// Sources are the lead sources the leads name, per store.
	Sources map[int64][]string
}

// storeSize is how busy a store is against the average.
var storeSize = map[int64]float64{
	StoreToyota: 1.25, StoreHonda: 1.0, StoreHyundai: 0.7, OtherStore: 0.85, OtherStoreKia: 0.6,
}

// autoAssigned are the stores whose new internet leads the round robin assigns; the others'
// are open to claims.
var autoAssigned = map[int64]bool{StoreToyota: true}

// weekdayShare is how many leads a day of the week brings against an average day: Saturday
// is the showroom's day, Sunday's hours are short.
var weekdayShare = [7]float64{
	time.Sunday: 0.6, time.Monday: 1.0, time.Tuesday: 0.8, time.Wednesday: 0.9, time.Thursday: 0.95, time.Friday: 1.15, time.Saturday: 1.6,
}

// webHours is when in the day (local time) internet leads arrive: people shop online in the
// evening, a few at night.
var webHours = [24]float64{
	0.25, 0.12, 0.08, 0.06, 0.06, 0.12, 0.3, 0.6, 1.0, 1.4, 1.7, 1.8,
	1.9, 1.9, 1.8, 1.7, 1.7, 1.8, 2.0, 2.2, 2.1, 1.6, 1.0, 0.5,
}

// openHours are a store's hours (local time) on each day of the week: from, to.
func openHours(d time.Weekday) (int, int) {
	switch d {
	case time.Sunday:
		return 11, 17
	case time.Saturday:
		return 9, 19
	}
	return 9, 20
}

// isOpen reports whether a store is open at local time at.
func isOpen(at time.Time) bool {
	from, to := openHours(at.Weekday())
	return at.Hour() >= from && at.Hour() < to
}

// nextOpen returns at when the store is open then, else the store's next opening.
func nextOpen(at time.Time) time.Time {
	if isOpen(at) {
		return at
	}
	day := at
	from, _ := openHours(day.Weekday())
	if at.Hour() >= from {
		day = time.Date(at.Year(), at.Month(), at.Day()+1, 0, 0, 0, 0, at.Location())
	}
	from, _ = openHours(day.Weekday())
	return time.Date(day.Year(), day.Month(), day.Day(), from, 0, 0, 0, at.Location())
}

// workTime returns a time the store is open, days after at (in whole days) at a random hour
// of the store's day.
func workTime(r *rand.Rand, at time.Time, days int) time.Time {
	d := time.Date(at.Year(), at.Month(), at.Day()+days, 0, 0, 0, 0, at.Location())
	from, to := openHours(d.Weekday())
	t := d.Add(time.Duration(from)*time.Hour + time.Duration(r.IntN((to-from)*60-20))*time.Minute + time.Duration(r.IntN(60))*time.Second)
	if t.Before(at) {
		t = nextOpen(at.Add(time.Duration(10+r.IntN(50)) * time.Minute))
	}
	return t
}

// leadKind is a kind of lead a store receives, with its share.
type leadKind struct {
	typ     int
	share   float64
	sources []string
	// walkIn kinds arrive while the store is open, made by a user of the store.
	walkIn bool
}

func leadKinds(st account.Store) []leadKind {
	brand := strings.Fields(st.Name)[1]
	return []leadKind{
		{lead.TypeInternet, 0.60, []string{DemoLeadSource, "AutoTrader", "Cars.com", "CarGurus", "TrueCar", brand + " Brand Site"}, false},
		{lead.TypePhone, 0.15, []string{"Sales Line"}, true},
		{lead.TypeShowroom, 0.14, []string{"Walk-in"}, true},
		{lead.TypeReferral, 0.04, []string{"Customer Referral"}, false},
		{lead.TypeService, 0.04, []string{"Service Drive"}, true},
		{lead.TypeCampaign, 0.03, []string{"Fall Sales Event"}, false},
	}
}

// storeModels are the new vehicles a store sells, by its make.
var storeModels = map[string][][3]string{
	"Toyota":  {{"Toyota", "RAV4", "XLE"}, {"Toyota", "Camry", "SE"}, {"Toyota", "Tacoma", "TRD Off-Road"}, {"Toyota", "Corolla", "LE"}, {"Toyota", "Highlander", "Limited"}, {"Toyota", "Tundra", "SR5"}, {"Toyota", "Prius", "XLE"}},
	"Honda":   {{"Honda", "CR-V", "EX-L"}, {"Honda", "Civic", "Sport"}, {"Honda", "Accord", "Touring"}, {"Honda", "Pilot", "TrailSport"}, {"Honda", "HR-V", "LX"}, {"Honda", "Odyssey", "EX-L"}},
	"Hyundai": {{"Hyundai", "Ioniq 5", "Preferred"}, {"Hyundai", "Tucson", "Preferred"}, {"Hyundai", "Elantra", "Luxury"}, {"Hyundai", "Santa Fe", "Ultimate"}, {"Hyundai", "Kona", "N Line"}},
	"Ford":    {{"Ford", "F-150", "XLT"}, {"Ford", "Escape", "Active"}, {"Ford", "Bronco Sport", "Big Bend"}, {"Ford", "Explorer", "ST-Line"}, {"Ford", "Maverick", "XLT"}},
	"Kia":     {{"Kia", "Sportage", "EX"}, {"Kia", "Telluride", "SX"}, {"Kia", "Seltos", "LX"}, {"Kia", "EV9", "Land"}, {"Kia", "K5", "GT-Line"}},
}

var (
	lostReasons = []string{"Bought elsewhere", "No longer in the market", "Went with a competitor's lease offer", "Could not agree on the trade-in value",
		"Financing was not approved", "Stopped answering"}
	callNotes = map[string][]string{
		"contacted": {"Went over the options and the current incentives.", "Customer wants to come in this weekend.", "Talked trade-in value; sending numbers by e-mail.",
			"Answered questions about the hybrid's range.", "Confirmed the vehicle is in stock.", "Customer is comparing with another dealer.", ""},
		"left_message": {"Left a voicemail with my direct line.", "Voicemail: mentioned the weekend event.", ""},
		"no_answer":    {"", "No voicemail set up."},
		"busy":         {""},
	}
	customerNotes = []string{"Needs room for two car seats.", "Wants a price on the extended warranty.", "Prefers texts during the day.",
		"Lease ends in two months.", "Spouse has to see the car before deciding.", "Looking for a monthly payment under $450.", "Asked about winter tires."}
	internalNotes = []string{"Sent the brochure and the out-the-door price.", "Appraisal booked for the trade-in.", "Manager approved the discount.",
		"Test drive done; customer liked it.", "Waiting on the credit application.", "Customer came in with the trade-in."}
)

// people are the users who work a store's leads.
type people struct {
	sales, bdc, managers []user.Profile
}

func storePeople(g Group, storeID int64) people {
	var p people
	all := append(append([]user.Profile{}, profiles(g.Logins)...), g.Staff...)
	for _, u := range all {
		if !u.Active() || !slices.Contains(u.AllowedStores, storeID) {
			continue
		}
		switch u.PrimaryUserRole {
		case role.SalesPerson:
			p.sales = append(p.sales, u)
		case role.BDCAgent:
			p.bdc = append(p.bdc, u)
		case role.SalesManager, role.GeneralSalesManager:
			p.managers = append(p.managers, u)
		}
	}
	if len(p.managers) == 0 {
		p.managers = p.sales
	}
	if len(p.sales) == 0 {
		p.sales = p.managers
	}
	return p
}

func profiles(ls []Login) []user.Profile {
	out := make([]user.Profile, 0, len(ls))
	for _, l := range ls {
		out = append(out, l.Profile)
	}
	return out
}

// Ids of the generated history: per store (by its index in the group), leads and new
// customers are numbered from these bases.
const (
	historyContactBase = 100_000_000
	historyLeadBase    = 200_000_000
	perStore           = 1_000_000
)

// GenerateHistory returns the history of g's stores over g.History.Days days before now: a
// deterministic function of the group, the options and now. Leads arrive more on Saturdays
// and fewer on Tuesdays and Sundays, in the evening more than at night (internet leads) or
// while the store is open (phone, showroom and service leads), in each store's time zone;
// most are answered by a call within minutes while the store is open, those of the night the
// next morning, some late and some never. Older leads were sold, lost or closed as bad or
// duplicate; recent ones are still being worked, and some of the newest wait for a claim.
func GenerateHistory(g Group, now time.Time) History {
	h := History{Sources: map[int64][]string{}}
	o := g.History
	if o.Days < 1 || o.Leads < 1 {
		return h
	}
	for si, st := range g.Stores {
		generateStore(&h, g, si, st, now)
	}
	return h
}

// pick returns an index of weights drawn in proportion to them.
func pick(r *rand.Rand, weights []float64) int {
	total := 0.0
	for _, w := range weights {
		total += w
	}
	x := r.Float64() * total
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return len(weights) - 1
}

func oneOf[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// storeGen generates one store's history.
type storeGen struct {
	h         *History
	g         Group
	st        account.Store
	si        int
	r         *rand.Rand
	loc       *time.Location
	now       time.Time
	who       people
	names     map[string]string
	repeat    []int // generated customers of the store not used yet
	rr        int   // round robin position
	sources   map[string]bool
	newCount  int64
	taskCount map[int64]int
}

func generateStore(h *History, g Group, si int, st account.Store, now time.Time) {
	loc, err := time.LoadLocation(st.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	s := &storeGen{
		h: h, g: g, st: st, si: si, loc: loc, now: now.In(loc),
		r:   rand.New(rand.NewPCG(g.History.Seed, uint64(st.AccountPlatformID))),
		who: storePeople(g, st.AccountPlatformID), names: map[string]string{}, sources: map[string]bool{}, taskCount: map[int64]int{},
	}
	for _, u := range append(append(profiles(g.Logins), g.Staff...), g.Others...) {
		s.names[u.UserID] = u.DisplayName()
	}
	for i := range g.GeneratedContacts {
		if g.Stores[i%len(g.Stores)].AccountPlatformID == st.AccountPlatformID {
			s.repeat = append(s.repeat, i)
		}
	}
	s.r.Shuffle(len(s.repeat), func(i, j int) { s.repeat[i], s.repeat[j] = s.repeat[j], s.repeat[i] })
	days := g.History.Days
	n := int(math.Round(float64(g.History.Leads) * cmp.Or(storeSize[st.AccountPlatformID], 1)))
	// The weight of each day: its weekday, a slow growth over the period and some noise.
	start := time.Date(s.now.Year(), s.now.Month(), s.now.Day()-days+1, 0, 0, 0, 0, loc)
	weights := make([]float64, days)
	for d := range days {
		day := time.Date(start.Year(), start.Month(), start.Day()+d, 0, 0, 0, 0, loc)
		weights[d] = weekdayShare[day.Weekday()] * (0.85 + 0.3*float64(d)/float64(days)) * (0.85 + 0.3*s.r.Float64())
	}
	kinds := leadKinds(st)
	kindShares := make([]float64, len(kinds))
	for i, k := range kinds {
		kindShares[i] = k.share
	}
	var arrivals []arrival
	for len(arrivals) < n {
		k := kinds[pick(s.r, kindShares)]
		day := time.Date(start.Year(), start.Month(), start.Day()+pick(s.r, weights), 0, 0, 0, 0, loc)
		var at time.Time
		if k.walkIn {
			from, to := openHours(day.Weekday())
			hours := make([]float64, to-from)
			for i := range hours {
				// Busiest around midday and late afternoon.
				hours[i] = 1 + math.Sin(float64(i)/float64(to-from)*math.Pi)
			}
			at = day.Add(time.Duration(from+pick(s.r, hours)) * time.Hour)
		} else {
			at = day.Add(time.Duration(pick(s.r, webHours[:])) * time.Hour)
		}
		at = at.Add(time.Duration(s.r.IntN(3600)) * time.Second)
		if !at.Before(s.now.Add(-2 * time.Minute)) {
			continue
		}
		arrivals = append(arrivals, arrival{at: at, kind: k})
	}
	slices.SortFunc(arrivals, func(a, b arrival) int { return a.at.Compare(b.at) })
	// The store's two latest leads open to claims still wait for one.
	waiting := 0
	for i := len(arrivals) - 1; i >= 0 && waiting < 2 && !autoAssigned[st.AccountPlatformID]; i-- {
		if !arrivals[i].kind.walkIn {
			arrivals[i].wait = true
			waiting++
		}
	}
	for i, a := range arrivals {
		s.lead(int64(i+1), a)
	}
	for name := range s.sources {
		h.Sources[st.AccountPlatformID] = append(h.Sources[st.AccountPlatformID], name)
	}
	slices.Sort(h.Sources[st.AccountPlatformID])
}

type arrival struct {
	at   time.Time
	kind leadKind
	// wait marks a lead nobody claimed yet.
	wait bool
}

// story collects one lead's history as it is generated.
type story struct {
	s       *storeGen
	l       lead.Lead
	steps   []lead.Step
	entries int64
	last    time.Time
	// stopped is set by the first change that would come after now: the story ends there.
	stopped bool
}

// step adds a change of the lead, unless the story reached now.
func (y *story) step(st lead.Step) {
	if y.stopped || !st.At.Before(y.s.now) {
		y.stopped = true
		return
	}
	st.At = st.At.UTC()
	y.steps = append(y.steps, st)
	y.last = st.At
}

// note records an activity entry of the lead's customer.
func (y *story) note(at time.Time, by string, kind activity.Kind, dir activity.Direction, text string, details map[string]string) {
	if !at.Before(y.s.now) {
		return
	}
	y.entries++
	y.s.h.Activity = append(y.s.h.Activity, activity.Past{
		ID: y.l.ID*64 + 31 + y.entries, At: at.UTC(),
		New: activity.New{ContactID: y.l.ContactID, AccountPlatformID: y.l.AccountPlatformID, Kind: kind, Direction: dir,
			Text: text, Details: details, UserID: by, UserName: y.s.names[by]},
	})
	if at.After(y.last) {
		y.last = at
	}
}

// call records a logged phone call.
func (y *story) call(at time.Time, by string, dir activity.Direction, outcome string) {
	details := map[string]string{"outcome": outcome}
	if outcome == "contacted" {
		details["durationSeconds"] = strconv.Itoa(90 + y.s.r.IntN(900))
	}
	y.note(at, by, activity.KindPhoneCall, dir, oneOf(y.s.r, callNotes[outcome]), details)
}

// task adds a task about y's lead.
func (y *story) task(by string, typ, name string, due time.Time, created time.Time, status string, done *time.Time) {
	s := y.s
	s.taskCount[y.l.ID]++
	t := task.Task{
		ID: fmt.Sprintf("H-%d-%d", y.l.ID, s.taskCount[y.l.ID]), ContactID: y.l.ContactID, EntityID: y.l.ID, AccountPlatformID: y.l.AccountPlatformID,
		AssignedUserID: by, TaskType: typ, Name: name, DueAt: due.UTC(), Status: status, CreatedAt: created.UTC(),
	}
	if done != nil {
		d := done.UTC()
		t.CompletedAt = &d
	}
	s.h.Tasks = append(s.h.Tasks, t)
}

// lead generates lead n of the store, arriving as a says.
func (s *storeGen) lead(n int64, a arrival) {
	r := s.r
	id := ContactID(s.g.Account.ID, historyLeadBase+int64(s.si)*perStore+n)
	src := oneOf(r, a.kind.sources)
	s.sources[src] = true
	var cust contact.Contact
	if len(s.repeat) > 0 && r.IntN(100) < 50 {
		i := s.repeat[0]
		s.repeat = s.repeat[1:]
		cust = GenerateContact(s.g.Account.ID, s.g.Stores, i)
	} else {
		s.newCount++
		cid := ContactID(s.g.Account.ID, historyContactBase+int64(s.si)*perStore+s.newCount)
		cust = newContact(rand.New(rand.NewPCG(uint64(s.g.Account.ID), uint64(cid))), cid, s.st, "")
		cust.CreatedAt = a.at.UTC()
		s.h.Contacts = append(s.h.Contacts, cust)
	}
	models := storeModels[strings.Fields(s.st.Name)[1]]
	m := oneOf(r, models)
	voi := lead.VehicleOfInterest{CrmLeadVoiID: id*16 + 1, Vehicle: lead.Vehicle{Year: 2026 + r.IntN(2), Make: m[0], Model: m[1], Trim: m[2], IsNew: true}}
	if r.IntN(5) == 0 {
		voi.Vehicle = lead.Vehicle{Year: 2019 + r.IntN(6), Make: m[0], Model: m[1], StockNumber: fmt.Sprintf("%sU%04d", stockPrefix(s.st), r.IntN(10000)), Odometer: 8000 + r.IntN(70000)}
	}
	l := lead.Lead{
		ID: id, AccountPlatformID: s.st.AccountPlatformID, ContactID: cust.ID, LeadTypeID: a.kind.typ, LeadSourceName: src,
		Vehicles: []lead.VehicleOfInterest{voi}, TradeIns: []lead.TradeIn{}, CreatedAt: a.at.UTC(), CreatedBy: user.AutomationUserID,
	}
	if a.kind.typ == lead.TypeInternet {
		l.ProviderID = fmt.Sprintf("%s-%d", strings.ToUpper(letters(src))[:min(4, len(letters(src)))], 700000+n)
	}
	if r.IntN(10) < 4 {
		tm := makeModels[r.IntN(len(makeModels))]
		l.TradeIns = append(l.TradeIns, lead.TradeIn{CrmLeadTradeID: id*16 + 8, Vehicle: lead.Vehicle{Year: 2012 + r.IntN(11), Make: tm[0], Model: tm[1], Odometer: 30000 + r.IntN(120000)}, Payoff: float64(r.IntN(3) * 2500 * r.IntN(4))})
	}
	y := &story{s: s, l: l, last: a.at}
	seller := s.who.sales[s.rr%len(s.who.sales)]
	s.rr++
	var agent *user.Profile
	if len(s.who.bdc) > 0 && a.kind.typ == lead.TypeInternet {
		agent = &s.who.bdc[r.IntN(len(s.who.bdc))]
	}
	responder := seller.UserID
	if agent != nil {
		responder = agent.UserID
	}
	// Who holds the lead: the one who took it in, the round robin, or a claim.
	switch {
	case a.kind.walkIn:
		y.l.CreatedBy, y.l.SalesPersonID = seller.UserID, seller.UserID
	case autoAssigned[s.st.AccountPlatformID]:
		as := lead.Assignment{SalesPersonID: seller.UserID}
		if agent != nil {
			as.BDCAgentID = agent.UserID
		}
		y.step(lead.Step{At: a.at.Add(time.Duration(5+r.IntN(40)) * time.Second), By: user.AutomationUserID, Assign: &as})
	default:
		y.l.Claimable = true
	}
	// The first response: minutes while the store is open, the next morning for the night's
	// leads, sometimes hours later, sometimes never.
	local := a.at.In(s.loc)
	var first time.Time
	never := r.IntN(100) < 7
	switch {
	case a.kind.typ == lead.TypePhone:
		// The caller is called back with the numbers.
		first = local.Add(time.Duration(60+r.IntN(600)) * time.Second)
	case a.kind.walkIn:
		first = local.Add(time.Duration(20+r.IntN(90)) * time.Minute)
	case isOpen(local):
		switch x := r.IntN(100); {
		case x < 48:
			first = local.Add(time.Duration(40+r.IntN(240)) * time.Second)
		case x < 75:
			first = local.Add(time.Duration(5+r.IntN(25)) * time.Minute)
		case x < 90:
			first = local.Add(time.Duration(30+r.IntN(150)) * time.Minute)
		default:
			first = workTime(r, local, 1)
		}
	default:
		first = nextOpen(local).Add(time.Duration(3+r.IntN(80)) * time.Minute)
		never = never || r.IntN(100) < 6
	}
	if first.Before(y.last) {
		first = y.last.Add(time.Minute)
	}
	if a.kind.walkIn {
		y.note(local.Add(time.Duration(2+r.IntN(10))*time.Minute), seller.UserID, activity.KindCustomerNote, "", oneOf(r, customerNotes), nil)
	}
	// Some of the last day's leads still wait for someone to claim them.
	waiting := y.l.Claimable && (a.wait || a.at.After(s.now.Add(-24*time.Hour)) && r.IntN(3) == 0)
	if never || waiting || !first.Before(s.now) {
		// Nobody answered (yet): a claimable lead waits for a claim; old ones are closed.
		if y.l.Claimable && (a.wait || a.at.After(s.now.Add(-36*time.Hour))) {
			s.finish(y, nil)
			return
		}
		if y.l.Claimable {
			y.step(lead.Step{At: maxTime(y.last, a.at.Add(time.Duration(2+r.IntN(60))*time.Minute)), By: seller.UserID, Claim: true})
		}
		if close := workTime(r, local, 21+r.IntN(20)); close.Before(s.now) {
			y.step(lead.Step{At: close.UTC(), By: s.who.managers[r.IntN(len(s.who.managers))].UserID, Action: lead.MarkLost, Reason: "No response from the customer"})
		}
		s.finish(y, nil)
		return
	}
	if y.l.Claimable {
		y.step(lead.Step{At: maxTime(y.last, first.Add(-time.Duration(10+r.IntN(60))*time.Second)), By: responder, Claim: true, ClaimAsBDC: agent != nil})
	}
	if a.kind.walkIn {
		y.call(first, responder, activity.Outbound, "contacted")
	} else {
		y.call(first, responder, activity.Outbound, []string{"contacted", "contacted", "contacted", "left_message", "left_message", "no_answer"}[r.IntN(6)])
	}
	y.step(lead.Step{At: first.UTC(), By: responder, Responded: true})
	// Bad and duplicate leads are found out early.
	switch x := r.IntN(100); {
	case x < 4 && !a.kind.walkIn:
		y.step(lead.Step{At: first.Add(time.Duration(2+r.IntN(30)) * time.Minute).UTC(), By: responder, Action: lead.MarkBad, Reason: "Fake name and disconnected phone number"})
		s.finish(y, nil)
		return
	case x < 7 && !a.kind.walkIn:
		y.step(lead.Step{At: first.Add(time.Duration(2+r.IntN(30)) * time.Minute).UTC(), By: responder, Action: lead.MarkDuplicate, Reason: "Same customer as an open lead from another site"})
		s.finish(y, nil)
		return
	}
	// Follow-ups over the next days while the store is open.
	at := first
	holder := seller.UserID
	calls := r.IntN(3)
	var done []time.Time
	for c := range calls {
		at = workTime(r, at, 1+r.IntN(3))
		if !at.Before(s.now) {
			break
		}
		by := holder
		if agent != nil && c == 0 {
			by = agent.UserID
		}
		if r.IntN(5) == 0 {
			y.call(at, by, activity.Inbound, "contacted")
		} else {
			y.call(at, by, activity.Outbound, []string{"contacted", "contacted", "left_message", "no_answer", "busy"}[r.IntN(5)])
			done = append(done, at)
		}
		if r.IntN(4) == 0 {
			y.note(at.Add(time.Duration(1+r.IntN(20))*time.Minute), by, activity.KindNote, "", oneOf(r, internalNotes), nil)
		}
	}
	// Half the customers look at a second model: adding it works the lead.
	if r.IntN(2) == 0 && at.Before(s.now) {
		m2 := models[(slices.Index(models, m)+1+r.IntN(len(models)-1))%len(models)]
		v := lead.VehicleOfInterest{CrmLeadVoiID: id*16 + 2, Vehicle: lead.Vehicle{Year: 2026, Make: m2[0], Model: m2[1], Trim: m2[2], IsNew: true}}
		y.step(lead.Step{At: maxTime(y.last, at).Add(time.Duration(1+r.IntN(30)) * time.Minute), By: holder, Vehicle: &v})
	}
	// The outcome: a sale, a loss, or still being worked; most leads nobody bought from
	// within a month are closed as lost.
	age := s.now.Sub(local)
	switch x := r.IntN(100); {
	case x < 14:
		sale := workTime(r, maxTime(y.last.In(s.loc), local), 1+r.IntN(12))
		if sale.Before(s.now) {
			y.note(sale.Add(-time.Duration(30+r.IntN(90))*time.Minute), holder, activity.KindNote, "", "Customer came in for the test drive and signed.", nil)
			y.step(lead.Step{At: sale, By: holder, Action: lead.MarkSoldPending, Reason: "Deposit taken"})
			if deliver := workTime(r, sale, 1+r.IntN(6)); deliver.Before(s.now) {
				y.step(lead.Step{At: deliver, By: holder, Action: lead.MarkSoldDelivered, Reason: "Delivered"})
			}
		}
	case x < 45 && age > 6*24*time.Hour, x < 80 && age > 30*24*time.Hour:
		lost := workTime(r, maxTime(y.last.In(s.loc), local), 3+r.IntN(25))
		if lost.Before(s.now) {
			y.step(lead.Step{At: lost, By: holder, Action: lead.MarkLost, Reason: oneOf(r, lostReasons)})
		}
	}
	s.finish(y, done)
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// finish adds y's lead and its tasks: the calls made were tasks completed, and a lead still
// worked has its next follow-up (some of them overdue).
func (s *storeGen) finish(y *story, done []time.Time) {
	r := s.r
	s.h.Leads = append(s.h.Leads, lead.History{Lead: y.l, Steps: y.steps})
	holder := y.l.SalesPersonID
	for _, st := range y.steps {
		if st.Assign != nil {
			holder = st.Assign.SalesPersonID
		}
		if st.Claim {
			holder = st.By
		}
	}
	if holder == "" {
		return
	}
	for i, at := range done {
		if i >= 2 {
			break
		}
		due := at.Add(time.Duration(r.IntN(180)) * time.Minute)
		y.task(holder, "Call", []string{"Follow up on the first contact", "Call back with the numbers"}[i], due, at.Add(-24*time.Hour), task.StatusCompleted, &at)
	}
	closed := false
	for _, st := range y.steps {
		if st.Action != "" && st.Action != lead.MarkSoldPending {
			closed = true
		}
	}
	if closed {
		return
	}
	last := y.last.In(s.loc)
	// The next follow-up is due within days of the last contact; for the leads nobody
	// touched for long, around now (some overdue).
	due := workTime(r, maxTime(last, s.now.Add(-72*time.Hour)), 1+r.IntN(4))
	typ, name := oneOf(r, []string{"Call", "Email", "Appointment", "Call"}), ""
	switch typ {
	case "Call":
		name = "Follow-up call about the " + y.l.Vehicles[0].Model
	case "Email":
		name = "Send the " + y.l.Vehicles[0].Model + " quote"
	default:
		name = "Test drive of the " + y.l.Vehicles[0].Model
	}
	y.task(holder, typ, name, due, last, task.StatusPending, nil)
}
