package mount_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/contract"
)

// The foreign values sent in server-owned fields: another dealer group's customer and a
// customer of a store the writer may not view as ids and merge links, and strings and times
// no save of the demo group produces.
const (
	foreignText = "foreign-value"
	foreignTime = "1999-12-31T23:59:59Z"
	// foreignActivity is the text of a note logged on the foreign customers: reachable from a
	// record only through a merge link to them.
	foreignActivity = "foreign-activity-note"
)

var (
	foreignID    = demo.OtherContactID
	foreignLinks = []any{demo.OtherContactID, demo.ContactHyundai}
)

// writer is the user who saves the probes: a sales person of the Toyota and Honda stores, who
// may not view the Hyundai store's customers.
const writer = "100001"

// ownedPath is the place of a server-owned field in a body: property names, with "[]" for
// each element of an array.
type ownedPath struct {
	segs   []string
	schema map[string]any
}

func (p ownedPath) String() string { return strings.ReplaceAll(strings.Join(p.segs, "."), ".[]", "[]") }

// writeFixture saves a record through one write operation and reads it back through the API.
type writeFixture struct {
	// base is a valid body of the operation; carry is where the server-owned fields go in it
	// (the body itself, or the record inside it).
	base func(n int) map[string]any
	// path is the operation's request path.
	path string
	// id returns the saved record's id from the operation's response.
	id func(t *testing.T, resp map[string]any) int64
	// update, when set, saves the record again with this body built from the read-back
	// record (an update through the same operation).
	update func(read map[string]any) map[string]any
	// updatePath, when set, is where the update is sent with method updateMethod, instead of
	// a POST to path: an edit of the record by its id.
	updatePath   func(id int64, read map[string]any) string
	updateMethod string
	// as is the user who saves and reads; "" for writer.
	as string
	// read, when set, reads the record back instead of readRecord (a record that is not a
	// customer).
	read func(t *testing.T, srv *areatest.Server, as string, id int64) readBack
}

// user returns who saves fx's records.
func (fx writeFixture) user() string {
	if fx.as != "" {
		return fx.as
	}
	return writer
}

// readBack reads the record id fx saved.
func (fx writeFixture) readBack(t *testing.T, srv *areatest.Server, id int64) readBack {
	t.Helper()
	if fx.read != nil {
		return fx.read(t, srv, fx.user(), id)
	}
	return readRecord(t, srv, id)
}

// readOne reads a record back through one GET call, as user as.
func readOne(path string) func(t *testing.T, srv *areatest.Server, as string, id int64) readBack {
	return func(t *testing.T, srv *areatest.Server, as string, id int64) readBack {
		t.Helper()
		r := areatest.Request{Method: "GET", Path: fmt.Sprintf(path, id), As: as}
		status, raw, _ := srv.Raw(t, r)
		if status != 200 {
			t.Fatalf("GET %s = %d %s", r.Path, status, raw)
		}
		rb := readBack{raw: map[string][]byte{"GET " + r.Path: raw}}
		rb.record, _ = decode(t, raw)["data"].(map[string]any)
		return rb
	}
}

// readActivityGroup reads activity group id of the Toyota store back from the store's groups.
func readActivityGroup(t *testing.T, srv *areatest.Server, as string, id int64) readBack {
	t.Helper()
	r := areatest.Request{Method: "POST", Path: "/api/activitygroups", As: as, Body: fmt.Sprintf(`{"accountPlatformIds":[%d]}`, demo.StoreToyota)}
	status, raw, _ := srv.Raw(t, r)
	if status != 200 {
		t.Fatalf("POST %s = %d %s", r.Path, status, raw)
	}
	rb := readBack{raw: map[string][]byte{"POST " + r.Path: raw}}
	groups, _ := decode(t, raw)["data"].([]any)
	for _, g := range groups {
		m, _ := g.(map[string]any)
		if n, _ := m["activityGroupId"].(json.Number); n.String() == fmt.Sprint(id) {
			rb.record = m
		}
	}
	if rb.record == nil {
		t.Fatalf("activity group %d not among %s", id, raw)
	}
	return rb
}

// legacyID returns the id at Data.{name} of a {Success, Data} response.
func legacyID(name string) func(t *testing.T, resp map[string]any) int64 {
	return func(t *testing.T, resp map[string]any) int64 {
		t.Helper()
		m, _ := resp["Data"].(map[string]any)
		n, _ := m[name].(json.Number)
		id, err := n.Int64()
		if err != nil || id <= 0 {
			t.Fatalf("no id at Data.%s in %v", name, resp)
		}
		return id
	}
}

