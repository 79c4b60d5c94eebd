package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/cxm/cxm/shared/value/phone"
)

// DefaultGeneratedContacts is how many customers the demo group gets besides its hand-written
// ones.
const DefaultGeneratedContacts = 300

// ContactID returns the id of seeded customer n of account acct: the account's id times 10^9
// plus n, so seeded ids never collide across dealer groups (ids made at run time are random).
func ContactID(acct, n int64) int64 { return acct*1_000_000_000 + n }

// The demo group's hand-written customers.
const (
	// ContactToyota is Maria Gonzalez of Northwind Toyota: two phones, an SSN, a licence, a bank
	// account and a Camry.
	ContactToyota = AccountID*1_000_000_000 + 1
	// ContactHonda is James Carter of Northwind Honda, marked hot, with a CR-V.
	ContactHonda = AccountID*1_000_000_000 + 2
	// ContactHyundai is Li Wei of Northwind Hyundai Vancouver (a Canadian phone), do not text.
	ContactHyundai = AccountID*1_000_000_000 + 3
	// ContactToyotaSameEmail is Maria Gonzales of Toyota, with Maria Gonzalez's e-mail address.
	ContactToyotaSameEmail = AccountID*1_000_000_000 + 4
	// ContactToyotaSamePhone is Marcus Reed of Toyota, with Maria Gonzalez's cell phone.
	ContactToyotaSamePhone = AccountID*1_000_000_000 + 5
	// ContactToyotaBusiness is Rose City Plumbing of Toyota, a business customer.
	ContactToyotaBusiness = AccountID*1_000_000_000 + 6
	// ContactHondaSimilar is Jamie Carter of Honda: same last name as James, a close first name.
	ContactHondaSimilar = AccountID*1_000_000_000 + 7
	// ContactHondaOptedOut is Priya Shah of Honda, opted out of text messages.
	ContactHondaOptedOut = AccountID*1_000_000_000 + 8
)

// firstGenerated is the number of the first generated customer: 1 to 999 are hand-written.
const firstGenerated = 1000

