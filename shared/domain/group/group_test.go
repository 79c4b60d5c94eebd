package group_test

import (
	"fmt"
	"testing"

	"github.com/cxm/cxm/shared/domain/group"
	"github.com/google/go-cmp/cmp"
)

func TestSelectAndOrganization(t *testing.T) {
	t.Parallel()
	all := []group.Group{
		{GroupID: 1, Name: "Group", GroupTypeID: group.TypeOrganization, AccountPlatformIDs: []int64{1, 2}, Active: true},
		{GroupID: 2, Name: "West", GroupTypeID: group.TypeOrganization, ParentGroupID: 1, AccountPlatformIDs: []int64{1}, Active: true},
		{GroupID: 3, Name: "East", GroupTypeID: group.TypeOrganization, ParentGroupID: 1, AccountPlatformIDs: []int64{2}, Active: true},
		{GroupID: 4, Name: "West Lot", GroupTypeID: group.TypeOrganization, ParentGroupID: 2, AccountPlatformIDs: []int64{1}, Active: true},
		{GroupID: 5, Name: "Old", GroupTypeID: group.TypeOrganization, ParentGroupID: 1, AccountPlatformIDs: []int64{1}, Active: false},
		{GroupID: 10, Name: "Closers", GroupTypeID: group.TypeSalesTeam, AccountPlatformIDs: []int64{1}, Active: true},
		{GroupID: 11, Name: "Internet", GroupTypeID: group.TypeInternetSales, AccountPlatformIDs: []int64{2}, Active: true},
		{GroupID: 12, Name: "Service", GroupTypeID: group.TypeServiceTeam, AccountPlatformIDs: []int64{1}, Active: true},
	}
	names := func(gs []group.Group) []string {
		out := []string{}
		for _, g := range gs {
			out = append(out, g.Name)
		}
		return out
	}
	yes := true
	if diff := cmp.Diff([]string{"Closers", "Internet"}, names(group.Select(all, group.Filter{Stores: []int64{1, 2}, Types: group.SalesTypes(), Active: &yes}))); diff != "" {
		t.Errorf("sales groups (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"West", "West Lot"}, names(group.Select(all, group.Filter{Stores: []int64{1}, Text: "WEST"}))); diff != "" {
		t.Errorf("groups named west (-want +got):\n%s", diff)
	}
	tests := []struct {
		stores []int64
		want   []string
	}{
		{[]int64{1, 2}, []string{"0 Group", "1 East", "1 West", "2 West Lot"}},
		{[]int64{1}, []string{"0 Group", "1 West", "2 West Lot"}},
		{[]int64{2}, []string{"0 Group", "1 East"}},
		{[]int64{9}, []string{}},
	}
	for _, tt := range tests {
		got := []string{}
		for _, n := range group.Organization(all, tt.stores) {
			got = append(got, fmt.Sprintf("%d %s", n.Depth, n.Name))
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("organisation of %v (-want +got):\n%s", tt.stores, diff)
		}
	}
}
