package demo

import "github.com/cxm/cxm/shared/domain/partner"

// PartnerDealerVault is the id of the demo embedded partner, DealerVault.
const PartnerDealerVault = "partner-dealervault"

// PartnerKeyFile is DealerVault's private key, relative to the repository root. It is
// committed on purpose: it is the demo partner's key, used only by the demo (scripts/partnertoken
// signs assertions with it) and by tests. A real partner keeps its private key and registers
// only the public key.
const PartnerKeyFile = "shared/local/demo/testdata/partner-dealervault.pem"

// dealerVaultPublicKey is the public half of PartnerKeyFile.
const dealerVaultPublicKey = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAs1BcfdBW+SkY1mkQ+Ga+
uiH1gTTcuv/UWk9lg5NfJ5he9Mbt+tF8/mN8rtpHOsTdBWmmKnhQwOz4jJzcW65d
JNiDSGqrUzcy5U388gCTtXsDuQQa+K816/tZcfhej+Y3zavb0PoAOhL41aTZmLoB
hOde+e4UJwlVFuSGMFhnUCjMintKbeLtBJ7NuFc9VRkJ8+9cEShwoATL+3cL1J2i
ANdxVMpbPw/G4JoJ8URQfSYJnYiTrBu1RgroJ4txHTuivHMpc/b7yFO+nfrhs2t3
ASYOCETmIWddTGxMC11N04cnHFcTqkOuXUDD7JI6QqtwXl6crKoyWv79nB1ieaw8
FwIDAQAB
-----END PUBLIC KEY-----
`

// partners returns the demo group's embedded partners.
func partners() []partner.Partner {
	return []partner.Partner{{
		ID: PartnerDealerVault, Name: "DealerVault", AccountID: AccountID, PublicKeyPEM: dealerVaultPublicKey, Active: true,
	}}
}
