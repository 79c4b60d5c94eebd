package leads

import (
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/workhours"
)

func TestExportCells(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Maria Gonzales", "Maria Gonzales"},
		{"", ""},
		{"=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"},
		{"+1 555", "'+1 555"},
		{"-2", "'-2"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"  =1+1", "'  =1+1"},
		{"\t=1+1", "'\t=1+1"},
		{"\r=1+1", "'\r=1+1"},
		{"\n=1+1", "'\n=1+1"},
		{"O'Neil", "O'Neil"},
		{"Smith-Jones", "Smith-Jones"},
	}
	for _, tt := range tests {
		if got := cell(tt.in); got != tt.want {
			t.Errorf("cell(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if yesNo(true) != "Yes" || yesNo(false) != "No" {
		t.Errorf("yesNo reads %q and %q, want Yes and No", yesNo(true), yesNo(false))
	}
}

func TestExportTextCells(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"1234567890123456", `="1234567890123456"`},
		{"0042", `="0042"`},
		{"+44 20 7946 0958", `="+44 20 7946 0958"`},
		{"", ""},
		{`1"+HYPERLINK("x")+"`, `="1""+HYPERLINK(""x"")+"""`},
	}
	for _, tt := range tests {
		if got := textCell(tt.in); got != tt.want {
			t.Errorf("textCell(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestExportRecord(t *testing.T) {
	t.Parallel()
	created := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	responded := created.Add(4*time.Minute + 30*time.Second)
	l := lead.Lead{ID: 1234567890123456, ContactID: 9876543210987654, CreatedAt: created, Status: lead.StatusLost, Reason: "=cmd|' /C calc'!A0",
		FirstRespondedAt: &responded}
	row := LogRow{View: view(l), ContactName: "@Ana", ContactPhone: "(503) 555-0134", ContactEmail: "-ana@example.com", FirstResponseSeconds: firstResponse(l, workhours.New(nil, time.UTC))}
	rec := exportRecord(row)
	if len(rec) != len(exportHeader) {
		t.Fatalf("record has %d cells, header %d", len(rec), len(exportHeader))
	}
	got := map[string]string{}
	for i, h := range exportHeader {
		got[h] = rec[i]
	}
	want := map[string]string{
		"Lead Id": `="1234567890123456"`, "Customer Id": `="9876543210987654"`, "Customer": "'@Ana", "Phone": `="(503) 555-0134"`,
		"E-mail": "'-ana@example.com", "Reason": "'=cmd|' /C calc'!A0", "Status": "Lost",
		"First Response": "2026-11-20T10:04:30Z", "Minutes To First Response": "4.5",
	}
	for h, w := range want {
		if got[h] != w {
			t.Errorf("%s = %q, want %q", h, got[h], w)
		}
	}
	for h, v := range got {
		if v != "" && strings.ContainsRune("=+-@", rune(v[0])) && !strings.HasPrefix(v, `="`) {
			t.Errorf("%s = %q starts a formula", h, v)
		}
	}
}

func TestFirstResponse(t *testing.T) {
	t.Parallel()
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	def := workhours.New(nil, ny)
	// Friday 2026-11-20 10:00 in New York.
	created := time.Date(2026, 11, 20, 10, 0, 0, 0, ny)
	local := func(m time.Month, d, h, min int) time.Time { return time.Date(2026, m, d, h, min, 0, 0, ny) }
	at := func(d time.Duration) *time.Time { x := created.Add(d); return &x }
	tests := []struct {
		name      string
		created   time.Time
		responded *time.Time
		want      int64 // -1: none
	}{
		{"not answered", created, nil, -1},
		{"answered after 4m30s", created, at(4*time.Minute + 30*time.Second), 270},
		{"answered after two hours", created, at(2 * time.Hour), 7200},
		{"answered at arrival", created, at(0), 0},
		{"stamped before arrival", created, at(-time.Minute), 0},
		{"arrived at night, answered ten minutes after opening", local(11, 20, 22, 0), ptr(local(11, 21, 9, 10)), 600},
		{"arrived on the closed Sunday, answered before Monday's opening", local(11, 22, 12, 0), ptr(local(11, 23, 8, 0)), 0},
		{"arrived Saturday before closing, answered Monday", local(11, 21, 18, 55), ptr(local(11, 23, 9, 5)), 600},
		{"over the fall-back weekend", local(10, 31, 18, 30), ptr(local(11, 2, 9, 30)), 3600},
		{"over the spring-forward weekend", local(3, 7, 18, 50), ptr(local(3, 9, 9, 0)), 600},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := firstResponse(lead.Lead{CreatedAt: tt.created.UTC(), FirstRespondedAt: tt.responded}, def)
			switch {
			case tt.want < 0 && got != nil:
				t.Errorf("firstResponse = %d, want none", *got)
			case tt.want >= 0 && (got == nil || *got != tt.want):
				t.Errorf("firstResponse = %v, want %d", deref(got), tt.want)
			}
		})
	}
}

