package mount_test

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/cxm/cxm/functions/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/value/email"
	"github.com/cxm/cxm/shared/value/phone"
)

// TestWebValidationMessages checks that the messages the web app shows for the checks it makes
// before sending (web/src/lib/validation.ts) are the server's for the same rules.
func TestWebValidationMessages(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../../web/src/lib/validation.ts")
	if err != nil {
		t.Fatal(err)
	}
	consts := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^export const (MSG_\w+) = ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*");`).FindAllStringSubmatch(string(src), -1) {
		lit := m[2]
		if lit[0] == '\'' {
			lit = `"` + regexp.MustCompile(`\\'`).ReplaceAllString(lit[1:len(lit)-1], `'`) + `"`
		}
		v, err := strconv.Unquote(lit)
		if err != nil {
			t.Fatalf("%s: %v", m[1], err)
		}
		consts[m[1]] = v
	}
	want := map[string]string{
		"MSG_PHONE":        phone.InvalidNumber,
		"MSG_EXTENSION":    phone.InvalidExtension,
		"MSG_EMAIL":        email.Invalid,
		"MSG_CONTACT_VIN":  contact.MsgVIN,
		"MSG_CONTACT_NAME": contact.MsgName,
		"MSG_LEAD_VIN":     lead.MsgVIN,
		"MSG_LEAD_VEHICLE": lead.MsgVehicle,
		"MSG_CALL_OUTCOME": activity.MsgOutcome,
	}
	for name, w := range want {
		if got, ok := consts[name]; !ok || got != w {
			t.Errorf("web %s = %q, want the server's %q", name, got, w)
		}
	}
	for name := range consts {
		if _, ok := want[name]; !ok {
			t.Errorf("web %s mirrors no server message this test knows", name)
		}
	}
}
