package vehicle

import (
	"fmt"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/value/vin"
)

// Decoded is what a VIN tells of its vehicle. Fields the data does not hold are empty.
type Decoded struct {
	VIN string `json:"vin"`
	// Decoded is true when the VIN's manufacturer identifier is in the catalogue.
	Decoded bool `json:"decoded"`
	// CheckDigitValid is false when position 9 is not the check digit of the other characters:
	// the VIN was mistyped or is not a real one.
	CheckDigitValid    bool   `json:"checkDigitValid"`
	ExpectedCheckDigit string `json:"expectedCheckDigit"`
	Year               int    `json:"year,omitempty"`
	MakeID             int64  `json:"makeId,omitempty"`
	Make               string `json:"make,omitempty"`
	ModelID            int64  `json:"modelId,omitempty"`
	Model              string `json:"model,omitempty"`
	Series             string `json:"series,omitempty"`
	Trim               string `json:"trim,omitempty"`
	BodyClass          string `json:"bodyClass,omitempty"`
	DriveType          string `json:"driveType,omitempty"`
	FuelType           string `json:"fuelType,omitempty"`
	Doors              string `json:"doors,omitempty"`
	DisplacementL      string `json:"displacementL,omitempty"`
	EngineCylinders    string `json:"engineCylinders,omitempty"`
	VehicleType        string `json:"vehicleType,omitempty"`
	// Messages say what is wrong with or missing from the VIN, for the person who typed it.
	Messages []string `json:"messages"`
}

// yearCodes are the characters of position 10 in the order of the model years they stand for
// (1980 or 2010 first).
const yearCodes = "ABCDEFGHJKLMNPRSTVWXY123456789"

// CheckDigit returns the check digit of a 17-character VIN (position 9 ignored): the weighted
// sum of the characters' values modulo 11, "X" for 10.
func CheckDigit(v string) (byte, bool) {
	weights := [17]int{8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2}
	if len(v) != vin.Length {
		return 0, false
	}
	sum := 0
	for i := 0; i < len(v); i++ {
		n, ok := transliterate(v[i])
		if !ok {
			return 0, false
		}
		sum += n * weights[i]
	}
	r := sum % 11
	if r == 10 {
		return 'X', true
	}
	return byte('0' + r), true
}

func transliterate(c byte) (int, bool) {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0'), true
	case c >= 'A' && c <= 'H':
		return int(c-'A') + 1, true
	case c >= 'J' && c <= 'N':
		return int(c-'J') + 1, true
	case c == 'P':
		return 7, true
	case c == 'R':
		return 9, true
	case c >= 'S' && c <= 'Z':
		return int(c-'S') + 2, true
	}
	return 0, false
}

// ModelYear returns the model year position 10 of v stands for, as of now: in the 2010 cycle
// when position 7 is a letter, in the 1980 cycle when it is a digit, and 30 years earlier when
// that would be after next year.
func ModelYear(v string, now time.Time) (int, bool) {
	if len(v) != vin.Length {
		return 0, false
	}
	i := strings.IndexByte(yearCodes, v[9])
	if i < 0 {
		return 0, false
	}
	y := 1980 + i
	if c := v[6]; c < '0' || c > '9' {
		y += 30
	}
	if y > now.Year()+1 {
		y -= 30
	}
	return y, true
}

// ErrNotVIN is returned by Decode for text that cannot be a VIN.
type ErrNotVIN struct{ Reason string }

func (e ErrNotVIN) Error() string { return e.Reason }