func demoContacts() []contact.Contact {
	cell := func(raw string, preferred bool) contact.Phone {
		return contact.Phone{Phone: raw, PhoneTypeID: phone.TypeCell, IsMobile: true, IsPreferred: preferred}
	}
	ca, _ := phone.CountryByAbbr("CA")
	us, _ := phone.CountryByAbbr("US")
	return []contact.Contact{
		{
			ID: ContactToyota, AccountPlatformID: StoreToyota, FirstName: "Maria", MiddleName: "Elena", LastName: "Gonzalez",
			Emails: []contact.Email{{Email: "maria.gonzalez@example.com", IsPreferred: true}},
			Phones: []contact.Phone{
				{Phone: "(503) 555-0134", CC: &us, PhoneTypeID: phone.TypeCell, IsMobile: true, IsPreferred: true},
				{Phone: "503.555.0178", Ext: "x12", PhoneTypeID: phone.TypeWork},
			},
			Addresses:  []contact.Address{{AddressLine1: "1420 SE Hawthorne Blvd", City: "Portland", StateProvince: "OR", PostalCode: "97214", Country: "US", IsPrimary: true, YearsAtAddress: 6}},
			BirthMonth: 4, BirthDay: 17, BirthYear: 1984, Gender: "F", IsMarried: true, MaritalStatus: "Married",
			SSN:              "123-45-6789",
			DriverLicense:    contact.DriverLicense{Number: "D1234567", IssueDate: "3/14/2019", ExpirationDate: "4/17/2027", StateProvinceID: 38},
			Employments:      []contact.Employment{{EmployerName: "Providence Health", JobTitle: "Nurse Practitioner", MonthlyIncome: 9800, YearsEmployed: 8, IsCurrent: true}},
			Banks:            []contact.Bank{{BankName: "Umpqua Bank", AccountTypeID: 1, AccountNumber: "000123456789", RoutingNumber: "123103729"}},
			Insurance:        []contact.Insurance{{CompanyName: "State Farm", PolicyNumber: "SF-4471-2290", AgentName: "Ron Dale", AgentPhone: "503-555-0101", ExpirationDate: "2026-11-30"}},
			Vehicles:         []contact.Vehicle{{VIN: "4T1B11HK5KU123456", StockNumber: "T24817A", Year: 2019, Make: "Toyota", Model: "Camry"}},
			Tags:             []contact.Tag{{TagID: 1, Name: "Service customer", TagTypeID: 1}},
			Notes:            []contact.Note{{Text: "Prefers text messages after 5 pm."}},
			SMSOptInStatusID: contact.SMSOptedIn, IsPreferredContactText: true, IsContactTimeEvening: true,
			StoreSalesValue: 31250, StoreServiceValue: 1840, EnterpriseSalesValue: 31250, EnterpriseServiceValue: 2210,
		},
		{
			ID: ContactHonda, AccountPlatformID: StoreHonda, FirstName: "James", LastName: "Carter",
			Emails:      []contact.Email{{Email: "james.carter@example.net", IsPreferred: true}},
			Phones:      []contact.Phone{cell("971-555-0112", true)},
			Addresses:   []contact.Address{{AddressLine1: "8800 SW Canyon Rd", City: "Beaverton", StateProvince: "OR", PostalCode: "97005", Country: "US", IsPrimary: true}},
			Vehicles:    []contact.Vehicle{{VIN: "2HKRW2H85MH612345", StockNumber: "H1045", Year: 2021, Make: "Honda", Model: "CR-V"}},
			IsMarkedHot: true, SMSOptInStatusID: contact.SMSOptedIn,
		},
		{
			ID: ContactHyundai, AccountPlatformID: StoreHyundai, FirstName: "Li", LastName: "Wei",
			BirthMonth: 9, BirthDay: 23, BirthYear: 1979,
			Emails:      []contact.Email{{Email: "li.wei@example.ca", IsPreferred: true}},
			Phones:      []contact.Phone{{Phone: "(604) 555-0199", CC: &ca, PhoneTypeID: phone.TypeCell, IsMobile: true, IsPreferred: true}},
			Addresses:   []contact.Address{{AddressLine1: "2150 W Broadway", City: "Vancouver", StateProvince: "BC", PostalCode: "V6K 2E9", Country: "CA", IsPrimary: true}},
			Vehicles:    []contact.Vehicle{{VIN: "KM8J3CA46NU123456", Year: 2022, Make: "Hyundai", Model: "Tucson"}},
			IsDoNotText: true,
		},
		{
			ID: ContactToyotaSameEmail, AccountPlatformID: StoreToyota, FirstName: "Maria", LastName: "Gonzales",
			Emails: []contact.Email{{Email: "Maria.Gonzalez@example.com"}},
			Phones: []contact.Phone{cell("503 555 0190", true)},
		},
		{
			ID: ContactToyotaSamePhone, AccountPlatformID: StoreToyota, FirstName: "Marcus", LastName: "Reed",
			Emails: []contact.Email{{Email: "marcus.reed@example.org"}},
			Phones: []contact.Phone{{Phone: "5035550134", PhoneTypeID: phone.TypeHome}},
		},
		{
			ID: ContactToyotaBusiness, AccountPlatformID: StoreToyota, ContactTypeID: contact.TypeBusiness,
			FirstName: "Dana", LastName: "Whitfield", BusinessName: "Rose City Plumbing LLC",
			Emails: []contact.Email{{Email: "fleet@rosecityplumbing.example.com", IsPreferred: true}},
			Phones: []contact.Phone{{Phone: "503-555-0150", PhoneTypeID: phone.TypeWork, IsPreferred: true}},
			Vehicles: []contact.Vehicle{
				{VIN: "5TFAX5GN2MX123456", StockNumber: "T25102", Year: 2021, Make: "Toyota", Model: "Tacoma"},
				{VIN: "5TFAX5GN4MX654321", Year: 2021, Make: "Toyota", Model: "Tacoma"},
			},
		},
		{
			ID: ContactHondaSimilar, AccountPlatformID: StoreHonda, FirstName: "Jamie", LastName: "Carter",
			Emails: []contact.Email{{Email: "jcarter77@example.com"}},
			Phones: []contact.Phone{cell("(971) 555-0163", true)},
		},
		{
			ID: ContactHondaOptedOut, AccountPlatformID: StoreHonda, FirstName: "Priya", LastName: "Shah",
			Emails:           []contact.Email{{Email: "priya.shah@example.com", OptOut: true}},
			Phones:           []contact.Phone{cell("971.555.0144", true)},
			SMSOptInStatusID: contact.SMSOptedOut, IsDoNotEmail: true,
		},
	}
}