func TestResponseDue(t *testing.T) {
	t.Parallel()
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	local := func(m time.Month, d, h, min int) time.Time { return time.Date(2026, m, d, h, min, 0, 0, ny) }
	late := workhours.Default()
	for i := range late {
		late[i] = workhours.Day{Day: late[i].Day, Open: "12:00", Close: "21:00"}
	}
	tests := []struct {
		name    string
		arrived time.Time
		minutes int
		hours   workhours.Schedule
		want    time.Time
	}{
		{"open", local(11, 20, 10, 0), 15, workhours.New(nil, ny), local(11, 20, 10, 15)},
		{"arrived at night", local(11, 20, 23, 0), 15, workhours.New(nil, ny), local(11, 21, 9, 15)},
		{"arrived on Sunday", local(11, 22, 10, 0), 30, workhours.New(nil, ny), local(11, 23, 9, 30)},
		{"the store's own hours, open on Sunday", local(11, 22, 10, 0), 30, workhours.New(late, ny), local(11, 22, 12, 30)},
		{"across the fall-back night", local(10, 31, 18, 50), 20, workhours.New(nil, ny), local(11, 2, 9, 10)},
	}
	for _, tt := range tests {
		if got := ResponseDue(tt.arrived, tt.minutes, tt.hours); !got.Equal(tt.want) {
			t.Errorf("%s: ResponseDue = %v, want %v", tt.name, got.In(ny), tt.want)
		}
	}
}

func ptr(t time.Time) *time.Time { return &t }

func deref(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}

func TestRowMatches(t *testing.T) {
	t.Parallel()
	row := LogRow{View: view(lead.Lead{ID: 4242, Vehicles: []lead.VehicleOfInterest{{Vehicle: lead.Vehicle{Year: 2024, Make: "Toyota", Model: "Camry", VIN: "4T1B11HK5JU123456", StockNumber: "T100"}}}}),
		ContactName: "Maria Gonzalez", StoreName: "Northwind Toyota", SalesPersonName: "Sam Ortega",
		phoneDigits: []string{"5035550134"}, emails: []string{"maria.gonzalez@example.com"}}
	tests := []struct {
		q    string
		want bool
	}{
		{"", true},
		{"gonz", true},
		{"maria.gonzalez@", true},
		{"camry", true},
		{"2024 toyota", true},
		{"ju123456", true},
		{"t100", true},
		{"sam", true},
		{"4242", true},
		{"555-0134", true},
		{"(503) 555", true},
		{"503 555 0199", false},
		{"55", false},
		{"honda", false},
	}
	for _, tt := range tests {
		if got := row.matches(textQuery(tt.q)); got != tt.want {
			t.Errorf("matches(%q) = %v, want %v", tt.q, got, tt.want)
		}
	}
}
