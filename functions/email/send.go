package email

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/emailmessage"
	"github.com/cxm/cxm/shared/domain/template"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/domain/useractivity"
	"github.com/cxm/cxm/shared/provider/mail"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	addr "github.com/cxm/cxm/shared/value/email"
	"github.com/danielgtaylor/huma/v2"
)

// TokenReplaceInput is the request of POST /pando/pandox/tokenreplaceemailtemplate.
type TokenReplaceInput struct {
	Body struct {
		ContactID  int64  `json:"ContactId" minimum:"1"`
		TemplateID int64  `json:"TemplateId,omitempty" required:"false" doc:"A template of the customer's store; or give Subject and Body."`
		Subject    string `json:"Subject,omitempty" required:"false" maxLength:"998"`
		Body       string `json:"Body,omitempty" required:"false" maxLength:"20000" text:"multiline"`
	}
}

// Replaced is a template with its tokens filled in for a customer.
type Replaced struct {
	Subject     string                `json:"Subject"`
	Body        string                `json:"Body"`
	Attachments []template.Attachment `json:"Attachments"`
}

// SendAttachment names an uploaded file to send.
type SendAttachment struct {
	FileName string `json:"FileName" maxLength:"200"`
	FileURL  string `json:"FileUrl" maxLength:"300"`
}

// SendInput is the request of POST /pando/pandox/sendemail.
type SendInput struct {
	Body struct {
		ContactID   int64            `json:"ContactId" minimum:"1"`
		To          string           `json:"To,omitempty" required:"false" maxLength:"254" doc:"One of the customer's addresses that is not opted out; none for the preferred one."`
		Subject     string           `json:"Subject" maxLength:"998"`
		Body        string           `json:"Body" maxLength:"100000" text:"multiline"`
		TemplateID  int64            `json:"TemplateId,omitempty" required:"false"`
		Attachments []SendAttachment `json:"Attachments,omitempty" required:"false" maxItems:"5"`
		RequestID   string           `json:"RequestId,omitempty" required:"false" maxLength:"64" pattern:"^[A-Za-z0-9._-]*$" doc:"The client's id of this send: a retry with the same id sends nothing again."`
	}
}

// SendResult is the answer of sendemail: Success false with a Message when the e-mail was not
// sent, IsRestrictedEmail true when that is because it mentions a restricted address.
type SendResult struct {
	Success           bool                  `json:"Success"`
	IsRestrictedEmail bool                  `json:"IsRestrictedEmail"`
	RestrictedEmails  []string              `json:"RestrictedEmails"`
	Message           string                `json:"Message"`
	Data              *emailmessage.Message `json:"Data,omitempty" required:"false"`
}

// HistoryInput is the request of GET /crm/contacts/{contactId}/emails.
type HistoryInput struct {
	ContactID int64 `path:"contactId" minimum:"1"`
}

func (x *area) registerSend(api *httpapi.API) {
	errs := []int{400, 401, 403, 404, 409}
	httpapi.Register(api, huma.Operation{
		OperationID: "tokenReplaceEmailTemplate",
		Method:      http.MethodPost,
		Path:        "/pando/pandox/tokenreplaceemailtemplate",
		Summary:     "Fill in a template's tokens for a customer",
		Description: "The template's (TemplateId, of the customer's store) or the given Subject and Body with their tokens replaced by the customer's, the store's and the signed-in sales person's data; unknown tokens are left as written.",
		Tags:        []string{"email"},
		Errors:      errs,
	}, func(ctx context.Context, in *TokenReplaceInput) (*httpapi.Body[httpapi.Legacy[Replaced]], error) {
		sess, c, err := x.viewContact(ctx, in.Body.ContactID)
		if err != nil {
			return nil, err
		}
		subject, body, atts := in.Body.Subject, in.Body.Body, []template.Attachment{}
		if in.Body.TemplateID != 0 {
			tpl, err := x.templates.Get(ctx, sess.Principal.Tenant, c.AccountPlatformID, in.Body.TemplateID)
			if err != nil {
				return nil, err
			}
			subject, body = tpl.Subject, tpl.Body
			if tpl.Attachments != nil {
				atts = tpl.Attachments
			}
		}
		data := x.tokenData(sess, c)
		return httpapi.Reply(httpapi.LegacyOK(Replaced{Subject: template.Replace(subject, data), Body: template.Replace(body, data), Attachments: atts})), nil
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "sendEmail",
		Method:      http.MethodPost,
		Path:        "/pando/pandox/sendemail",
		Summary:     "Send an e-mail to a customer",
		Description: "Sends Subject and Body (tokens filled in) with the uploaded Attachments to the customer through the store's e-mail provider, and records it in the customer's e-mail history and activity. " +
			"Answers Success false with a Message when it is not sent; IsRestrictedEmail true when the message mentions an e-mail address other than the customer's, the sender's or the reply address. A do-not-e-mail customer is 409.",
		Tags:         []string{"email"},
		Errors:       errs,
		MaxBodyBytes: 1 << 20,
	}, func(ctx context.Context, in *SendInput) (*httpapi.Body[SendResult], error) {
		sess, c, err := useractivity.Contact(ctx, x.d.Users, x.contacts, in.Body.ContactID)
		if err != nil {
			return nil, err
		}
		return x.send(ctx, sess, c, in)
	})
	httpapi.Register(api, huma.Operation{
		OperationID: "getContactEmails",
		Method:      http.MethodGet,
		Path:        "/crm/contacts/{contactId}/emails",
		Summary:     "A customer's e-mail history",
		Description: "Every e-mail sent to and received from the customer (and the customers merged into it), newest first.",
		Tags:        []string{"email"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *HistoryInput) (*httpapi.Body[httpapi.Result[[]emailmessage.Message]], error) {
		sess, c, err := x.viewContact(ctx, in.ContactID)
		if err != nil {
			return nil, err
		}
		list, err := x.messages.History(ctx, sess.Principal.Tenant, c.Owners())
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(list)), nil
	})
}