var (
	genFirst = []string{
		"James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
		"William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen",
		"Christopher", "Lisa", "Daniel", "Nancy", "Matthew", "Betty", "Anthony", "Sandra", "Mark", "Margaret",
		"Donald", "Ashley", "Steven", "Kimberly", "Andrew", "Emily", "Paul", "Donna", "Joshua", "Michelle",
		"Kenneth", "Carol", "Kevin", "Amanda", "Brian", "Melissa", "George", "Deborah", "Timothy", "Stephanie",
		"Ronald", "Rebecca", "Jason", "Sharon", "Edward", "Laura", "Jeffrey", "Cynthia", "Ryan", "Dorothy",
		"Jacob", "Amy", "Gary", "Kathleen", "Nicholas", "Angela", "Eric", "Shirley", "Jonathan", "Emma",
		"Wei", "Mei", "Hiroshi", "Yuki", "Priya", "Arjun", "Sofia", "Mateo", "Camila", "Diego",
		"Aisha", "Omar", "Fatima", "Noah", "Olivia", "Liam", "Ava", "Lucas", "Isabella", "Ethan",
		"Chloe", "Nathan", "Zoe", "Gabriel", "Leah", "Isaac", "Nora", "Owen", "Hannah", "Caleb",
	}
	genLast = []string{
		"Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
		"Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
		"Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
		"Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
		"Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
		"Gomez", "Phillips", "Evans", "Turner", "Diaz", "Parker", "Cruz", "Edwards", "Collins", "Reyes",
		"Stewart", "Morris", "Morales", "Murphy", "Cook", "Rogers", "Gutierrez", "Ortiz", "Morgan", "Cooper",
		"Peterson", "Bailey", "Reed", "Kelly", "Howard", "Ramos", "Kim", "Cox", "Ward", "Richardson",
		"Watson", "Brooks", "Chavez", "Wood", "James", "Bennett", "Gray", "Mendoza", "Ruiz", "Hughes",
		"Price", "Alvarez", "Castillo", "Sanders", "Patel", "Myers", "Long", "Ross", "Foster", "O'Brien",
		"Chen", "Wang", "Singh", "Tremblay", "Gagnon", "Roy", "Cote", "Bouchard", "MacDonald", "Fraser",
	}
	// nickPairs are first names that are easily confused, for near-duplicate customers.
	nickPairs = [][2]string{
		{"John", "Jon"}, {"Catherine", "Katherine"}, {"Steven", "Stephen"}, {"Sara", "Sarah"},
		{"Jeffrey", "Geoffrey"}, {"Ann", "Anne"}, {"Phillip", "Philip"}, {"Brian", "Bryan"},
		{"Allan", "Alan"}, {"Kristen", "Kirsten"}, {"Michael", "Micheal"}, {"Teresa", "Theresa"},
	}
	streets    = []string{"Main St", "Oak Ave", "Maple Dr", "Cedar Ln", "Pine St", "Elm St", "Washington Ave", "Lake Rd", "Hill St", "Park Ave", "Broadway", "Division St", "Burnside St", "Alder St", "Hawthorne Blvd", "Sandy Blvd"}
	domains    = []string{"example.com", "example.net", "example.org", "mail.example.com", "inbox.example.net"}
	makeModels = [][2]string{{"Toyota", "Camry"}, {"Toyota", "RAV4"}, {"Honda", "Civic"}, {"Honda", "Accord"}, {"Hyundai", "Elantra"}, {"Hyundai", "Santa Fe"}, {"Ford", "F-150"}, {"Subaru", "Outback"}, {"Chevrolet", "Silverado"}, {"Nissan", "Rogue"}}
)

