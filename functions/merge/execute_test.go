package merge_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	areacontacts "github.com/cxm/cxm/functions/contacts"
	areamerge "github.com/cxm/cxm/functions/merge"
	"github.com/cxm/cxm/shared/domain/changelog"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/merge"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/google/go-cmp/cmp"
)

// duplicates creates two contacts of Toyota that are one customer: the same name, a phone and
// an e-mail address each, the second with a note and a vehicle.
func duplicates(t *testing.T, srv *areatest.Server) (contact.Contact, contact.Contact) {
	t.Helper()
	create := func(body map[string]any) contact.Contact {
		b, _ := json.Marshal(body)
		var got httpapi.Result[contact.Contact]
		if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts", As: sales, Body: string(b)}, &got); status != 200 {
			t.Fatalf("create: %d", status)
		}
		return got.Data
	}
	a := create(map[string]any{
		"accountPlatformId": demo.StoreToyota, "firstName": "Dana", "lastName": "Vantongeren",
		"phones": []any{map[string]any{"phone": "(503) 555-0142", "phoneTypeId": 1, "isPreferred": true}},
		"emails": []any{map[string]any{"email": "dana@example.com"}},
	})
	b := create(map[string]any{
		"accountPlatformId": demo.StoreToyota, "firstName": "Dana", "middleName": "J", "lastName": "Vantongeren",
		"phones":   []any{map[string]any{"phone": "503.555.0199", "phoneTypeId": 3}},
		"emails":   []any{map[string]any{"email": "Dana.V@Example.org"}},
		"notes":    []any{map[string]any{"text": "Asked about the RAV4 hybrid."}},
		"vehicles": []any{map[string]any{"vin": "JTMW1RFV5KD012345", "year": 2019, "make": "Toyota", "model": "RAV4"}},
	})
	return a, b
}

// pngOf returns a w by h PNG image.
func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(0, 0, color.RGBA{B: 255, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// putImage uploads data as contact id's image of kind.
func putImage(t *testing.T, srv *areatest.Server, id int64, kind string, data []byte) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"contentType": "image/png", "data": base64.StdEncoding.EncodeToString(data)})
	if status := srv.Do(t, areatest.Request{Method: "PUT", Path: fmt.Sprintf("/crm/contacts/%d/%s", id, kind), As: sales, Body: string(body)}, nil); status != 200 {
		t.Fatalf("PUT %d %s: %d", id, kind, status)
	}
}

func mergeCall(t *testing.T, srv *areatest.Server, as, op, body string, out any) int {
	t.Helper()
	return srv.Do(t, areatest.Request{Method: "POST", Path: "/api/contact/merge/" + op, As: as, Body: body}, out)
}

func startSession(t *testing.T, srv *areatest.Server, as string, ids ...int64) {
	t.Helper()
	for _, id := range ids {
		if status := mergeCall(t, srv, as, "add_contact_to_session", add(id, demo.StoreToyota), nil); status != 200 {
			t.Fatalf("add %d: %d", id, status)
		}
	}
}

func getContact(t *testing.T, srv *areatest.Server, id int64) (int, contact.Contact, []string) {
	t.Helper()
	var got httpapi.Result[contact.Contact]
	r := areatest.Request{Method: "GET", Path: fmt.Sprintf("/crm/contacts/%d", id), As: sales}
	if status := srv.Do(t, r, &got); status == 200 {
		return status, got.Data, nil
	}
	status, e := srv.Error(t, r)
	return status, contact.Contact{}, e.ErrorMessages
}

