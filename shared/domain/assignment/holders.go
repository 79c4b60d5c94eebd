package assignment

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cxm/cxm/shared/domain/role"
	"github.com/cxm/cxm/shared/domain/user"
)

// HolderRoles returns the roles whose users may take the customers held for r: the users who do
// that job, and those who manage them (a sales manager takes a departed sales person's
// customers). An unknown role has none.
func HolderRoles(r string) []string {
	switch r {
	case role.SalesPerson:
		return []string{role.SalesPerson, role.SalesManager, role.GeneralSalesManager}
	case role.BDCAgent:
		return []string{role.BDCAgent, role.BDCManager}
	case role.ServiceAdvisor:
		return []string{role.ServiceAdvisor, role.ServiceManager}
	case role.SalesManager:
		return []string{role.SalesManager, role.GeneralSalesManager}
	case role.FIManager:
		return []string{role.FIManager}
	}
	return nil
}

// Refusal says why user p may not take the customers held for role r in stores, or returns ""
// when p may: p must be an active employee of the dealer group (not a system user), hold one of
// HolderRoles(r), and belong to every one of stores. Stores are named by storeName, so the
// message shows what people read on screen, never an internal id. A bulk reassignment's preview
// and its start both check the new holder with it, so what the preview accepts the start
// accepts.
func Refusal(p user.Profile, r string, stores []int64, storeName func(int64) string) string {
	name := p.DisplayName()
	switch {
	case !user.Employee(p):
		return name + " cannot hold customers."
	case !p.Active():
		return name + " is not an active user."
	case !slices.ContainsFunc(p.Roles, func(h string) bool { return slices.Contains(HolderRoles(r), h) }):
		labels := make([]string, 0, 3)
		for _, h := range HolderRoles(r) {
			labels = append(labels, role.LabelWithArticle(h))
		}
		return fmt.Sprintf("%s cannot take customers held by %s: they go to %s.", name, role.LabelWithArticle(r), orList(labels))
	}
	var missing []string
	for _, st := range stores {
		if !slices.Contains(p.AllowedStores, st) {
			missing = append(missing, storeName(st))
		}
	}
	if len(missing) > 0 {
		return fmt.Sprintf("%s does not work at %s.", name, andList(missing))
	}
	return ""
}

// Candidates returns the users of all (as user.Repo.List gives them) who may take the customers
// held for role r in stores: those Refusal accepts.
func Candidates(all []user.Profile, r string, stores []int64) []user.Profile {
	out := []user.Profile{}
	for _, p := range all {
		if Refusal(p, r, stores, func(int64) string { return "" }) == "" {
			out = append(out, p)
		}
	}
	return out
}

// FromUsers returns the users of all whose customers held for role r in stores may be moved
// away: the employees, active or not (a user who left still holds customers), holding r and
// belonging to at least one of stores.
func FromUsers(all []user.Profile, r string, stores []int64) []user.Profile {
	out := []user.Profile{}
	for _, p := range all {
		if user.Employee(p) && slices.Contains(p.Roles, r) && p.BelongsToAny(stores) {
			out = append(out, p)
		}
	}
	return out
}

func orList(items []string) string  { return joinList(items, "or") }
func andList(items []string) string { return joinList(items, "and") }

func joinList(items []string, conj string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
}