type place struct {
	cities   []string
	state    string
	country  string
	areas    []string
	postal   func(r *rand.Rand) string
	phoneCCs string
}

func placeOf(st account.Store) place {
	if st.Canadian() {
		return place{
			cities: []string{"Vancouver", "Burnaby", "Richmond", "Surrey", "North Vancouver"}, state: "BC", country: "CA",
			areas: []string{"604", "778", "236"}, phoneCCs: "CA",
			postal: func(r *rand.Rand) string {
				l := func() byte { return "ABCEGHJKLMNPRSTVXY"[r.IntN(18)] }
				return fmt.Sprintf("V%d%c %d%c%d", r.IntN(10), l(), r.IntN(10), l(), r.IntN(10))
			},
		}
	}
	return place{
		cities: []string{"Portland", "Beaverton", "Hillsboro", "Gresham", "Lake Oswego", "Tigard", "Vancouver"}, state: "OR", country: "US",
		areas:  []string{"503", "971"},
		postal: func(r *rand.Rand) string { return fmt.Sprintf("97%03d", r.IntN(300)) },
	}
}

// stockPrefix is the first letter of a store's make (the second word of its name).
func stockPrefix(st account.Store) string {
	words := strings.Fields(st.Name)
	w := words[min(1, len(words)-1)]
	return strings.ToUpper(letters(w)[:1])
}

// phoneFormats write the same ten digits the ways people type them.
var phoneFormats = []func(a, b, c string) string{
	func(a, b, c string) string { return "(" + a + ") " + b + "-" + c },
	func(a, b, c string) string { return a + "-" + b + "-" + c },
	func(a, b, c string) string { return a + "." + b + "." + c },
	func(a, b, c string) string { return a + b + c },
	func(a, b, c string) string { return a + " " + b + " " + c },
}

// vinChars are the characters of a VIN: no I, O or Q.
const vinChars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"

func genVIN(r *rand.Rand) string {
	b := make([]byte, 17)
	for i := range b {
		b[i] = vinChars[r.IntN(len(vinChars))]
	}
	b[8] = "0123456789X"[r.IntN(11)]
	return string(b)
}

// GenerateContact returns generated customer i of account acct (from 0): a deterministic
// function of acct and i, so seeds of any size agree on the customers they share. Customers go
// to stores in turn. Some are near-duplicates of a neighbour: every 40th from the 7th shares the
// previous customer's e-mail address, from the 19th the phone of the customer three before, and
// from the 29th the last name of the customer two before with an easily confused first name.
func GenerateContact(acct int64, stores []account.Store, i int) contact.Contact {
	c := baseContact(acct, stores, i)
	switch i % 40 {
	case 7:
		prev := baseContact(acct, stores, i-1)
		c.Emails = []contact.Email{{Email: strings.ToUpper(prev.Emails[0].Email[:1]) + prev.Emails[0].Email[1:], IsPreferred: true}}
	case 19:
		prev := baseContact(acct, stores, i-3)
		c.Phones = append(c.Phones, contact.Phone{Phone: prev.Phones[0].Phone, CC: prev.Phones[0].CC, PhoneTypeID: phone.TypeHome})
	case 29:
		prev := baseContact(acct, stores, i-2)
		c.LastName = prev.LastName
		c.FirstName = nickPairs[(i/40)%len(nickPairs)][1]
	}
	return c
}

func baseContact(acct int64, stores []account.Store, i int) contact.Contact {
	r := rand.New(rand.NewPCG(uint64(acct), uint64(i)))
	first := ""
	if i%40 == 27 {
		first = nickPairs[((i+2)/40)%len(nickPairs)][0]
	}
	return newContact(r, ContactID(acct, int64(firstGenerated+i)), stores[i%len(stores)], first)
}

