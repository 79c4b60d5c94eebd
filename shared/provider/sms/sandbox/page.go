package sandbox

import (
	"context"
	"errors"
	"html/template"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/cxm/cxm/shared/provider/sms"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Receipt is what receiving a reply did, as the page reports it.
type Receipt struct {
	// ContactID is the customer the reply was threaded onto; 0 for none.
	ContactID int64
	// Keyword is the consent keyword the reply was read as (Stop, Start, Help); "" for none.
	Keyword string
	// Answer is the text sent back (an opt-out confirmation, the help text); "" for none.
	Answer string
}

// Receiver receives a customer's text to store storeID's number as one from the SNS topic is
// received (the texting service's Receive): consent keywords apply and the text is threaded.
type Receiver func(ctx context.Context, t store.Tenant, storeID int64, in sms.Inbound) (Receipt, error)

// Page limits: the conversations listed and the texts shown of each.
const (
	PageConversations = 50
	PageTexts         = 20
)

// Conversation is the texts between a store's number and one customer number, oldest first.
type Conversation struct {
	Account           string
	AccountPlatformID int64
	StoreNumber       string
	Customer          string
	Texts             []Kept
}

// ID names the conversation in the page's links.
func (c Conversation) ID() string {
	return "c-" + c.Account + "-" + strconv.FormatInt(c.AccountPlatformID, 10) + "-" + strings.TrimPrefix(c.Customer, "+")
}

// Conversations returns the sandbox's conversations that have a text sent to the customer,
// latest first (at most limit), each with its last PageTexts texts both ways.
func (p *Provider) Conversations(limit int) []Conversation {
	p.mu.Lock()
	kept := slices.Clone(p.kept)
	p.mu.Unlock()
	type key struct {
		account string
		store   int64
		number  string
	}
	byKey := map[key]*Conversation{}
	var order []key
	for _, k := range kept {
		number := k.To
		if k.Inbound {
			number = k.From
		}
		ck := key{k.Account, k.AccountPlatformID, number}
		c, ok := byKey[ck]
		if !ok {
			if k.Inbound {
				continue
			}
			c = &Conversation{Account: k.Account, AccountPlatformID: k.AccountPlatformID, StoreNumber: Number(k.AccountPlatformID), Customer: number}
			byKey[ck] = c
			order = append(order, ck)
		}
		c.Texts = append(c.Texts, k)
	}
	out := make([]Conversation, 0, len(order))
	for _, ck := range order {
		c := *byKey[ck]
		if len(c.Texts) > PageTexts {
			c.Texts = c.Texts[len(c.Texts)-PageTexts:]
		}
		out = append(out, c)
	}
	slices.SortStableFunc(out, func(a, b Conversation) int {
		return b.Texts[len(b.Texts)-1].At.Compare(a.Texts[len(a.Texts)-1].At)
	})
	return out[:min(limit, len(out))]
}

// Handler serves the sandbox's page below prefix (say /sandbox/sms): the recent texts the
// sandbox sent, per customer number, each with a box to reply as the customer. A reply is
// made by Reply and received by receive, as the SNS topic's delivery of a real reply is, so
// STOP, START, HELP and the consent ledger apply. It answers loopback clients only and refuses
// a reply posted from another origin: it is the local run's, never served in AWS.
func (p *Provider) Handler(prefix string, receive Receiver) http.Handler {
	prefix = strings.TrimSuffix(prefix, "/")
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+prefix+"/{$}", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		p.render(w, http.StatusOK, pageData{Prefix: prefix, Conversations: p.Conversations(PageConversations),
			Replied: q.Get("replied"), Keyword: q.Get("keyword"), Answer: q.Get("answer"), Unmatched: q.Get("unmatched") == "1"})
	})
	mux.HandleFunc("POST "+prefix+"/reply", func(w http.ResponseWriter, r *http.Request) {
		if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host {
			http.Error(w, "A reply is posted from the sandbox's own page.", http.StatusForbidden)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
		fail := func(msg string) {
			p.render(w, http.StatusBadRequest, pageData{Prefix: prefix, Conversations: p.Conversations(PageConversations), Error: msg})
		}
		if err := r.ParseForm(); err != nil {
			fail("The reply could not be read.")
			return
		}
		t, err := store.NewTenant(r.PostForm.Get("account"))
		storeID, serr := strconv.ParseInt(r.PostForm.Get("store"), 10, 64)
		if err != nil || serr != nil || storeID < 1 {
			fail("Choose a conversation to reply in.")
			return
		}
		in, err := p.Reply(t, storeID, r.PostForm.Get("from"), r.PostForm.Get("text"))
		if err != nil {
			fail(replyError(err))
			return
		}
		got, err := receive(r.Context(), t, storeID, in)
		if err != nil {
			fail("The reply was not received: " + err.Error())
			return
		}
		v := url.Values{"replied": {in.From}, "keyword": {got.Keyword}, "answer": {got.Answer}}
		if got.ContactID == 0 {
			v.Set("unmatched", "1")
		}
		c := Conversation{Account: t.Account(), AccountPlatformID: storeID, Customer: in.From}
		http.Redirect(w, r, prefix+"/?"+v.Encode()+"#"+c.ID(), http.StatusSeeOther)
	})
	return loopbackOnly(mux)
}

