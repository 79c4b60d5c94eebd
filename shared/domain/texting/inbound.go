package texting

import (
	"context"
	"fmt"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/consent"
	"github.com/cxm/cxm/shared/provider/sms"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Received is what Receive did with a text from a customer.
type Received struct {
	// ContactID is the customer the text was threaded onto; 0 when no customer has the number.
	ContactID int64
	Keyword   consent.Keyword
	// Status is the number's consent after the text.
	Status consent.Status
	// Entry is the text's activity entry; Reply the entry of the answer sent, if any.
	Entry activity.Entry
	Reply *activity.Entry
	// Repeated reports that the provider delivered the text before: nothing was done again.
	Repeated bool
}

// Receive takes text in, sent by a customer to store storeID's number: it applies it to the
// number's consent ledger at once (a STOP or a request in words opts out, START opts back in,
// HELP asks for the store's help text), threads it onto the customer the store last texted at
// that number (else the customer the ledger names), records it in that customer's activity,
// and sends the one answer the ledger asks for (the opt-out confirmation once, the
// re-subscription's, the help text). A text the provider delivers twice (one message id) is
// received once.
func (s *Service) Receive(ctx context.Context, t store.Tenant, storeID int64, in sms.Inbound) (Received, error) {
	rules, err := s.rules(ctx, t, storeID)
	if err != nil {
		return Received{}, err
	}
	e164, err := consent.E164(in.From, rules.Store.Country)
	if err != nil {
		return Received{}, err
	}
	if in.MessageID == "" {
		return Received{}, apperr.InvalidFields("The text is not valid.", map[string]string{"messageId": "The provider's message id is missing."})
	}
	contactID, err := s.thread(ctx, t, storeID, e164)
	if err != nil {
		return Received{}, err
	}
	if contactID == 0 {
		st, err := s.consent.Status(ctx, rules, e164)
		if err != nil {
			return Received{}, err
		}
		contactID = st.ContactID
	}
	key := "sms-in-" + in.MessageID
	if contactID > 0 {
		if prev, err := s.activity.ByKey(ctx, t, contactID, key); err == nil {
			return Received{ContactID: contactID, Entry: prev, Repeated: true}, nil
		} else if apperr.CodeOf(err) != apperr.NotFound {
			return Received{}, err
		}
	}
	ib, err := s.consent.HandleInboundFrom(ctx, rules, contactID, e164, in.Text)
	if err != nil {
		return Received{}, err
	}
	out := Received{ContactID: contactID, Keyword: ib.Keyword, Status: ib.Status}
	if contactID > 0 {
		details := map[string]string{DetailFrom: e164, DetailTo: in.To, DetailMessageID: in.MessageID}
		if ib.Keyword != consent.KeywordNone {
			details[DetailKeyword] = ib.Keyword.String()
		}
		out.Entry, err = s.record(ctx, t, activity.New{ContactID: contactID, AccountPlatformID: storeID, Kind: activity.KindText, Direction: activity.Inbound,
			Text: in.Text, Details: details, UserID: "customer", UserName: "Customer", Key: key}, storeID, e164)
		if err != nil {
			return Received{}, err
		}
	}
	if ib.Reply == "" {
		return out, nil
	}
	// The answer to the customer's own text: the only text sent without a Check.
	sender, err := s.senders.Texter(ctx, t, storeID)
	if err != nil {
		return out, err
	}
	replyKey := "sms-reply-" + in.MessageID
	sent, err := sender.Send(ctx, sms.Message{Tenant: t, AccountPlatformID: storeID, To: e164, Text: ib.Reply, Reference: replyKey})
	if err != nil {
		return out, fmt.Errorf("answer %s: %w", ib.Keyword, providerError(err))
	}
	if contactID > 0 {
		details := map[string]string{DetailPath: string(PathConsent), DetailAutomated: "true", DetailTo: e164, DetailFrom: sent.From,
			DetailMessageID: sent.MessageID, DetailKeyword: ib.Keyword.String()}
		reply, err := s.record(ctx, t, activity.New{ContactID: contactID, AccountPlatformID: storeID, Kind: activity.KindText, Direction: activity.Outbound,
			Text: ib.Reply, Details: details, UserID: "system", UserName: rules.Store.Name, Key: replyKey}, storeID, e164)
		if err != nil {
			return out, err
		}
		out.Reply = &reply
	}
	return out, nil
}