func TestExecuteOverTheStore(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var mu sync.Mutex
	var events []merge.Merged
	srv.Events.Subscribe(merge.EventMerged, func(_ context.Context, e eventbus.Event) error {
		mu.Lock()
		defer mu.Unlock()
		var d merge.Merged
		err := json.Unmarshal(e.Detail, &d)
		events = append(events, d)
		return err
	})
	a, b := duplicates(t, srv)
	// The survivor has a scan of its licence's front; the retired customer has both sides.
	survivorFront, retiredFront, retiredBack := pngOf(t, 30, 20), pngOf(t, 31, 20), pngOf(t, 32, 20)
	putImage(t, srv, a.ID, contact.ImageLicenseFront, survivorFront)
	putImage(t, srv, b.ID, contact.ImageLicenseFront, retiredFront)
	putImage(t, srv, b.ID, contact.ImageLicenseBack, retiredBack)
	startSession(t, srv, sales, a.ID, b.ID)

	var sim, done resultBody
	body := fmt.Sprintf(`{"survivorContactId":%d}`, a.ID)
	if status := mergeCall(t, srv, sales, "simulate", body, &sim); status != 200 {
		t.Fatalf("simulate: %d", status)
	}
	if status := mergeCall(t, srv, sales, "execute", body, &done); status != 200 {
		t.Fatalf("execute: %d", status)
	}
	if diff := cmp.Diff(sim.Data, done.Data); diff != "" {
		t.Errorf("execute differs from simulate (-simulate +execute):\n%s", diff)
	}

	status, survivor, _ := getContact(t, srv, a.ID)
	if status != 200 {
		t.Fatalf("GET survivor: %d", status)
	}
	var phones []string
	for _, p := range survivor.Phones {
		phones = append(phones, fmt.Sprintf("%d %s", p.ID, p.Phone))
	}
	if diff := cmp.Diff([]string{"1 5035550142", "2 5035550199"}, phones); diff != "" {
		t.Errorf("survivor's phones (-want +got):\n%s", diff)
	}
	var emails []string
	for _, e := range survivor.Emails {
		emails = append(emails, e.Email)
	}
	if diff := cmp.Diff([]string{"dana@example.com", "dana.v@example.org"}, emails); diff != "" {
		t.Errorf("survivor's e-mail addresses (-want +got):\n%s", diff)
	}
	// The survivor keeps its own licence front and gets the retired customer's back; neither
	// had a photo. (The scans are read as the licence number is revealed: by a manager.)
	images := []struct {
		kind   string
		status int
		want   []byte
	}{
		{contact.ImageLicenseFront, 200, survivorFront},
		{contact.ImageLicenseBack, 200, retiredBack},
		{contact.ImageLicenseAvatar, 404, nil},
	}
	for _, im := range images {
		status, got, _ := srv.Raw(t, areatest.Request{Method: "GET", Path: fmt.Sprintf("/crm/contacts/%d/%s", a.ID, im.kind), As: manager})
		if status != im.status || (im.want != nil && !bytes.Equal(got, im.want)) {
			t.Errorf("survivor's %s = %d (%d bytes), want %d (%d bytes)", im.kind, status, len(got), im.status, len(im.want))
		}
	}
	if survivor.MiddleName != "J" || len(survivor.Notes) != 1 || survivor.Notes[0].Text != "Asked about the RAV4 hybrid." || survivor.Notes[0].CreatedBy != sales ||
		len(survivor.Vehicles) != 1 || !slices.Equal(survivor.MergedContactIDs, []int64{b.ID}) || survivor.Version != a.Version+1 {
		t.Errorf("survivor = %+v", survivor)
	}
	// The survivor, as written, is what simulate showed.
	var got []string
	for _, p := range survivor.Phones {
		got = append(got, p.Phone)
	}
	var want []string
	for _, p := range sim.Data.Survivor.Phones {
		want = append(want, p.Phone)
	}
	if !slices.Equal(want, got) || sim.Data.Survivor.MiddleName != survivor.MiddleName {
		t.Errorf("stored phones %v, simulated %v", got, want)
	}

	// The merged contact is retired: its reads name the survivor; searches find the survivor.
	if status, _, msgs := getContact(t, srv, b.ID); status != 404 || !slices.Equal(msgs, []string{fmt.Sprintf(contact.MsgMergedInto, a.ID)}) {
		t.Errorf("GET merged contact = %d %v, want 404 naming the survivor", status, msgs)
	}
	for _, term := range []string{"503.555.0199", "(503) 555-0142", "Vantongeren"} {
		var res httpapi.Result[areacontacts.SearchResults]
		srv.Do(t, areatest.Request{Method: "POST", Path: "/crm/contacts/search", As: sales, Body: fmt.Sprintf(`{"term":%q}`, term)}, &res)
		var ids []int64
		for _, r := range res.Data.Results {
			ids = append(ids, r.ContactID)
		}
		if !slices.Equal(ids, []int64{a.ID}) {
			t.Errorf("search %q = %v, want the survivor %d only", term, ids, a.ID)
		}
	}

	// The change log records the merge, and shows the merged contact's history with the
	// survivor's, by time (b was created after a).
	var log httpapi.Result[[]changelog.Revision]
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: fmt.Sprintf("/crm/contacts/%d/change_log", a.ID), As: sales}, &log); status != 200 {
		t.Fatalf("change_log: %d", status)
	}
	var kinds []string
	for _, e := range log.Data {
		kinds = append(kinds, fmt.Sprintf("%d:%s", e.ContactID, e.Kind))
	}
	if want := []string{fmt.Sprintf("%d:merged", a.ID), fmt.Sprintf("%d:created", b.ID), fmt.Sprintf("%d:created", a.ID)}; !slices.Equal(kinds, want) || log.PageData.TotalRecords != 3 {
		t.Errorf("change log = %v (%d), want %v", kinds, log.PageData.TotalRecords, want)
	}
	if len(log.Data) > 0 && !slices.ContainsFunc(log.Data[0].Changes, func(c changelog.Change) bool {
		return c.Field == "mergedContactIds" && c.NewValue == fmt.Sprint(b.ID)
	}) {
		t.Errorf("merge entry = %+v", log.Data[0])
	}

	// The session is over; executing again changes nothing.
	if status := mergeCall(t, srv, sales, "execute", body, nil); status != 404 {
		t.Errorf("second execute = %d, want 404 (no session)", status)
	}
	if _, again, _ := getContact(t, srv, a.ID); again.Version != survivor.Version {
		t.Errorf("the second execute changed the survivor: version %d, want %d", again.Version, survivor.Version)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(events) != 1 || events[0].SurvivorContactID != a.ID || events[0].MergedContactID != b.ID {
		t.Errorf("events = %+v", events)
	}
}

