package consent

import (
	"context"
	"strings"
)

// Inbound is what HandleInbound did with a text from a customer.
type Inbound struct {
	Keyword Keyword
	// Recorded reports whether the text was appended to the ledger, as Entry.
	Recorded bool
	Entry    Entry
	// Status is the ledger's status after the text.
	Status Status
	// Reply is the one text to send back now ("" for none): the opt-out confirmation (once
	// per opt-out), the re-subscription confirmation or the store's help text. It is sent
	// without a Check: it answers the customer's own text.
	Reply string
}

// HandleInbound applies text, received from number at store st, to the number's ledger at
// once and returns the reply to send. A STOP (or a request in words) is recorded every time
// and confirmed once: a second STOP is recorded without a second confirmation. START and
// UNSTOP are recorded and confirmed; YES is both only from an opted-out number (elsewhere it
// is an ordinary answer). HELP and INFO are answered with the store's help text and change
// nothing; any other text changes nothing and needs no reply from here.
func (r *Repo) HandleInbound(ctx context.Context, st StoreRules, number, text string) (Inbound, error) {
	return r.HandleInboundFrom(ctx, st, 0, number, text)
}

// HandleInboundFrom is HandleInbound of a text the caller matched to customer contactID (0 for
// none): the ledger's entry and its ConsentChanged event name the customer.
func (r *Repo) HandleInboundFrom(ctx context.Context, st StoreRules, contactID int64, number, text string) (Inbound, error) {
	n, err := E164(number, st.Store.Country)
	if err != nil {
		return Inbound{}, err
	}
	kw, how := classify(text)
	message := text
	if r := []rune(message); len(r) > MaxMessage {
		// The ledger keeps the start of a long text: the keyword or request is in it.
		message = string(r[:MaxMessage])
	}
	out := Inbound{Keyword: kw}
	var res recorded
	switch kw {
	case KeywordStop:
		res, err = r.record(ctx, st, n, func(prev Status) (plan, bool) {
			confirmed := prev.State == StateOptedOut && prev.OptOutConfirmed
			return plan{change: Change{Kind: KindOptOut, How: how, Who: WhoCustomer, Message: message, ContactID: contactID}, confirm: !confirmed}, true
		})
		if err == nil && res.done && !(res.prev.State == StateOptedOut && res.prev.OptOutConfirmed) {
			out.Reply = st.OptOutConfirmation()
		}
	case KeywordStart:
		yes := isYes(text)
		res, err = r.record(ctx, st, n, func(prev Status) (plan, bool) {
			if yes && prev.State != StateOptedOut {
				return plan{}, false
			}
			return plan{change: Change{Kind: KindOptIn, How: HowKeyword, Who: WhoCustomer, Message: message, ContactID: contactID}}, true
		})
		if err == nil && res.done {
			out.Reply = st.OptInConfirmation()
		}
		if err == nil && !res.done {
			out.Keyword = KeywordNone
		}
	case KeywordHelp:
		res.next, err = r.status(ctx, st, n)
		out.Reply = st.Help()
	default:
		res.next, err = r.status(ctx, st, n)
	}
	if err != nil {
		return Inbound{}, err
	}
	out.Recorded, out.Entry, out.Status = res.done, res.entry, res.next
	return out, nil
}

// isYes reports whether text's keyword is YES.
func isYes(text string) bool {
	return keywordOf(words(normalized(text))) == "yes" || strings.EqualFold(strings.TrimSpace(text), "yes")
}
