package wiring_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/cxm/cxm/shared/local/demo"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// TestAWSRefusesTheDemoPartnerKey checks that a stack configured for AWS does not start while
// the demo partner is registered with its committed key, and otherwise starts with a registry
// that refuses that key.
func TestAWSRefusesTheDemoPartnerKey(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		seedDemo bool
		wantErr  bool
	}{
		{"the demo seeded", true, true},
		{"no demo partner", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			svc := wiring.New(dynamotest.Store(t), eventbus.NewMemory(), slog.New(slog.NewJSONHandler(io.Discard, nil)))
			if tt.seedDemo {
				g := demo.Build()
				g.GeneratedContacts = 0
				subjects := func(_ context.Context, l demo.Login) (string, error) { return "sub-" + l.Profile.UserID, nil }
				if err := demo.Seed(ctx, svc, g, subjects); err != nil {
					t.Fatal(err)
				}
				// Locally the demo partner is trusted.
				if _, _, err := svc.Partners.Get(ctx, demo.PartnerDealerVault); err != nil {
					t.Fatalf("local Get of the demo partner = %v", err)
				}
			}
			err := svc.RefuseShippedPartnerKeys(ctx)
			if tt.wantErr {
				if err == nil || !strings.Contains(err.Error(), demo.PartnerKeyFile) {
					t.Fatalf("RefuseShippedPartnerKeys = %v, want an error naming %s", err, demo.PartnerKeyFile)
				}
				if _, _, err := svc.Partners.Get(ctx, demo.PartnerDealerVault); apperr.CodeOf(err) != apperr.Unauthorized {
					t.Errorf("Get of the demo partner = %v, want Unauthorized", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("RefuseShippedPartnerKeys = %v", err)
			}
		})
	}
}
