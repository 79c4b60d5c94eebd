package user_test

import (
	"testing"

	"github.com/cxm/cxm/shared/domain/user"
	"github.com/google/go-cmp/cmp"
)

func TestSelect(t *testing.T) {
	t.Parallel()
	p := func(id, first, last string, status int, stores ...int64) user.Profile {
		return user.Profile{UserID: id, FirstName: first, LastName: last, UserType: 1, UserStatus: status, AllowedStores: stores}
	}
	all := []user.Profile{
		p("1", "Ann", "Young", user.StatusActive, 1),
		p("2", "Bob", "Adams", user.StatusInactive, 1),
		p("3", "Cat", "Baker", user.StatusActive, 2),
		p("4", "Dan", "Adams", user.StatusActive, 1, 2),
		p("5", "Eve", "Cole", user.StatusPending, 2),
		p("6", "Fay", "Baker", user.StatusActive, 3),
		{UserID: "7", FirstName: "Sys", LastName: "Aardvark", UserType: user.SystemUserType, UserStatus: user.StatusActive, AllowedStores: []int64{1}},
		p("PS1", "Par", "Aaron", user.StatusActive, 1),
		p(user.AutomationUserID, "Auto", "Aa", user.StatusActive, 1),
	}
	ids := func(ps []user.Profile) []string {
		out := []string{}
		for _, p := range ps {
			out = append(out, p.UserID)
		}
		return out
	}
	tests := []struct {
		name    string
		o       user.ListOptions
		want    []string
		matched int
	}{
		{"active employees of the stores, by last name", user.ListOptions{Stores: []int64{1, 2}}, []string{"4", "3", "1"}, 3},
		{"inactive and pending after active", user.ListOptions{Stores: []int64{1, 2}, IncludeInactive: true}, []string{"4", "3", "1", "2", "5"}, 5},
		{"descending within each part", user.ListOptions{Stores: []int64{1, 2}, IncludeInactive: true, Descending: true}, []string{"1", "3", "4", "5", "2"}, 5},
		{"by first name", user.ListOptions{Stores: []int64{1, 2}, OrderBy: user.OrderFirstName}, []string{"1", "3", "4"}, 3},
		{"one status", user.ListOptions{Stores: []int64{1, 2}, Status: user.StatusPending}, []string{"5"}, 1},
		{"first page", user.ListOptions{Stores: []int64{1, 2}, IncludeInactive: true, Size: 2}, []string{"4", "3"}, 5},
		{"last page", user.ListOptions{Stores: []int64{1, 2}, IncludeInactive: true, From: 4, Size: 2}, []string{"5"}, 5},
		{"past the end", user.ListOptions{Stores: []int64{1, 2}, From: 10, Size: 2}, []string{}, 3},
		{"other store only", user.ListOptions{Stores: []int64{3}}, []string{"6"}, 1},
		{"no stores", user.ListOptions{}, []string{}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, matched := user.Select(all, tt.o)
			if diff := cmp.Diff(tt.want, ids(got)); diff != "" {
				t.Errorf("page (-want +got):\n%s", diff)
			}
			if matched != tt.matched {
				t.Errorf("matched = %d, want %d", matched, tt.matched)
			}
		})
	}
}
