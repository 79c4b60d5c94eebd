package contact

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/cxm/cxm/shared/value/vin"

	"github.com/cxm/cxm/shared/domain/contactkey"

	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/value/phone"
)

// Summary is what a search result shows of a contact. It never holds a sensitive field.
type Summary struct {
	ContactID         int64  `json:"contactId"`
	AccountPlatformID int64  `json:"accountPlatformId"`
	ContactTypeID     int    `json:"contactTypeId"`
	FullName          string `json:"fullName"`
	FirstName         string `json:"firstName"`
	MiddleName        string `json:"middleName"`
	LastName          string `json:"lastName"`
	NickName          string `json:"nickName"`
	BusinessName      string `json:"businessName"`
	// Phone is the display form of the preferred (else the first) phone, PhoneLabel its label.
	Phone      string `json:"phone"`
	PhoneLabel string `json:"phoneLabel"`
	// Email is the preferred (else the first) e-mail address.
	Email         string `json:"email"`
	AddressLine1  string `json:"addressLine1"`
	City          string `json:"city"`
	StateProvince string `json:"stateProvince"`
	PostalCode    string `json:"postalCode"`
	IsMarkedHot   bool   `json:"isMarkedHot"`
	IsDoNotCall   bool   `json:"isDoNotCall"`
	IsDoNotEmail  bool   `json:"isDoNotEmail"`
	IsDoNotText   bool   `json:"isDoNotText"`
	// Phones, Emails, VINs, StockNumbers and TagIDs are every value of the contact, for
	// filtering searches; they are not sent.
	Phones       []string `json:"-"`
	Emails       []string `json:"-"`
	VINs         []string `json:"-"`
	StockNumbers []string `json:"-"`
	TagIDs       []int64  `json:"-"`
}

// SummaryOf returns the summary of c.
func SummaryOf(c Contact) Summary {
	s := Summary{
		ContactID: c.ID, AccountPlatformID: c.AccountPlatformID, ContactTypeID: c.ContactTypeID,
		FullName: c.FullName(), FirstName: c.FirstName, MiddleName: c.MiddleName, LastName: c.LastName,
		NickName: c.NickName, BusinessName: c.BusinessName,
		IsMarkedHot: c.IsMarkedHot, IsDoNotCall: c.IsDoNotCall, IsDoNotEmail: c.IsDoNotEmail, IsDoNotText: c.IsDoNotText,
		Phone: phone.Format("", "", ""),
	}
	if i := preferred(len(c.Phones), func(i int) bool { return c.Phones[i].IsPreferred }); i >= 0 {
		p := c.Phones[i]
		code := ""
		if p.CC != nil {
			code = p.CC.Code
		}
		s.Phone, s.PhoneLabel = phone.Format(p.Phone, p.Ext, code), phone.Label(p.PhoneTypeID)
	}
	if i := preferred(len(c.Emails), func(i int) bool { return c.Emails[i].IsPreferred }); i >= 0 {
		s.Email = c.Emails[i].Email
	}
	if i := preferred(len(c.Addresses), func(i int) bool { return c.Addresses[i].IsPrimary }); i >= 0 {
		a := c.Addresses[i]
		s.AddressLine1, s.City, s.StateProvince, s.PostalCode = a.AddressLine1, a.City, a.StateProvince, a.PostalCode
	}
	for _, p := range c.Phones {
		s.Phones = appendNew(s.Phones, p.Phone)
	}
	for _, e := range c.Emails {
		s.Emails = appendNew(s.Emails, e.Email)
	}
	for _, v := range c.Vehicles {
		s.VINs = appendNew(s.VINs, v.VIN)
		s.StockNumbers = appendNew(s.StockNumbers, v.StockNumber)
	}
	for _, t := range c.Tags {
		if !slices.Contains(s.TagIDs, t.TagID) {
			s.TagIDs = append(s.TagIDs, t.TagID)
		}
	}
	return s
}

func preferred(n int, isPreferred func(int) bool) int {
	for i := range n {
		if isPreferred(i) {
			return i
		}
	}
	if n > 0 {
		return 0
	}
	return -1
}

func appendNew(list []string, v string) []string {
	if v == "" || slices.Contains(list, v) {
		return list
	}
	return append(list, v)
}

// Kinds of search entries, as they appear in keys.
const (
	kindName     = "N"
	kindBusiness = "B"
	kindEmail    = "E"
	kindPhone    = "P"
	kindVIN      = "V"
	kindVINTail  = "W"
	kindStock    = "S"
	kindTag      = "T"
)

