package email

import (
	"path"
	"regexp"
	"slices"
	"strings"

	addr "github.com/cxm/cxm/shared/value/email"
)

// BlockedExtensions are the attachment extensions refused (section 5).
var BlockedExtensions = []string{"exe", "jar", "bat", "psc1", "vb", "vbs", "msi", "cmd", "reg", "wsf"}

// Attachment limits: the default upload limit, and the limits of one file (MaxFileBytes) and of
// a message's files together (MaxMessageBytes), the spec's 5 and 25 MB.
const (
	MaxUploadBytes  = 25 << 20
	MaxFileBytes    = 25 << 20
	MaxMessageBytes = 25 << 20
	MaxFiles        = 5
)

// Messages of the e-mail calls.
const (
	MsgBlockedExtension = "Files of type .%s cannot be attached (blocked: exe, jar, bat, psc1, vb, vbs, msi, cmd, reg, wsf)."
	MsgRestricted       = "The message mentions a restricted e-mail address (%s): write to the customer only through CXM. Remove the address and send again."
	MsgNotEmailable     = "The customer cannot be e-mailed: marked do not e-mail, or every address opted out."
)

// CleanFileName returns name as stored: the base name with spaces replaced by underscores and
// anything but letters, digits, '.', '_' and '-' dropped; its extension (lowercase, without the
// dot); and whether the extension is blocked.
func CleanFileName(name string) (clean, ext string, blocked bool) {
	name = path.Base(strings.ReplaceAll(strings.TrimSpace(name), "\\", "/"))
	name = strings.ReplaceAll(name, " ", "_")
	clean = strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '-':
			return r
		}
		return -1
	}, name)
	clean = strings.TrimLeft(clean, ".")
	if len(clean) > 120 {
		clean = clean[len(clean)-120:]
	}
	if i := strings.LastIndex(clean, "."); i >= 0 {
		ext = strings.ToLower(clean[i+1:])
	}
	return clean, ext, slices.Contains(BlockedExtensions, ext)
}

var addressInText = regexp.MustCompile(`[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}`)

// RestrictedAddresses returns the e-mail addresses the subject or text mention that are
// restricted: any address that is not one of allowed (the customer's own, the sending user's
// and the store's reply address). Staff keep the conversation with the customer in CRM, so a
// message steering the customer to another mailbox is not sent.
func RestrictedAddresses(subject, text string, allowed []string) []string {
	ok := map[string]bool{}
	for _, a := range allowed {
		if n, valid := addr.Normalize(a); valid {
			ok[n] = true
		}
	}
	var out []string
	for _, m := range addressInText.FindAllString(subject+"\n"+text, -1) {
		n, valid := addr.Normalize(strings.Trim(m, ".'"))
		if !valid || ok[n] || slices.Contains(out, n) {
			continue
		}
		out = append(out, n)
	}
	return out
}