// readDealerTemplate reads dealer template id of the Toyota store back from the store's templates.
func readDealerTemplate(t *testing.T, srv *areatest.Server, as string, id int64) readBack {
	t.Helper()
	r := areatest.Request{Method: "POST", Path: "/templatemanager/getDealerTemplates", As: as, Body: fmt.Sprintf(`{"AccountPlatformIds":[%d]}`, demo.StoreToyota)}
	status, raw, _ := srv.Raw(t, r)
	if status != 200 {
		t.Fatalf("POST %s = %d %s", r.Path, status, raw)
	}
	rb := readBack{raw: map[string][]byte{"POST " + r.Path: raw}}
	list, _ := decode(t, raw)["Data"].([]any)
	for _, x := range list {
		m, _ := x.(map[string]any)
		if n, _ := m["TemplateId"].(json.Number); n.String() == fmt.Sprint(id) {
			rb.record = m
		}
	}
	if rb.record == nil {
		t.Fatalf("template %d not among %s", id, raw)
	}
	return rb
}

// ruleBody is a valid new workflow rule of the Toyota store with one task.
func ruleBody(n int) map[string]any {
	return map[string]any{
		"id": -1, "name": fmt.Sprintf("Probe rule %d", n), "accountPlatformIds": []any{demo.StoreToyota},
		"triggers": []any{map[string]any{"activityTypeId": 1}},
		"triggerSetTasks": []any{map[string]any{"triggerSetTaskId": -1, "name": "Call", "actionTypeId": 1, "dueUnit": 1, "dueDuration": 15,
			"terminators": []any{}, "triggerSetTaskNotifications": []any{}}},
	}
}

// templateBody is a valid new workflow template of the Toyota store with one step.
func templateBody(n int) map[string]any {
	return map[string]any{
		"Name": fmt.Sprintf("Probe template %d", n), "Status": 50, "AccountPlatformIds": []any{demo.StoreToyota},
		"Steps": []any{map[string]any{"Name": "Check", "Form": map[string]any{"Name": "Check", "Type": "form",
			"Controls": []any{map[string]any{"Id": 1, "Label": "Notes", "InputType": "ShortAnswer"}}}}},
	}
}

// rulesAdmin saves the rule probes: the demo dealer admin, a rules administrator.
const rulesAdmin = "100008"

// contactBody is a valid new customer of the Toyota store, with a phone and a note.
func contactBody(n int) map[string]any {
	return map[string]any{
		"accountPlatformId": demo.StoreToyota, "firstName": "Probe", "lastName": fmt.Sprintf("Owned%d", n),
		"emails": []any{map[string]any{"email": fmt.Sprintf("owned%d@example.test", n)}},
		"phones": []any{map[string]any{"phone": fmt.Sprintf("50355501%02d", n), "phoneTypeId": 1}},
		"notes":  []any{map[string]any{"text": "probe note"}},
	}
}

func dataID(path ...string) func(t *testing.T, resp map[string]any) int64 {
	return func(t *testing.T, resp map[string]any) int64 {
		t.Helper()
		var v any = resp["data"]
		for _, p := range path {
			m, _ := v.(map[string]any)
			v = m[p]
		}
		n, _ := v.(json.Number)
		id, err := n.Int64()
		if err != nil || id <= 0 {
			t.Fatalf("no id at data.%s in %v", strings.Join(path, "."), resp)
		}
		return id
	}
}

