// Package areatest serves the API areas for tests: every area of the route table over
// httptest, against a fresh DynamoDB Local table seeded with the demo dealer group and a second
// dealer group, with requests signed in as those groups' users the way the JWT authorizer
// passes claims on (the subject of user id U is "sub-U").
package areatest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/events/consumers"
	"github.com/cxm/cxm/functions/mount"
	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/blob"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/fieldcrypt"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/route"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// GeneratedContacts is how many generated customers each group gets in tests, besides the
// hand-written ones: enough to page through, few enough to seed quickly.
const GeneratedContacts = 60

// These headers carry the signed-in user's subject, the impersonating actor's subject and the
// embedded partner from Do to the server, which turns them into verified claims.
const (
	subjectHeader = "X-Test-Subject"
	actorHeader   = "X-Test-Actor"
	partnerHeader = "X-Test-Partner"
)

// Server serves every API area over one seeded table.
type Server struct {
	srv *httptest.Server
	// Services are the services the areas use, for checking what they stored.
	Services wiring.Services
	// Events is the in-process bus the local relay delivers the areas' events to, with every
	// registered consumer subscribed. Each request returns after the events of its writes were
	// delivered, so a test reads them right after the request.
	Events *eventbus.Memory
	outbox *dynamotest.Outbox
}

// New seeds a fresh table and starts a server of every area; both end with the test.
func New(t testing.TB) *Server {
	t.Helper()
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	events := eventbus.NewMemory()
	st := dynamotest.Store(t)
	outbox := dynamotest.NewOutbox(t, st, events)
	svc := wiring.New(st, events, log)
	svc.Encrypter = fieldcrypt.NewRandom()
	// Tests answer at once whatever the environment's sandbox latencies say.
	svc.Providers = wiring.LocalProviders(wiring.Sandboxes{Now: st.Now})
	blobs, err := blob.NewFolder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	svc.Blobs = blobs
	if svc.Links, err = blob.NewSigner(st.DeriveKey("media links"), "/media", st.Now); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	subjects := func(_ context.Context, l demo.Login) (string, error) { return "sub-" + l.Profile.UserID, nil }
	demoGroup := demo.Build()
	demoGroup.GeneratedContacts = GeneratedContacts
	for _, g := range []demo.Group{demoGroup, demo.OtherGroup()} {
		if err := demo.Seed(ctx, svc, g, subjects); err != nil {
			t.Fatal(err)
		}
	}
	// The seed's events are delivered before the test subscribes.
	outbox.Flush(t)
	cs := consumers.All(svc)
	if err := consumers.Check(cs); err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		events.Register(c)
	}
	areas := map[string]http.Handler{}
	for name, a := range mount.Areas() {
		areas[name] = a.New(svc)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a, ok := route.Match(r.URL.Path)
		if !ok {
			http.NotFound(w, r)
			return
		}
		if sub := r.Header.Get(subjectHeader); sub != "" {
			raw := map[string]string{"sub": sub, "token_use": "access"}
			if actor := r.Header.Get(actorHeader); actor != "" {
				raw["act"] = `{"sub":"` + actor + `"}`
			}
			if partner := r.Header.Get(partnerHeader); partner != "" {
				raw["partner"] = partner
			}
			r = r.WithContext(auth.WithClaims(r.Context(), auth.ClaimsFromMap(raw)))
		}
		areas[a.Name].ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return &Server{srv: srv, Services: svc, Events: events, outbox: outbox}
}

// Flush delivers the events of writes made outside Do, Error and Raw (through a handler a
// test serves itself) to Events, and returns how many it delivered.
func (s *Server) Flush(t testing.TB) int {
	t.Helper()
	return s.outbox.Flush(t)
}

// Now is the time by the server's clock: every area and repository reads the store's
// injected clock (dynamotest.Clock from dynamotest.Epoch), never the wall clock, so tests that
// compare against it or against the seed's dates do not depend on the day they run.
func (s *Server) Now() time.Time { return s.Services.Store.Now() }

// Request is one request to the server.
type Request struct {
	Method string
	Path   string
	// As is the signed-in user's id; "" sends no credentials.
	As string
	// Body is the JSON body; "" sends none.
	Body string
	// Scope is the Scope header; "" sends none.
	Scope string
	// Actor is the user id of the real actor when As is impersonated; "" for none.
	Actor string
	// Partner is the embedded partner whose session the request comes from; "" for none.
	Partner string
}

// Do sends r and returns the response's status, decoding its JSON body into out when out is
// not nil and the status is 2xx.
func (s *Server) Do(t testing.TB, r Request, out any) int {
	t.Helper()
	status, body := s.raw(t, r)
	if out != nil && status < 300 {
		if err := json.Unmarshal(body, out); err != nil {
			t.Fatalf("%s %s: decode %s: %v", r.Method, r.Path, body, err)
		}
	}
	return status
}

// Error sends r and returns the response's status and error body, failing the test when the
// response is not an error with at least one message.
func (s *Server) Error(t testing.TB, r Request) (int, httpapi.ErrorBody) {
	t.Helper()
	status, body := s.raw(t, r)
	var e httpapi.ErrorBody
	if err := json.Unmarshal(body, &e); err != nil || status < 400 || len(e.ErrorMessages) == 0 || e.Successful {
		t.Errorf("%s %s = %d %s, want an error body with messages", r.Method, r.Path, status, body)
	}
	return status, e
}

func (s *Server) raw(t testing.TB, r Request) (int, []byte) {
	t.Helper()
	status, body, _ := s.Raw(t, r)
	return status, body
}

// MultipartFile starts a Request body that is sent as a one-file multipart upload (field
// file) of a small file named by the rest of the body ("multipart:file=notes.pdf").
const MultipartFile = "multipart:file="

// Raw sends r and returns the response's status, body and headers, for responses that are not
// JSON (images, files).
func (s *Server) Raw(t testing.TB, r Request) (int, []byte, http.Header) {
	t.Helper()
	var body io.Reader
	contentType := "application/json"
	if name, ok := strings.CutPrefix(r.Body, MultipartFile); ok {
		// A one-file multipart upload (field file) of a small file named name.
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		f, err := w.CreateFormFile("file", name)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte("sample file"))
		w.Close()
		body, contentType = &buf, w.FormDataContentType()
	} else if r.Body != "" {
		body = strings.NewReader(r.Body)
	}
	req, err := http.NewRequest(r.Method, s.srv.URL+r.Path, body)
	if err != nil {
		t.Fatal(err)
	}
	if r.Body != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if r.As != "" {
		req.Header.Set(subjectHeader, "sub-"+r.As)
	}
	if r.Scope != "" {
		req.Header.Set(auth.ScopeHeader, r.Scope)
	}
	if r.Actor != "" {
		req.Header.Set(actorHeader, "sub-"+r.Actor)
	}
	if r.Partner != "" {
		req.Header.Set(partnerHeader, r.Partner)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if r.Method != http.MethodGet {
		// A read announces nothing in practice; what one did would go with the next write's.
		s.outbox.Flush(t)
	}
	return res.StatusCode, b, res.Header
}