func (x *area) viewContact(ctx context.Context, id int64) (user.Session, contact.Contact, error) {
	sess, err := x.d.Users.Session(ctx)
	if err != nil {
		return user.Session{}, contact.Contact{}, err
	}
	c, _, err := x.contacts.ForSession(ctx, sess, id)
	return sess, c, err
}

// tokenData is what the tokens of a message from the signed-in user to c are filled in from.
func (x *area) tokenData(sess user.Session, c contact.Contact) template.Data {
	d := template.Data{CustomerFirstName: c.FirstName, CustomerLastName: c.LastName,
		SalesPersonFirstName: sess.Profile.FirstName, SalesPersonLastName: sess.Profile.LastName, SalesPersonEmail: sess.Profile.Email}
	if to, ok := recipient(c, ""); ok {
		d.CustomerEmail = to
	}
	for _, p := range c.Phones {
		if p.PhoneDisplay != "" {
			d.CustomerPhone = p.PhoneDisplay
			break
		}
	}
	for _, st := range sess.Stores {
		if st.AccountPlatformID == c.AccountPlatformID {
			d.StoreName = st.Name
			d.StoreAddress = strings.Trim(strings.Join([]string{st.City, st.Province}, ", "), ", ")
		}
	}
	return d
}

// recipient returns want when it is an address of c not opted out, or with want empty c's
// preferred address not opted out (else the first).
func recipient(c contact.Contact, want string) (string, bool) {
	want, _ = addr.Normalize(want)
	pick := ""
	for _, e := range c.Emails {
		n, ok := addr.Normalize(e.Email)
		if !ok || e.OptOut {
			continue
		}
		if want != "" {
			if n == want {
				return n, true
			}
			continue
		}
		if pick == "" || e.IsPreferred {
			pick = n
		}
	}
	return pick, pick != ""
}

// refused is a SendResult of an e-mail not sent.
func refused(msg string) *httpapi.Body[SendResult] {
	return httpapi.Reply(SendResult{Message: msg, RestrictedEmails: []string{}})
}

