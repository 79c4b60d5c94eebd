package contact

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// secret is one sensitive field of a contact: its path for validation messages, its name in
// the encryption context, and where its value is.
type secret struct {
	path, name string
	value      *string
}

// secrets returns the sensitive fields of c. The banks' numbers share a name: a ciphertext is
// bound to its contact and to the kind of number, not to the bank's position in the list.
func secrets(c *Contact) []secret {
	out := []secret{
		{"ssn", "ssn", &c.SSN},
		{"driverLicense.number", "driverLicense.number", &c.DriverLicense.Number},
	}
	for i := range c.Banks {
		out = append(out,
			secret{fmt.Sprintf("banks[%d].accountNumber", i), "banks.accountNumber", &c.Banks[i].AccountNumber},
			secret{fmt.Sprintf("banks[%d].routingNumber", i), "banks.routingNumber", &c.Banks[i].RoutingNumber},
		)
	}
	return out
}

func aad(t store.Tenant, id int64, name string) string {
	return fmt.Sprintf("cxm/contact/%s/%d/%s", t.Account(), id, name)
}

var errNoKey = errors.New("no key for sensitive contact fields is configured")

// encrypt returns c with its sensitive values encrypted.
func (r *Repo) encrypt(ctx context.Context, t store.Tenant, c Contact) (Contact, error) {
	c.Banks = slices.Clone(c.Banks)
	for _, s := range secrets(&c) {
		if *s.value == "" {
			continue
		}
		if r.enc == nil {
			return Contact{}, apperr.Wrap(apperr.Internal, errNoKey, "sensitive fields cannot be saved")
		}
		ct, err := r.enc.Encrypt(ctx, *s.value, aad(t, c.ID, s.name))
		if err != nil {
			return Contact{}, fmt.Errorf("encrypt %s of contact %d: %w", s.name, c.ID, err)
		}
		*s.value = ct
	}
	return c, nil
}

// decrypt returns c with its sensitive values decrypted.
func (r *Repo) decrypt(ctx context.Context, t store.Tenant, c Contact) (Contact, error) {
	c.Banks = slices.Clone(c.Banks)
	for _, s := range secrets(&c) {
		if *s.value == "" {
			continue
		}
		if r.enc == nil {
			return Contact{}, apperr.Wrap(apperr.Internal, errNoKey, "sensitive fields cannot be read")
		}
		plain, err := r.enc.Decrypt(ctx, *s.value, aad(t, c.ID, s.name))
		if err != nil {
			return Contact{}, fmt.Errorf("decrypt %s of contact %d: %w", s.name, c.ID, err)
		}
		*s.value = plain
	}
	return c, nil
}

// maskedFields names the sensitive fields of c that hold masked values: a new contact has no
// stored value for them to keep.
func maskedFields(c Contact) map[string]string {
	fields := map[string]string{}
	for _, s := range secrets(&c) {
		if IsMasked(*s.value) {
			fields[s.path] = "Enter the whole value."
		}
	}
	return fields
}

// unmask replaces each masked value of c with the value of old it masks (for the banks, the
// bank's number whose mask it is), and names the masked values that match none.
func unmask(c *Contact, old Contact) map[string]string {
	fields := map[string]string{}
	olds := secrets(&old)
	for _, s := range secrets(c) {
		if !IsMasked(*s.value) {
			continue
		}
		found := false
		for _, o := range olds {
			if o.name == s.name && *o.value != "" && maskOf(s.name, *o.value) == *s.value {
				*s.value, found = *o.value, true
				break
			}
		}
		if !found {
			fields[s.path] = "Enter the whole value."
		}
	}
	return fields
}

// maskOf masks a value of the named field as Masked does.
func maskOf(name, v string) string {
	if name == "ssn" {
		return MaskSSN(v)
	}
	return mask(v)
}

// MsgUnknownSensitive refuses a reveal of a field that is not sensitive or does not exist.
const MsgUnknownSensitive = "Name a sensitive field of the customer: ssn, driverLicense.number, banks[n].accountNumber or banks[n].routingNumber."

// SensitiveValue returns the whole value of c's sensitive field at path: ssn,
// driverLicense.number, banks[n].accountNumber or banks[n].routingNumber (n counts from 0). c
// must hold plaintext values, as Get returns them. A path that names no sensitive field of c is
// an Invalid error; a field without a value gives "".
func SensitiveValue(c Contact, path string) (string, error) {
	for _, s := range secrets(&c) {
		if s.path == path {
			if IsMasked(*s.value) {
				return "", fmt.Errorf("sensitive field %s of contact %d is masked", path, c.ID)
			}
			return *s.value, nil
		}
	}
	return "", apperr.InvalidFields(MsgUnknownSensitive, map[string]string{"field": MsgUnknownSensitive})
}