// writeFixtures are the write operations whose bodies carry server-owned fields, by method and
// path. TestServerOwnedFieldsAreNotStored fails for an operation of the contract with such
// fields and no fixture.
var writeFixtures = map[string]writeFixture{
	"POST /templatemanager/createDealerTemplate": {
		base: func(n int) map[string]any {
			return map[string]any{"AccountPlatformId": demo.StoreToyota, "TemplateName": fmt.Sprintf("Probe template %d", n), "CategoryId": 2,
				"ChannelId": 1, "TemplateTypeId": 1, "Status": true, "Subject": "Hello", "Body": "Hello {CustomerFirstName}"}
		},
		path: "/templatemanager/createDealerTemplate", id: legacyID("TemplateId"), read: readDealerTemplate,
	},
	"POST /crm/contacts": {
		base: contactBody, path: "/crm/contacts", id: dataID("id"),
		update: func(read map[string]any) map[string]any { return read },
	},
	"POST /api/TriggerSet": {
		base: ruleBody, path: "/api/TriggerSet", id: dataID("id"), as: rulesAdmin, read: readOne("/api/triggerset/%d"),
		update: func(read map[string]any) map[string]any { return read },
	},
	"POST /api/RuleGroup": {
		base: func(n int) map[string]any {
			return map[string]any{"name": fmt.Sprintf("Probe group %d", n), "ruleGroupTypeId": 1, "accountPlatformId": demo.StoreToyota}
		},
		path: "/api/RuleGroup", id: dataID("id"), as: rulesAdmin, read: readOne("/api/ruleGroup/%d"),
	},
	"POST /pando/workflowtemplate": {
		base: templateBody, path: "/pando/workflowtemplate", id: dataID("WorkflowTemplateId"), as: rulesAdmin, read: readOne("/pando/workflowtemplate/%d"),
	},
	"PUT /pando/workflowtemplate/{templateId}": {
		base: templateBody, path: "/pando/workflowtemplate", id: dataID("WorkflowTemplateId"), as: rulesAdmin, read: readOne("/pando/workflowtemplate/%d"),
		update: func(read map[string]any) map[string]any { return read },
		updatePath: func(id int64, read map[string]any) string {
			return fmt.Sprintf("/pando/workflowtemplate/%d?version=%v", id, read["Version"])
		},
		updateMethod: "PUT",
	},
	"POST /api/Campaign/response": {
		base: func(n int) map[string]any {
			return map[string]any{"accountPlatformId": demo.StoreToyota, "contactId": demo.ContactToyota, "campaign": fmt.Sprintf("Probe campaign %d", n), "rating": 4}
		},
		path: "/api/Campaign/response", id: dataID("responseId"), read: readOne("/api/Campaign/response/%d"),
	},
	"POST /api/activitygroup": {
		base: func(n int) map[string]any {
			return map[string]any{"accountPlatformId": demo.StoreToyota, "name": fmt.Sprintf("Probe group %d", n), "counters": []string{"calls"}}
		},
		path: "/api/activitygroup", id: dataID("activityGroupId"), as: "100002", read: readActivityGroup,
	},
	"POST /crm/prospect/add": {
		base: func(n int) map[string]any {
			return map[string]any{"contact": contactBody(n), "skipContactProposal": true}
		},
		path: "/crm/prospect/add", id: dataID("contact", "id"),
	},
}

// TestServerOwnedFieldsAreNotStored sends, for every write operation of the contract whose
// body has server-owned (readOnly) fields, each of those fields with a foreign value (another
// dealer group's customer, a customer of a store the writer may not view, made-up audit
// stamps), and checks through the API that none of it is stored or reachable: the record reads
// back as the same save without those fields does.
func TestServerOwnedFieldsAreNotStored(t *testing.T) {
	t.Parallel()
	ops := ownedFieldsByOperation(t)
	if len(ops) == 0 {
		t.Fatal("the contract has no write body with server-owned fields")
	}
	for _, op := range slices.Sorted(maps.Keys(ops)) {
		if _, ok := writeFixtures[op]; !ok {
			t.Errorf("%s has server-owned fields %v but no fixture: add one to writeFixtures", op, ops[op])
		}
	}
	srv := areatest.New(t)
	// The foreign customers have activity of their own, which a merge link would expose.
	for _, c := range []struct {
		as string
		id int64
	}{{"100002", demo.ContactHyundai}, {demo.OtherUserID, demo.OtherContactID}} {
		body := fmt.Sprintf(`{"text":%q}`, foreignActivity)
		if status := srv.Do(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/actions/log_note", c.id), As: c.as, Body: body}, nil); status != 200 {
			t.Fatalf("log a note on %d: status %d", c.id, status)
		}
	}
	n := 0
	for _, op := range slices.Sorted(maps.Keys(ops)) {
		fx, ok := writeFixtures[op]
		if !ok {
			continue
		}
		paths := ops[op]
		t.Run(op, func(t *testing.T) {
			n++
			// The control: the same save without server-owned fields.
			control := fx.readBack(t, srv, fx.id(t, write(t, srv, fx.user(), fx.path, fx.base(n))))
			n++
			injected := fx.base(n)
			for _, p := range paths {
				if !inject(injected, p.segs, p.schema) {
					t.Fatalf("the fixture's body has no place for %s", p)
				}
			}
			id := fx.id(t, write(t, srv, fx.user(), fx.path, injected))
			got := fx.readBack(t, srv, id)
			checkNotStored(t, "create", paths, control, got)

			if fx.update == nil {
				return
			}
			var updatePath string
			if fx.updatePath != nil {
				updatePath = fx.updatePath(id, got.record)
			}
			body := fx.update(got.record)
			for _, p := range paths {
				inject(body, p.segs, p.schema)
			}
			if fx.updatePath != nil {
				writeWith(t, srv, fx.user(), fx.updateMethod, updatePath, body)
			} else {
				write(t, srv, fx.user(), fx.path, body)
			}
			checkNotStored(t, "update", paths, control, fx.readBack(t, srv, id))
		})
	}
}