func (x *area) send(ctx context.Context, sess user.Session, c contact.Contact, in *SendInput) (*httpapi.Body[SendResult], error) {
	t := sess.Principal.Tenant
	if !c.Emailable() {
		return nil, apperr.Errorf(apperr.Conflict, MsgNotEmailable)
	}
	to, ok := recipient(c, in.Body.To)
	if !ok {
		return nil, apperr.InvalidFields("The e-mail is not valid.", map[string]string{"To": "Choose one of the customer's addresses that is not opted out."})
	}
	data := x.tokenData(sess, c)
	subject := strings.TrimSpace(template.Replace(in.Body.Subject, data))
	text := template.Replace(in.Body.Body, data)
	fields := map[string]string{}
	if subject == "" || strings.ContainsAny(subject, "\r\n") {
		fields["Subject"] = "Enter a one-line subject."
	}
	if strings.TrimSpace(text) == "" {
		fields["Body"] = "Enter the message."
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields("The e-mail is not valid.", fields)
	}
	token := emailmessage.NewThreadToken()
	replyTo := emailmessage.ReplyAddress(t, token, x.domain)
	if bad := RestrictedAddresses(subject, text, []string{to, sess.Profile.Email, replyTo}); len(bad) > 0 {
		res := refused(fmt.Sprintf(MsgRestricted, strings.Join(bad, ", ")))
		res.Body.IsRestrictedEmail, res.Body.RestrictedEmails = true, bad
		return res, nil
	}
	n := useractivity.Entry(sess, c, activity.KindEmail, useractivity.ClientKey("sendemail", sess, in.Body.RequestID))
	if n.Key != "" {
		if prev, err := x.log.ByKey(ctx, t, c.ID, n.Key); err == nil {
			return httpapi.Reply(SendResult{Success: true, Message: "The e-mail was sent.", RestrictedEmails: []string{}, Data: &emailmessage.Message{
				ContactID: c.ID, To: prev.Details["to"], Subject: prev.Details["subject"], ProviderMessageID: prev.Details["messageId"], At: prev.At}}), nil
		} else if apperr.CodeOf(err) != apperr.NotFound {
			return nil, err
		}
	}
	var (
		files []mail.Attachment
		atts  []emailmessage.Attachment
		total int
	)
	for _, a := range in.Body.Attachments {
		if err := x.storeOfFile(sess, a.FileURL); err != nil {
			return nil, err
		}
		obj, name, err := x.read(ctx, t, a.FileURL)
		if apperr.CodeOf(err) == apperr.NotFound {
			return nil, apperr.InvalidFields("The e-mail is not valid.", map[string]string{"Attachments": "The attachment " + a.FileName + " no longer exists; attach it again."})
		}
		if err != nil {
			return nil, err
		}
		if _, ext, blocked := CleanFileName(name); blocked {
			return refused(fmt.Sprintf(MsgBlockedExtension, ext)), nil
		}
		total += len(obj.Data)
		files = append(files, mail.Attachment{Name: name, ContentType: obj.ContentType, Data: obj.Data})
		atts = append(atts, emailmessage.Attachment{FileName: name, FileURL: a.FileURL, ContentType: obj.ContentType, Size: int64(len(obj.Data))})
	}
	if total > MaxMessageBytes {
		return refused(fmt.Sprintf("The attachments are larger than %d MB together.", MaxMessageBytes>>20)), nil
	}
	storeName := data.StoreName
	sender, err := x.d.Providers.Mailer(ctx, t, c.AccountPlatformID)
	if err != nil {
		if ae, ok := apperr.As(err); ok && ae.Code == apperr.Conflict {
			return refused(ae.Message), nil
		}
		return nil, err
	}
	sent, err := sender.Send(ctx, mail.Message{Tenant: t, AccountPlatformID: c.AccountPlatformID, To: to, FromName: storeName,
		Subject: subject, Text: text, Reference: token, ReplyTo: replyTo, Attachments: files})
	var me *mail.Error
	if errors.As(err, &me) {
		return refused("The e-mail was not sent: " + me.Message), nil
	}
	if err != nil {
		return nil, fmt.Errorf("send e-mail to contact %d: %w", c.ID, err)
	}
	n.Direction = activity.Outbound
	n.Text = "E-mail sent to " + to + ": " + subject
	if len(n.Text) > 1000 {
		n.Text = n.Text[:1000]
	}
	n.Details = map[string]string{"to": to, "from": sent.From, "messageId": sent.MessageID, "subject": truncate(subject, activity.MaxDetailLength)}
	if len(atts) > 0 {
		n.Details["attachments"] = fmt.Sprint(len(atts))
	}
	if in.Body.TemplateID != 0 {
		n.Details["templateId"] = fmt.Sprint(in.Body.TemplateID)
	}
	m, _, err := x.messages.RecordSent(ctx, t, emailmessage.Message{ContactID: c.ID, AccountPlatformID: c.AccountPlatformID,
		From: sent.From, To: to, Subject: subject, Text: text, Attachments: atts, ProviderMessageID: sent.MessageID,
		ThreadToken: token, UserID: sess.Principal.UserID, UserName: sess.Profile.DisplayName()}, n)
	if err != nil {
		return nil, err
	}
	return httpapi.Reply(SendResult{Success: true, Message: "The e-mail was sent.", RestrictedEmails: []string{}, Data: &m}), nil
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}
