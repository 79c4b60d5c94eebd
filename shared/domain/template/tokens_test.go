package template_test

import (
	"testing"

	"github.com/cxm/cxm/shared/domain/template"
)

func TestReplace(t *testing.T) {
	t.Parallel()
	d := template.Data{CustomerFirstName: "Maria", CustomerLastName: "Gonzalez", StoreName: "Northwind Toyota",
		SalesPersonFirstName: "Sam", SalesPersonLastName: "Sales", SalesPersonEmail: "sam@dealer.example"}
	tests := []struct{ name, in, want string }{
		{"customer's first name", "Hi {CustomerFirstName},", "Hi Maria,"},
		{"full names", "{CustomerName} / {SalesPersonName}", "Maria Gonzalez / Sam Sales"},
		{"store", "Thanks for visiting {StoreName}", "Thanks for visiting Northwind Toyota"},
		{"any case", "{customerfirstname} {STORENAME}", "Maria Northwind Toyota"},
		{"bracket tokens", "[CustomerFirstName] at [StoreName]", "Maria at Northwind Toyota"},
		{"unknown token kept", "Hi {Nickname}", "Hi {Nickname}"},
		{"empty value", "Call {StorePhone}.", "Call ."},
		{"no tokens", "Plain text", "Plain text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := template.Replace(tt.in, d); got != tt.want {
				t.Errorf("Replace(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	ok := template.Template{AccountPlatformID: 1, TemplateName: "Welcome", CategoryID: 1, ChannelID: template.ChannelEmail, TemplateTypeID: 1, Subject: "Hi", Body: "Hello"}
	tests := []struct {
		name   string
		change func(*template.Template)
		field  string
	}{
		{"valid", func(*template.Template) {}, ""},
		{"text template needs no subject", func(t *template.Template) { t.ChannelID, t.Subject = template.ChannelSMS, "" }, ""},
		{"category 0", func(t *template.Template) { t.CategoryID = 0 }, "CategoryId"},
		{"category 15", func(t *template.Template) { t.CategoryID = 15 }, "CategoryId"},
		{"channel 2", func(t *template.Template) { t.ChannelID = 2 }, "ChannelId"},
		{"type 2", func(t *template.Template) { t.TemplateTypeID = 2 }, "TemplateTypeId"},
		{"e-mail without subject", func(t *template.Template) { t.Subject = "" }, "Subject"},
		{"no body", func(t *template.Template) { t.Body = " " }, "Body"},
		{"no store", func(t *template.Template) { t.AccountPlatformID = 0 }, "AccountPlatformId"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tpl := ok
			tt.change(&tpl)
			err := template.Validate(tpl)
			if (tt.field == "") != (err == nil) {
				t.Fatalf("Validate = %v, want error on %q", err, tt.field)
			}
		})
	}
}
