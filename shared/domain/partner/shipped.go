package partner

import (
	"context"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"fmt"

	"github.com/cxm/cxm/shared/runtime/apperr"
)

// shippedKey is a partner key whose private half is committed to the CXM repository: anyone
// with the source can sign assertions with it, so no stack in AWS may trust it.
type shippedKey struct {
	// PartnerID is the partner the key is registered for by the demo seed.
	PartnerID string
	// File is the private key's path in the repository.
	File string
}

// shippedKeys are the committed partner keys, by the SHA-256 fingerprint of their public
// half's PKIX DER. A test checks that every private key under shared/local/demo/testdata is
// listed.
var shippedKeys = map[string]shippedKey{
	"fd79463a9fbc1b0ac17a2e8e06738501a40565f3d9a09eaadbc0d1f66f080701": {
		PartnerID: "partner-dealervault", File: "shared/local/demo/testdata/partner-dealervault.pem",
	},
}

// Fingerprint returns the SHA-256 fingerprint (hex) of pub's PKIX DER encoding.
func Fingerprint(pub *rsa.PublicKey) (string, error) {
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return "", fmt.Errorf("encode public key: %w", err)
	}
	sum := sha256.Sum256(der)
	return hex.EncodeToString(sum[:]), nil
}

// ShippedIn returns the repository file holding the private half of p's key, and false when
// the key's private half is not committed (or the key cannot be read).
func (p Partner) ShippedIn() (string, bool) {
	k, err := p.PublicKey()
	if err != nil {
		return "", false
	}
	fp, err := Fingerprint(k)
	if err != nil {
		return "", false
	}
	s, ok := shippedKeys[fp]
	return s.File, ok
}

// shippedError is the error of a partner whose key ships in the repository.
func shippedError(p Partner, file string) *apperr.Error {
	return apperr.Wrap(apperr.Unauthorized,
		fmt.Errorf("partner %s: its key's private half is committed to the repository (%s)", p.ID, file),
		"The partner's key is not trusted.")
}

// RefusingShippedKeys returns a repository over the same table that does not trust a key whose
// private half ships in the repository: Create refuses to register such a partner (Invalid)
// and Get refuses to return one (Unauthorized), so no assertion signed with it is accepted.
// Stacks configured for AWS use it; the local demo trusts its own partner.
func (r *Repo) RefusingShippedKeys() *Repo {
	c := *r
	c.refuseShipped = true
	return &c
}

// CheckShippedKeys returns an error naming each partner the demo seed registers with a
// committed key when it is registered with that key, and nil when none is: a stack configured
// for AWS calls it at start-up and refuses to start, rather than serve with a key anyone can
// sign with. Other partners registered with a committed key are refused by Get.
func (r *Repo) CheckShippedKeys(ctx context.Context) error {
	plain := *r
	plain.refuseShipped = false
	for _, s := range shippedKeys {
		p, _, err := plain.Get(ctx, s.PartnerID)
		if apperr.CodeOf(err) == apperr.NotFound {
			continue
		}
		if err != nil {
			return fmt.Errorf("check partner %s: %w", s.PartnerID, err)
		}
		if file, shipped := p.ShippedIn(); shipped {
			return fmt.Errorf("partner %s is registered with the key whose private half is committed to the repository (%s): "+
				"a stack configured for AWS does not trust it; register the partner's own public key or remove the partner", p.ID, file)
		}
	}
	return nil
}