// newContact returns a customer of store st with id, drawn from r; first, when not "", is the
// customer's first name.
func newContact(r *rand.Rand, id int64, st account.Store, first string) contact.Contact {
	pl := placeOf(st)
	drawn, last := genFirst[r.IntN(len(genFirst))], genLast[r.IntN(len(genLast))]
	if first == "" {
		first = drawn
	}
	c := contact.Contact{
		ID: id, AccountPlatformID: st.AccountPlatformID,
		FirstName: first, LastName: last,
		SMSOptInStatusID: []int{contact.SMSNotRequested, contact.SMSOptedIn, contact.SMSOptedIn, contact.SMSRequested, contact.SMSOptedOut}[r.IntN(5)],
		IsMarkedHot:      r.IntN(20) == 0,
		IsDoNotCall:      r.IntN(25) == 0,
		BirthMonth:       1 + r.IntN(12), BirthDay: 1 + r.IntN(28), BirthYear: 1945 + r.IntN(60),
		CreatedAt: time.Date(2018, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(r.IntN(7*365*24)) * time.Hour),
	}
	if r.IntN(10) < 2 {
		c.MiddleName = genFirst[r.IntN(len(genFirst))]
	}
	local := strings.ToLower(letters(first) + "." + letters(last))
	if r.IntN(3) == 0 {
		local = strings.ToLower(letters(first[:1]) + letters(last))
	}
	c.Emails = []contact.Email{{Email: fmt.Sprintf("%s%d@%s", local, r.IntN(1000), domains[r.IntN(len(domains))]), IsPreferred: true, OptOut: r.IntN(30) == 0}}
	area := pl.areas[r.IntN(len(pl.areas))]
	num := fmt.Sprintf("%03d%04d", 200+r.IntN(800), r.IntN(10000))
	var cc *phone.Country
	if pl.phoneCCs != "" {
		country, _ := phone.CountryByAbbr(pl.phoneCCs)
		cc = &country
	}
	c.Phones = []contact.Phone{{
		Phone: phoneFormats[r.IntN(len(phoneFormats))](area, num[:3], num[3:]), CC: cc,
		PhoneTypeID: phone.TypeCell, IsMobile: true, IsPreferred: true, OptOutSMS: r.IntN(40) == 0,
	}}
	if r.IntN(3) == 0 {
		num2 := fmt.Sprintf("%03d%04d", 200+r.IntN(800), r.IntN(10000))
		c.Phones = append(c.Phones, contact.Phone{Phone: phoneFormats[r.IntN(len(phoneFormats))](area, num2[:3], num2[3:]), CC: cc, PhoneTypeID: []int{phone.TypeHome, phone.TypeWork}[r.IntN(2)]})
	}
	c.Addresses = []contact.Address{{
		AddressLine1: fmt.Sprintf("%d %s", 100+r.IntN(19900), streets[r.IntN(len(streets))]),
		City:         pl.cities[r.IntN(len(pl.cities))], StateProvince: pl.state, PostalCode: pl.postal(r), Country: pl.country,
		IsPrimary: true, YearsAtAddress: r.IntN(20),
	}}
	if r.IntN(3) == 0 {
		mm := makeModels[r.IntN(len(makeModels))]
		v := contact.Vehicle{VIN: genVIN(r), Year: 2012 + r.IntN(13), Make: mm[0], Model: mm[1]}
		if r.IntN(2) == 0 {
			v.StockNumber = fmt.Sprintf("%s%05d", stockPrefix(st), r.IntN(100000))
		}
		c.Vehicles = []contact.Vehicle{v}
	}
	if r.IntN(10) == 0 {
		c.SSN = fmt.Sprintf("%03d-%02d-%04d", 100+r.IntN(800), 1+r.IntN(98), 1+r.IntN(9998))
	}
	if r.IntN(5) == 0 {
		c.DriverLicense.Number = fmt.Sprintf("%c%07d", 'A'+rune(r.IntN(26)), r.IntN(10000000))
	}
	return c
}

