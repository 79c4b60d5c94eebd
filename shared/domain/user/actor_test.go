package user_test

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// TestSessionActor checks how an impersonation token's actor (act claim) resolves: only an
// active user of the subject's own dealer group other than the subject.
func TestSessionActor(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	svc := wiring.New(dynamotest.Store(t), eventbus.NewMemory(), slog.New(slog.NewJSONHandler(io.Discard, nil)))
	subjects := func(_ context.Context, l demo.Login) (string, error) { return "sub-" + l.Profile.UserID, nil }
	for _, g := range []demo.Group{demo.Build(), demo.OtherGroup()} {
		if err := demo.Seed(ctx, svc, g, subjects); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range demo.Build().Others {
		if p.UserID == "100099" { // inactive
			p.Subject = "sub-100099"
			if err := svc.Users.LinkSubject(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
	}
	tests := []struct {
		name      string
		actor     string
		partner   string
		wantActor string
		code      apperr.Code
	}{
		{name: "own session"},
		{name: "impersonated by a colleague", actor: "sub-100008", wantActor: "100008"},
		{name: "partner session", partner: "partner-dealervault"},
		{name: "actor of another dealer group", actor: "sub-" + demo.OtherUserID, code: apperr.Forbidden},
		{name: "actor without a user", actor: "sub-nobody", code: apperr.Forbidden},
		{name: "inactive actor", actor: "sub-100099", code: apperr.Forbidden},
		{name: "actor is the subject", actor: "sub-100001", code: apperr.Forbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := map[string]string{"sub": "sub-100001", "token_use": "access"}
			if tt.actor != "" {
				raw["act"] = `{"sub":"` + tt.actor + `"}`
			}
			if tt.partner != "" {
				raw["partner"] = tt.partner
			}
			p, err := svc.Users.Principal(auth.WithClaims(ctx, auth.ClaimsFromMap(raw)))
			if apperr.CodeOf(err) != tt.code {
				t.Fatalf("Principal error = %v, want code %q", err, tt.code)
			}
			if err != nil {
				return
			}
			if p.UserID != "100001" || p.ActorUserID != tt.wantActor || p.ActorSubject != tt.actor || p.Impersonating() != (tt.actor != "") || p.Partner != tt.partner {
				t.Errorf("principal = %+v", p)
			}
		})
	}
}
