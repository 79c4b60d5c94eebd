package merge

import (
	"context"
	"slices"
	"strings"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/merge"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// details reads what tells the session's contacts apart.
type details struct {
	users    *user.Repo
	contacts *contact.Repo
	leads    *lead.Repo
	activity *activity.Repo
}

// sessionView returns s as the calls answer it, each contact with its details as the session's
// user may see them.
func (a *area) sessionView(ctx context.Context, sess user.Session, s merge.Session) (MergeSession, error) {
	v := MergeSession{ID: s.ID, UserID: s.UserID, AccountPlatformID: s.AccountPlatformID, Contacts: []MergeSessionMember{}, Created: s.Created, Updated: s.Updated}
	for _, m := range s.Contacts {
		d, err := a.details.of(ctx, sess, m.ContactID)
		if err != nil {
			return MergeSession{}, err
		}
		v.Contacts = append(v.Contacts, MergeSessionMember{ContactID: m.ContactID, Added: m.Added, Details: d})
	}
	return v, nil
}

// of returns the details of contact id, or nil when the session's user can no longer read it.
func (d details) of(ctx context.Context, sess user.Session, id int64) (*MergeMemberDetails, error) {
	c, _, err := d.contacts.ForSession(ctx, sess, id)
	if apperr.CodeOf(err) == apperr.NotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	t := sess.Principal.Tenant
	out := &MergeMemberDetails{Name: c.FullName(), Phones: []string{}, Emails: []string{}, Created: c.CreatedAt}
	if out.Name == "" {
		out.Name = c.BusinessName
	}
	for _, st := range sess.Stores {
		if st.AccountPlatformID == c.AccountPlatformID {
			out.StoreName = st.Name
		}
	}
	c = c.Decorate()
	phones := slices.Clone(c.Phones)
	slices.SortStableFunc(phones, func(a, b contact.Phone) int { return preferredFirst(a.IsPreferred, b.IsPreferred) })
	for _, p := range phones {
		out.Phones = append(out.Phones, p.PhoneDisplay)
	}
	emails := slices.Clone(c.Emails)
	slices.SortStableFunc(emails, func(a, b contact.Email) int { return preferredFirst(a.IsPreferred, b.IsPreferred) })
	for _, e := range emails {
		out.Emails = append(out.Emails, e.Email)
	}
	for _, ad := range c.Addresses {
		if ad.IsPrimary || out.Address == "" {
			line := strings.Join(nonEmpty(ad.AddressLine1, ad.City, strings.TrimSpace(ad.StateProvince+" "+ad.PostalCode)), ", ")
			if line != "" {
				out.Address = line
			}
		}
	}
	if c.CreatedBy != "" {
		if p, _, err := d.users.Profile(ctx, t, c.CreatedBy); err == nil {
			out.CreatedBy = p.DisplayName()
		}
	}
	sum, err := d.activity.Summarize(ctx, t, c.Owners())
	if err != nil {
		return nil, err
	}
	out.LastActivity = sum.LastActivityAt
	leads, err := d.leads.ForContact(ctx, t, c.Owners())
	if err != nil {
		return nil, err
	}
	for _, l := range leads {
		out.Leads++
		if lead.Open(l.Status) {
			out.OpenLeads++
		}
	}
	return out, nil
}

func preferredFirst(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return -1
	}
	return 1
}

func nonEmpty(parts ...string) []string {
	out := parts[:0:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