// letters keeps the ASCII letters of a name, for an e-mail address's local part.
func letters(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' {
			return r
		}
		return -1
	}, s)
}

// contactSeed records what the seed wrote of a dealer group's customers, so seeding again adds
// only what is missing and keeps what users changed since.
type contactSeed struct {
	HandWritten bool
	Generated   int
}

// contactSeedKey is the key of the seed's record of a group's customers:
//
//	pattern                    index  key condition
//	what the seed wrote        table  PK = A#{acct}#SEED, SK = CONTACTS
func contactSeedKey(t store.Tenant) (store.Key, error) { return t.Key("CONTACTS", "SEED") }

// SeedContacts writes g's tag definitions (see SeedTags), its hand-written customers and its first g.GeneratedContacts generated
// customers, with workers writing in parallel, unless an earlier seed wrote them: seeding a
// larger number adds the missing ones. Without an encrypter in svc the customers are seeded
// without their sensitive values. progress, when not nil, is called with the number of
// generated customers written so far.
func SeedContacts(ctx context.Context, svc wiring.Services, g Group, workers int, progress func(int)) error {
	t, err := account.Tenant(g.Account.ID)
	if err != nil {
		return err
	}
	// The customers carry the group's tags: their definitions come first.
	if err := SeedTags(ctx, svc, t); err != nil {
		return err
	}
	repo := contact.NewRepo(svc.Store, svc.Encrypter, nil, svc.Log)
	k, err := contactSeedKey(t)
	if err != nil {
		return err
	}
	var done contactSeed
	if _, err := svc.Store.Get(ctx, k, &done); err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return fmt.Errorf("read contact seed: %w", err)
	}
	dealerIDs := map[int64]string{}
	for _, st := range g.Stores {
		dealerIDs[st.AccountPlatformID] = st.DealerID
	}
	prepare := func(c contact.Contact) contact.Contact {
		c.DealerID = dealerIDs[c.AccountPlatformID]
		if svc.Encrypter == nil {
			c.SSN, c.DriverLicense.Number, c.Banks = "", "", nil
		}
		return c
	}
	if !done.HandWritten && len(g.Contacts) > 0 {
		cs := make([]contact.Contact, 0, len(g.Contacts))
		for _, c := range g.Contacts {
			cs = append(cs, prepare(c))
		}
		if err := repo.Import(ctx, t, cs, user.AutomationUserID); err != nil {
			return fmt.Errorf("seed contacts: %w", err)
		}
	}
	done.HandWritten = true
	const chunk = 250
	workers = max(workers, 1)
	for from := done.Generated; from < g.GeneratedContacts; {
		round := min(g.GeneratedContacts, from+workers*chunk*8)
		var (
			wg   sync.WaitGroup
			mu   sync.Mutex
			errs []error
			next = from
		)
		for range workers {
			wg.Go(func() {
				for {
					mu.Lock()
					start := next
					next = min(round, next+chunk)
					mu.Unlock()
					if start >= round {
						return
					}
					cs := make([]contact.Contact, 0, chunk)
					for i := start; i < min(round, start+chunk); i++ {
						cs = append(cs, prepare(GenerateContact(g.Account.ID, g.Stores, i)))
					}
					if err := repo.Import(ctx, t, cs, user.AutomationUserID); err != nil {
						mu.Lock()
						errs = append(errs, err)
						mu.Unlock()
						return
					}
				}
			})
		}
		wg.Wait()
		if len(errs) > 0 {
			return fmt.Errorf("seed contacts: %w", errs[0])
		}
		from, done.Generated = round, round
		if _, err := svc.Store.Put(ctx, store.Record{Key: k, Type: "ContactSeed", Value: done}); err != nil {
			return fmt.Errorf("record contact seed: %w", err)
		}
		if progress != nil {
			progress(round)
		}
	}
	if _, err := svc.Store.Put(ctx, store.Record{Key: k, Type: "ContactSeed", Value: done}); err != nil {
		return fmt.Errorf("record contact seed: %w", err)
	}
	return nil
}