// matchedOn names an entry kind in search results.
var matchedOn = map[string]string{
	kindName: "name", kindBusiness: "businessName", kindEmail: "email",
	kindPhone: "phone", kindVIN: "vin", kindVINTail: "vin", kindStock: "stockNumber", kindTag: "tag",
}

// entry is a search entry: the contact's summary, the kind of entry and the value it is found
// by.
type entry struct {
	Summary
	Kind  string
	Value string
}

// NormName normalises a person's name for search keys: upper case, letters and digits only.
func NormName(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToUpper(r)
		}
		return -1
	}, s)
}

// NormBusiness normalises a business name for search keys: upper case, letters, digits and
// single spaces.
func NormBusiness(s string) string {
	cleaned := strings.Map(func(r rune) rune {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			return unicode.ToUpper(r)
		case unicode.IsSpace(r):
			return ' '
		}
		return -1
	}, s)
	return strings.Join(strings.Fields(cleaned), " ")
}

// shard is the first character of a normalised name, the last part of its entries' partition.
func shard(norm string) string {
	for _, r := range norm {
		if r == ' ' {
			break
		}
		return string(r)
	}
	return "_"
}

// keyPart escapes the characters keys reserve (# separates parts) in a value.
func keyPart(s string) string {
	return strings.NewReplacer("%", "%25", "#", "%23").Replace(s)
}

// tagValue is the value of a tag's entries: the tag's id.
func tagValue(id int64) string { return strconv.FormatInt(id, 10) }

func idPart(id int64) string { return fmt.Sprintf("%016d", id) }

func nameSort(c Contact) string { return NormName(c.LastName) + "#" + NormName(c.FirstName) }

// partition returns the GSI1 partition parts of entries of kind with key value at store.
func partitionParts(storeID int64, kind, value string) []string {
	return []string{"CS", strconv.FormatInt(storeID, 10), kind, keyPart(value)}
}

// entries returns the search entries of c (stored form: its id and store are set) keyed by their
// sort key in the contact's partition.
func entries(c Contact) map[string]entry {
	sum := SummaryOf(c)
	out := map[string]entry{}
	add := func(kind, value string) {
		if value != "" {
			out["L#"+kind+"#"+keyPart(value)] = entry{Summary: sum, Kind: kind, Value: value}
		}
	}
	if NormName(c.LastName) != "" {
		add(kindName, nameSort(c))
	}
	if b := NormBusiness(c.BusinessName); b != "" {
		add(kindBusiness, b)
	}
	for _, e := range sum.Emails {
		add(kindEmail, e)
	}
	for _, p := range sum.Phones {
		add(kindPhone, p)
	}
	for _, v := range sum.VINs {
		add(kindVIN, v)
		add(kindVINTail, v)
	}
	for _, s := range sum.StockNumbers {
		add(kindStock, s)
	}
	for _, id := range sum.TagIDs {
		add(kindTag, tagValue(id))
	}
	return out
}

// entryRecords returns the records of c's entries and the digest of their content.
func entryRecords(t store.Tenant, c Contact) (map[string]store.Record, string, error) {
	es := entries(c)
	recs := make(map[string]store.Record, len(es))
	sks := make([]string, 0, len(es))
	for sk := range es {
		sks = append(sks, sk)
	}
	slices.Sort(sks)
	h := sha256.New()
	for _, sk := range sks {
		e := es[sk]
		k, err := contactkey.Key(t, c.ID, sk)
		if err != nil {
			return nil, "", err
		}
		var gsk, gpart string
		switch e.Kind {
		case kindName:
			gsk, gpart = e.Value+"#"+idPart(c.ID), shard(NormName(c.LastName))
		case kindBusiness:
			gsk, gpart = e.Value+"#"+idPart(c.ID), shard(e.Value)
		case kindVINTail:
			gsk, gpart = nameSort(c)+"#"+idPart(c.ID), vin.Tail(e.Value)
		default:
			gsk, gpart = nameSort(c)+"#"+idPart(c.ID), e.Value
		}
		ik, err := t.IndexKey("GSI1", gsk, partitionParts(c.AccountPlatformID, e.Kind, gpart)...)
		if err != nil {
			return nil, "", err
		}
		value, err := compactOf(e)
		if err != nil {
			return nil, "", err
		}
		recs[sk] = store.Record{Key: k, Indexes: []store.IndexKey{ik}, Type: "ContactEntry", Value: value}
		fmt.Fprintf(h, "%q|%#v|%q|%q\n", sk, e, strings.Join(partitionParts(c.AccountPlatformID, e.Kind, gpart), "#"), gsk)
	}
	return recs, hex.EncodeToString(h.Sum(nil)), nil
}
