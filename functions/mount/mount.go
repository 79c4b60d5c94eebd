// Package mount knows every API area's handler by the area's name in the route table. The
// local gateway mounts them all and the contract is generated from all of them.
package mount

import (
	"cmp"
	"encoding/json"
	"maps"
	"net/http"
	"slices"

	"github.com/cxm/cxm/functions/activity"
	"github.com/cxm/cxm/functions/assistant"
	"github.com/cxm/cxm/functions/auth"
	"github.com/cxm/cxm/functions/calendar"
	"github.com/cxm/cxm/functions/calltracking"
	"github.com/cxm/cxm/functions/chat"
	"github.com/cxm/cxm/functions/contacts"
	"github.com/cxm/cxm/functions/core"
	"github.com/cxm/cxm/functions/credit"
	"github.com/cxm/cxm/functions/dashboards"
	"github.com/cxm/cxm/functions/dealers"
	"github.com/cxm/cxm/functions/dealsheets"
	"github.com/cxm/cxm/functions/desking"
	"github.com/cxm/cxm/functions/email"
	"github.com/cxm/cxm/functions/garage"
	"github.com/cxm/cxm/functions/leads"
	"github.com/cxm/cxm/functions/merge"
	"github.com/cxm/cxm/functions/messages"
	"github.com/cxm/cxm/functions/processes"
	"github.com/cxm/cxm/functions/relations"
	"github.com/cxm/cxm/functions/rules"
	"github.com/cxm/cxm/functions/tasks"
	"github.com/cxm/cxm/functions/touchpoints"
	"github.com/cxm/cxm/functions/users"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
)

// Area builds one area: its handler, and its operations on a shared API for the contract.
type Area struct {
	New      func(wiring.Services) http.Handler
	Register func(*httpapi.API, wiring.Services)
}

// Areas returns every area by its route-table name.
func Areas() map[string]Area {
	return map[string]Area{
		"users":        {New: users.New, Register: users.Register},
		"core":         {New: core.New, Register: core.Register},
		"dealers":      {New: dealers.New, Register: dealers.Register},
		"chat":         {New: chat.New, Register: chat.Register},
		"contacts":     {New: contacts.New, Register: contacts.Register},
		"relations":    {New: relations.New, Register: relations.Register},
		"activity":     {New: activity.New, Register: activity.Register},
		"desking":      {New: desking.New, Register: desking.Register},
		"dealsheets":   {New: dealsheets.New, Register: dealsheets.Register},
		"dashboards":   {New: dashboards.New, Register: dashboards.Register},
		"garage":       {New: garage.New, Register: garage.Register},
		"calltracking": {New: calltracking.New, Register: calltracking.Register},
		"tasks":        {New: tasks.New, Register: tasks.Register},
		"email":        {New: email.New, Register: email.Register},
		"assistant":    {New: assistant.New, Register: assistant.Register},
		"messages":     {New: messages.New, Register: messages.Register},
		"calendar":     {New: calendar.New, Register: calendar.Register},
		"touchpoints":  {New: touchpoints.New, Register: touchpoints.Register},
		"auth":         {New: auth.New, Register: auth.Register},
		"credit":       {New: credit.New, Register: credit.Register},
		"merge":        {New: merge.New, Register: merge.Register},
		"leads":        {New: leads.New, Register: leads.Register},
		"rules":        {New: rules.New, Register: rules.Register},
		"processes":    {New: processes.New, Register: processes.Register},
	}
}

// Handlers returns every area's handler constructor by its route-table name, as the local
// gateway mounts them.
func Handlers() map[string]func(wiring.Services) http.Handler {
	hs := map[string]func(wiring.Services) http.Handler{}
	for name, a := range Areas() {
		hs[name] = a.New
	}
	return hs
}

// Contract returns the OpenAPI 3.1 document of every area, as indented JSON.
func Contract() ([]byte, error) {
	api := httpapi.New(nil)
	for _, name := range sortedNames() {
		api.Scope(name)
		Areas()[name].Register(api, wiring.Services{})
	}
	doc, err := json.MarshalIndent(api.OpenAPI(), "", "  ")
	if err != nil {
		return nil, err
	}
	return append(doc, '\n'), nil
}

func sortedNames() []string {
	names := slices.Collect(maps.Keys(Areas()))
	slices.Sort(names)
	return names
}

// Operation is one operation of the contract and the area whose Register adds it.
type Operation struct {
	// Area is the area's route-table name.
	Area string
	httpapi.Operation
}

// Operations returns every operation of every area, sorted by path, method and area.
func Operations() []Operation {
	var ops []Operation
	for name, a := range Areas() {
		api := httpapi.New(nil)
		a.Register(api, wiring.Services{})
		for path, item := range api.OpenAPI().Paths {
			for method, op := range map[string]*huma.Operation{
				http.MethodGet: item.Get, http.MethodPost: item.Post, http.MethodPut: item.Put,
				http.MethodDelete: item.Delete, http.MethodPatch: item.Patch,
			} {
				if op != nil {
					ops = append(ops, Operation{Area: name, Operation: httpapi.Operation{Method: method, Pattern: path}})
				}
			}
		}
	}
	slices.SortFunc(ops, func(a, b Operation) int {
		return cmp.Or(cmp.Compare(a.Pattern, b.Pattern), cmp.Compare(a.Method, b.Method), cmp.Compare(a.Area, b.Area))
	})
	return ops
}