// serverOwnedNames are names only the server sets: a write body field of one of these names
// must be marked readOnly, so the decoder ignores it.
var serverOwnedNames = []string{"createdAt", "createdBy", "updatedAt", "updatedBy", "updatedt", "deletedAt", "deletedBy", "mergedContactIds", "sensitiveMasked", "phoneDisplay"}

// TestServerOwnedNamesAreReadOnly checks that no write body of the contract takes an audit
// stamp or a merge link from the client.
func TestServerOwnedNamesAreReadOnly(t *testing.T) {
	t.Parallel()
	_, writable := writeBodyFields(t)
	for _, op := range slices.Sorted(maps.Keys(writable)) {
		for _, p := range writable[op] {
			if slices.ContainsFunc(serverOwnedNames, func(n string) bool { return strings.EqualFold(n, p.segs[len(p.segs)-1]) }) {
				t.Errorf("%s: %s is not readOnly: mark it readOnly:\"true\" so the decoder ignores it", op, p)
			}
		}
	}
}

// ownedFieldsByOperation returns the server-owned fields of every write operation's JSON body.
func ownedFieldsByOperation(t *testing.T) map[string][]ownedPath {
	t.Helper()
	owned, _ := writeBodyFields(t)
	return owned
}

// writeBodyFields returns, by write operation, the server-owned (readOnly) fields of its JSON
// body and the other fields.
func writeBodyFields(t *testing.T) (map[string][]ownedPath, map[string][]ownedPath) {
	t.Helper()
	var doc struct {
		Paths      map[string]map[string]map[string]any `json:"paths"`
		Components struct {
			Schemas map[string]map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(contract.Document(), &doc); err != nil {
		t.Fatal(err)
	}
	resolve := func(s map[string]any) map[string]any {
		for {
			ref, _ := s["$ref"].(string)
			if ref == "" {
				return s
			}
			s = doc.Components.Schemas[strings.TrimPrefix(ref, "#/components/schemas/")]
		}
	}
	var walk func(s map[string]any, at []string, depth int, out, other *[]ownedPath)
	walk = func(s map[string]any, at []string, depth int, out, other *[]ownedPath) {
		if depth > 8 {
			return
		}
		s = resolve(s)
		props, _ := s["properties"].(map[string]any)
		for _, name := range slices.Sorted(maps.Keys(props)) {
			ps, _ := props[name].(map[string]any)
			p := append(slices.Clone(at), name)
			if ro, _ := ps["readOnly"].(bool); ro {
				*out = append(*out, ownedPath{segs: p, schema: resolve(ps)})
				continue
			}
			*other = append(*other, ownedPath{segs: p, schema: resolve(ps)})
			walk(ps, p, depth+1, out, other)
		}
		if items, ok := resolve(s)["items"].(map[string]any); ok {
			walk(items, append(slices.Clone(at), "[]"), depth+1, out, other)
		}
	}
	ops, writable := map[string][]ownedPath{}, map[string][]ownedPath{}
	for path, item := range doc.Paths {
		for method, op := range item {
			if !slices.Contains([]string{"post", "put", "patch", "delete"}, method) {
				continue
			}
			rb, _ := op["requestBody"].(map[string]any)
			content, _ := rb["content"].(map[string]any)
			media, _ := content["application/json"].(map[string]any)
			schema, _ := media["schema"].(map[string]any)
			if schema == nil {
				continue
			}
			var owned, other []ownedPath
			walk(schema, nil, 0, &owned, &other)
			key := strings.ToUpper(method) + " " + path
			if len(owned) > 0 {
				ops[key] = owned
			}
			writable[key] = other
		}
	}
	return ops, writable
}

// foreignValue returns the foreign value sent in a server-owned field of schema s.
func foreignValue(s map[string]any) any {
	types := []string{}
	switch ty := s["type"].(type) {
	case string:
		types = append(types, ty)
	case []any:
		for _, x := range ty {
			types = append(types, fmt.Sprint(x))
		}
	}
	switch {
	case slices.Contains(types, "array"):
		return foreignLinks
	case slices.Contains(types, "integer"), slices.Contains(types, "number"):
		return foreignID
	case slices.Contains(types, "boolean"):
		return true
	case s["format"] == "date-time":
		return foreignTime
	default:
		return foreignText
	}
}

// inject sets the field at segs of body (in every element of the arrays on the way) to its
// foreign value, and reports whether the body had a place for it.
func inject(body any, segs []string, s map[string]any) bool {
	if segs[0] == "[]" {
		list, _ := body.([]any)
		placed := len(list) > 0
		for _, e := range list {
			placed = inject(e, segs[1:], s) && placed
		}
		return placed
	}
	m, ok := body.(map[string]any)
	if !ok {
		return false
	}
	if len(segs) == 1 {
		m[segs[0]] = foreignValue(s)
		return true
	}
	next, ok := m[segs[0]]
	return ok && inject(next, segs[1:], s)
}

func write(t *testing.T, srv *areatest.Server, as, path string, body map[string]any) map[string]any {
	t.Helper()
	return writeWith(t, srv, as, "POST", path, body)
}

func writeWith(t *testing.T, srv *areatest.Server, as, method, path string, body map[string]any) map[string]any {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	status, raw, _ := srv.Raw(t, areatest.Request{Method: method, Path: path, As: as, Body: string(b)})
	if status != 200 {
		t.Fatalf("%s %s = %d %s", method, path, status, raw)
	}
	return decode(t, raw)
}

func decode(t *testing.T, raw []byte) map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
	return m
}

// readBack is a saved customer as the API shows it: the record, its activity and its change log.
type readBack struct {
	record map[string]any
	raw    map[string][]byte
}

func readRecord(t *testing.T, srv *areatest.Server, id int64) readBack {
	t.Helper()
	rb := readBack{raw: map[string][]byte{}}
	for _, r := range []areatest.Request{
		{Method: "GET", Path: fmt.Sprintf("/crm/contacts/%d", id)},
		{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/activity/feed/paged", id), Body: `{}`},
		{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/change_log", id), Body: `{}`},
		{Method: "POST", Path: "/api/notes/get", Body: fmt.Sprintf(`{"contactId":%d}`, id)},
	} {
		r.As = writer
		status, raw, _ := srv.Raw(t, r)
		if status != 200 {
			t.Fatalf("%s %s = %d %s", r.Method, r.Path, status, raw)
		}
		rb.raw[r.Method+" "+r.Path] = raw
	}
	resp := decode(t, rb.raw[fmt.Sprintf("GET /crm/contacts/%d", id)])
	rb.record, _ = resp["data"].(map[string]any)
	return rb
}

// values returns the values at segs in v, through every array element.
func values(v any, segs []string) []any {
	if len(segs) == 0 {
		return []any{v}
	}
	if segs[0] == "[]" {
		var out []any
		list, _ := v.([]any)
		for _, e := range list {
			out = append(out, values(e, segs[1:])...)
		}
		return out
	}
	m, _ := v.(map[string]any)
	return values(m[segs[0]], segs[1:])
}

// checkNotStored checks that got holds none of the foreign values: not in the server-owned
// fields, where lists and flags read as in control, nor anywhere in what the API shows of the
// record, including what a merge link would reach.
func checkNotStored(t *testing.T, what string, paths []ownedPath, control, got readBack) {
	t.Helper()
	for _, p := range paths {
		want, have := values(control.record, p.segs), values(got.record, p.segs)
		for i, v := range have {
			if s, ok := v.(string); ok && (s == foreignText || s == foreignTime) {
				t.Errorf("%s: %s = %q, the value the client sent", what, p, s)
			}
			if n, ok := v.(json.Number); ok && n.String() == strconv.FormatInt(int64(foreignID), 10) {
				t.Errorf("%s: %s = %s, the foreign id the client sent", what, p, n)
			}
			switch v.(type) {
			case bool, []any, nil:
				if i < len(want) && !reflect.DeepEqual(v, want[i]) {
					t.Errorf("%s: %s = %v, want %v as a save without it", what, p, v, want[i])
				}
			}
		}
	}
	foreign := []string{foreignText, "1999-12-31", foreignActivity, strconv.FormatInt(int64(foreignID), 10), strconv.FormatInt(int64(demo.ContactHyundai), 10)}
	for call, raw := range got.raw {
		for _, f := range foreign {
			if bytes.Contains(raw, []byte(f)) {
				t.Errorf("%s: %s shows the foreign %s: %s", what, call, f, raw)
			}
		}
	}
}