// replyError is the page's message for a reply Reply refused.
func replyError(err error) string {
	var e *sms.Error
	if errors.As(err, &e) && e.Field == "from" {
		return "The customer's number is not a phone number in E.164 form (+15035550134)."
	}
	return "Enter the text the customer sends (1 to 1,600 characters)."
}

// loopbackOnly answers 403 to a client that is not on the loopback interface.
func loopbackOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
			http.Error(w, "The SMS sandbox answers the local machine only.", http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

type pageData struct {
	Prefix        string
	Conversations []Conversation
	Error         string
	Replied       string
	Keyword       string
	Answer        string
	Unmatched     bool
}

func (p *Provider) render(w http.ResponseWriter, status int, d pageData) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
	w.WriteHeader(status)
	page.Execute(w, d)
}

var page = template.Must(template.New("sandbox").Funcs(template.FuncMap{
	"direction": func(k Kept) string {
		if k.Inbound {
			return "Customer"
		}
		return "Store"
	},
}).Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>SMS sandbox</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #212529; max-width: 900px; }
h1 { font-size: 20px; }
section { border: 1px solid #dee2e6; border-radius: 8px; padding: 12px 16px; margin: 16px 0; }
h2 { font-size: 15px; margin: 0 0 8px; }
.meta { color: #868e96; font-size: 12px; }
ol { list-style: none; padding: 0; margin: 0 0 8px; }
li { margin: 6px 0; padding: 6px 10px; border-radius: 8px; max-width: 75%; white-space: pre-wrap; }
li.Store { background: #e7f5ff; }
li.Customer { background: #f1f3f5; margin-left: auto; }
.notice { background: #ebfbee; border: 1px solid #b2f2bb; padding: 8px 12px; border-radius: 6px; }
.error { background: #fff5f5; border: 1px solid #ffc9c9; padding: 8px 12px; border-radius: 6px; }
form { display: flex; gap: 8px; align-items: flex-end; }
textarea { flex: 1; font: inherit; min-height: 2.5em; }
button { font: inherit; padding: 6px 14px; }
</style>
</head>
<body>
<h1>SMS sandbox</h1>
<p class="meta">The texts the local run sent, per customer number, newest conversation first. A reply is received as one from AWS End User Messaging's topic: STOP, START and HELP apply to the number's consent.</p>
{{if .Error}}<p class="error" role="alert">{{.Error}}</p>{{end}}
{{if .Replied}}<p class="notice" role="status">Reply from {{.Replied}} received{{if .Keyword}} as {{.Keyword}}{{end}}.{{if .Unmatched}} No customer of the store has this number: it was applied to the number's consent only.{{end}}{{if .Answer}} The store answered: “{{.Answer}}”{{end}}</p>{{end}}
{{if not .Conversations}}<p>No texts sent yet. Text a customer from CXM and the text shows here.</p>{{end}}
{{range .Conversations}}
<section id="{{.ID}}" aria-label="Conversation with {{.Customer}}">
<h2>{{.Customer}} <span class="meta">with store {{.AccountPlatformID}} ({{.StoreNumber}}), dealer group {{.Account}}</span></h2>
<ol>
{{range .Texts}}<li class="{{direction .}}"><span class="meta">{{direction .}} · {{.At.Format "Jan 2 15:04:05 UTC"}}</span><br>{{.Text}}</li>
{{end}}</ol>
<form method="post" action="{{$.Prefix}}/reply">
<input type="hidden" name="account" value="{{.Account}}">
<input type="hidden" name="store" value="{{.AccountPlatformID}}">
<input type="hidden" name="from" value="{{.Customer}}">
<textarea name="text" aria-label="Reply as {{.Customer}}" maxlength="1600" required placeholder="Reply as the customer, e.g. STOP"></textarea>
<button type="submit">Reply as the customer</button>
</form>
</section>
{{end}}
</body>
</html>
`))