// TestSaveMergeRefusesStaleContacts writes a merge planned before another save of either
// contact: it is refused and nothing changes.
func TestSaveMergeRefusesStaleContacts(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	ctx := context.Background()
	svc := srv.Services
	repo := contact.NewRepo(svc.Store, svc.Encrypter, nil, nil)
	tn, _ := store.NewTenant(strconv.Itoa(demo.AccountID))
	for _, which := range []int{0, 1} {
		t.Run([]string{"the survivor changed", "the merged contact changed"}[which], func(t *testing.T) {
			a, b := duplicates(t, srv)
			m := merge.Plan(areamerge.View(a), areamerge.View(b))
			changed := []contact.Contact{a, b}[which]
			changed.NickName = "Changed meanwhile"
			if _, err := repo.Update(ctx, tn, changed, manager, func(contact.Contact) error { return nil }); err != nil {
				t.Fatal(err)
			}
			err := repo.SaveMerge(ctx, tn, areamerge.Apply(a, b, m), b, nil, sales, "")
			if apperr.CodeOf(err) != apperr.Conflict {
				t.Fatalf("SaveMerge = %v, want Conflict", err)
			}
			sa, _ := repo.Get(ctx, tn, a.ID)
			sb, err := repo.Get(ctx, tn, b.ID)
			if err != nil || len(sa.Phones) != 1 || len(sa.MergedContactIDs) != 0 || sa.Version != a.Version+int64(1-which) || sb.Version != b.Version+int64(which) {
				t.Errorf("after the refused merge: survivor %+v, merged %+v (%v)", sa, sb, err)
			}
			_, segs, _ := repo.LogSegments(ctx, tn, a.ID)
			if want := int64(1 + 1 - which); len(segs) != 1 || segs[0].Count != want {
				t.Errorf("log segments %+v, want %d entries of the survivor only", segs, want)
			}
		})
	}
}

// TestConcurrentExecutes has two users merge the same pair at once: one merge happens.
func TestConcurrentExecutes(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	a, b := duplicates(t, srv)
	users := []string{sales, manager}
	for _, u := range users {
		startSession(t, srv, u, a.ID, b.ID)
	}
	statuses := make([]int, len(users))
	var wg sync.WaitGroup
	for i, u := range users {
		wg.Go(func() {
			statuses[i] = mergeCall(t, srv, u, "execute", fmt.Sprintf(`{"survivorContactId":%d}`, a.ID), nil)
		})
	}
	wg.Wait()
	ok := 0
	for _, s := range statuses {
		switch s {
		case 200:
			ok++
		case 404, 409:
		default:
			t.Errorf("execute: %d", s)
		}
	}
	if ok != 1 {
		t.Fatalf("statuses %v, want exactly one merge", statuses)
	}
	_, survivor, _ := getContact(t, srv, a.ID)
	if !slices.Equal(survivor.MergedContactIDs, []int64{b.ID}) || len(survivor.Phones) != 2 || survivor.Version != a.Version+1 {
		t.Errorf("survivor after the race: %+v", survivor)
	}
}

// TestExecuteAcrossDealerGroups: another dealer group's user cannot merge this group's contacts.
func TestExecuteAcrossDealerGroups(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	a, _ := duplicates(t, srv)
	for _, op := range []string{"create_session", "add_contact_to_session"} {
		if status := mergeCall(t, srv, demo.OtherUserID, op, add(a.ID, demo.OtherStore), nil); status != 404 {
			t.Errorf("%s of another group's contact = %d, want 404", op, status)
		}
	}
	if status := mergeCall(t, srv, demo.OtherUserID, "execute", "", nil); status != 404 {
		t.Errorf("execute without a session = %d, want 404", status)
	}
}