// Decode decodes v (spaces removed, any case), as of now (which decides the model year's
// cycle). Text that is not 17 letters and digits without I, O and Q is an ErrNotVIN; a VIN whose
// check digit is wrong is decoded with CheckDigitValid false and a message saying so.
func (c *Catalogue) Decode(v string, now time.Time) (Decoded, error) {
	v = strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(v), " ", ""))
	if len(v) != vin.Length {
		return Decoded{}, ErrNotVIN{Reason: fmt.Sprintf("A VIN has 17 characters; this one has %d.", len(v))}
	}
	for i := 0; i < len(v); i++ {
		ch := v[i]
		if ch == 'I' || ch == 'O' || ch == 'Q' {
			return Decoded{}, ErrNotVIN{Reason: fmt.Sprintf("A VIN never holds the letters I, O or Q (position %d).", i+1)}
		}
		if (ch < '0' || ch > '9') && (ch < 'A' || ch > 'Z') {
			return Decoded{}, ErrNotVIN{Reason: fmt.Sprintf("A VIN holds only letters and digits (position %d).", i+1)}
		}
	}
	d := Decoded{VIN: v, Messages: []string{}}
	want, _ := CheckDigit(v)
	d.ExpectedCheckDigit = string(want)
	d.CheckDigitValid = v[8] == want
	if !d.CheckDigitValid {
		d.Messages = append(d.Messages, fmt.Sprintf("The check digit (position 9) is %c but the other characters give %c: the VIN is mistyped or not a real one.", v[8], want))
	}
	year, ok := ModelYear(v, now)
	if !ok {
		d.Messages = append(d.Messages, fmt.Sprintf("Position 10 (%c) is not a model year code.", v[9]))
	}
	d.Year = year
	code := v[:3]
	w, ok := c.wmis[code]
	if !ok && v[2] == '9' {
		w, ok = c.wmis[code+v[11:14]]
	}
	if !ok {
		d.Messages = append(d.Messages, fmt.Sprintf("The manufacturer code %s is not one of a car or light truck maker in the catalogue.", code))
		return d, nil
	}
	d.Decoded = true
	d.VehicleType = w.kind
	if len(w.makes) > 0 {
		d.Make = w.makes[0]
	}
	descriptor := v[3:8] + "|" + v[9:]
	best := make([]int, len(c.elements))
	bestLit := make([]int, len(c.elements))
	for i := range best {
		best[i], bestLit[i] = -1, -1
	}
	for _, s := range w.schemas {
		if year < s.from || year > s.to {
			continue
		}
		for _, p := range c.schemas[s.id] {
			if p.literal <= bestLit[p.element] || !p.match(descriptor) {
				continue
			}
			best[p.element], bestLit[p.element] = p.value, p.literal
		}
	}
	// fields are the Decoded fields the catalogue's elements fill in, by element name.
	fields := map[string]*string{
		"Make": &d.Make, "Model": &d.Model, "Series": &d.Series, "Trim": &d.Trim, "BodyClass": &d.BodyClass,
		"DriveType": &d.DriveType, "FuelTypePrimary": &d.FuelType, "Doors": &d.Doors,
		"DisplacementL": &d.DisplacementL, "EngineCylinders": &d.EngineCylinders,
	}
	for el, val := range best {
		if f, ok := fields[c.elements[el]]; ok && val >= 0 {
			*f = c.values[val]
		}
	}
	if best[c.element("Make")] < 0 && len(w.makes) > 1 {
		d.Make = c.makeOfModel(w.makes, d.Model, year)
	}
	if m, ok := c.MakeByName(d.Make); ok {
		d.MakeID = m.ID
		if mo, ok := m.Model(d.Model); ok {
			d.ModelID = mo.ID
		}
	}
	if d.Model == "" {
		d.Messages = append(d.Messages, "The catalogue has no model for this VIN's model year and descriptor.")
	}
	return d, nil
}

// match reports whether p's keys match the start of descriptor.
func (p pattern) match(descriptor string) bool {
	if len(p.keys) > len(descriptor) {
		return false
	}
	for i, t := range p.keys {
		if !t.matches(descriptor[i]) {
			return false
		}
	}
	return true
}

// makeOfModel returns the make among makes (those of a manufacturer identifier shared by several
// makes) that has model in model year year, or in any year, or else the first.
func (c *Catalogue) makeOfModel(makes []string, model string, year int) string {
	fallback := ""
	for _, name := range makes {
		m, ok := c.MakeByName(name)
		if !ok {
			continue
		}
		if mo, ok := m.Model(model); ok {
			if mo.HasYear(year) {
				return name
			}
			if fallback == "" {
				fallback = name
			}
		}
	}
	if fallback != "" {
		return fallback
	}
	return makes[0]
}

// element returns the index of the element named code, or -1.
func (c *Catalogue) element(code string) int {
	for i, e := range c.elements {
		if e == code {
			return i
		}
	}
	return -1
}
