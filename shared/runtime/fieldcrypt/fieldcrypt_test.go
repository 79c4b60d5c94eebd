package fieldcrypt_test

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/kms"
	"github.com/aws/aws-sdk-go-v2/service/kms/types"
	"github.com/cxm/cxm/shared/runtime/fieldcrypt"
)

func TestLocalRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := fieldcrypt.NewRandom()
	ct, err := e.Encrypt(ctx, "123-45-6789", "1001/42/ssn")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(ct, "6789") || !fieldcrypt.IsCiphertext(ct) {
		t.Errorf("ciphertext %q shows the plaintext or lacks the tag", ct)
	}
	if got, err := e.Decrypt(ctx, ct, "1001/42/ssn"); err != nil || got != "123-45-6789" {
		t.Errorf("Decrypt = %q, %v", got, err)
	}
	again, _ := e.Encrypt(ctx, "123-45-6789", "1001/42/ssn")
	if again == ct {
		t.Error("two encryptions of one value are equal; want a fresh nonce each time")
	}
	bad := []struct{ name, ct, aad string }{
		{"another record", ct, "1001/43/ssn"},
		{"another field", ct, "1001/42/driverLicense"},
		{"altered", ct[:len(ct)-2] + "AA", "1001/42/ssn"},
		{"truncated", ct[:6], "1001/42/ssn"},
		{"not a ciphertext", "123-45-6789", "1001/42/ssn"},
	}
	for _, b := range bad {
		if _, err := e.Decrypt(ctx, b.ct, b.aad); !errors.Is(err, fieldcrypt.ErrUndecryptable) {
			t.Errorf("%s: Decrypt error = %v, want ErrUndecryptable", b.name, err)
		}
	}
	if _, err := fieldcrypt.NewRandom().Decrypt(ctx, ct, "1001/42/ssn"); !errors.Is(err, fieldcrypt.ErrUndecryptable) {
		t.Errorf("another key: Decrypt error = %v, want ErrUndecryptable", err)
	}
}

func TestLoadOrCreateKeyFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "keys", "contacts.key")
	k1, err := fieldcrypt.LoadOrCreateKeyFile(path)
	if err != nil || len(k1) != fieldcrypt.KeySize {
		t.Fatalf("create: %d bytes, %v", len(k1), err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("key file mode = %v, %v; want 0600", fi.Mode().Perm(), err)
	}
	k2, err := fieldcrypt.LoadOrCreateKeyFile(path)
	if err != nil || !bytes.Equal(k1, k2) {
		t.Errorf("second load = %x, %v; want the same key", k2, err)
	}
	if err := os.WriteFile(path, []byte("not a key"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := fieldcrypt.LoadOrCreateKeyFile(path); err == nil {
		t.Error("a corrupt key file was accepted; want an error rather than a new key")
	}
	if b, _ := os.ReadFile(path); string(b) != "not a key" {
		t.Error("the corrupt key file was replaced")
	}
}

// fakeKMS wraps data keys with a master key in memory, as KMS does with its key.
type fakeKMS struct {
	master   cipher.AEAD
	keyID    string
	decrypts atomic.Int32
	generate atomic.Int32
}

var _ fieldcrypt.KMSAPI = (*fakeKMS)(nil)

func newFakeKMS(keyID string) *fakeKMS {
	k := make([]byte, 32)
	rand.Read(k)
	b, _ := aes.NewCipher(k)
	g, _ := cipher.NewGCM(b)
	return &fakeKMS{master: g, keyID: keyID}
}

func (f *fakeKMS) GenerateDataKey(_ context.Context, in *kms.GenerateDataKeyInput, _ ...func(*kms.Options)) (*kms.GenerateDataKeyOutput, error) {
	f.generate.Add(1)
	if *in.KeyId != f.keyID || in.KeySpec != types.DataKeySpecAes256 {
		return nil, &types.NotFoundException{}
	}
	plain := make([]byte, 32)
	rand.Read(plain)
	nonce := make([]byte, f.master.NonceSize())
	rand.Read(nonce)
	blob := f.master.Seal(nonce, nonce, plain, []byte(in.EncryptionContext["purpose"]))
	return &kms.GenerateDataKeyOutput{Plaintext: append([]byte(nil), plain...), CiphertextBlob: blob, KeyId: in.KeyId}, nil
}

func (f *fakeKMS) Decrypt(_ context.Context, in *kms.DecryptInput, _ ...func(*kms.Options)) (*kms.DecryptOutput, error) {
	f.decrypts.Add(1)
	n := f.master.NonceSize()
	if len(in.CiphertextBlob) < n {
		return nil, &types.InvalidCiphertextException{}
	}
	plain, err := f.master.Open(nil, in.CiphertextBlob[:n], in.CiphertextBlob[n:], []byte(in.EncryptionContext["purpose"]))
	if err != nil {
		return nil, &types.InvalidCiphertextException{}
	}
	return &kms.DecryptOutput{Plaintext: plain}, nil
}

func TestKMSEnvelope(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	fake := newFakeKMS("alias/contacts")
	writer, err := fieldcrypt.NewKMS(fake, "alias/contacts")
	if err != nil {
		t.Fatal(err)
	}
	var cts []string
	for _, v := range []string{"123-45-6789", "D1234567", "000123456789"} {
		ct, err := writer.Encrypt(ctx, v, "1001/42/f")
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(ct, v) {
			t.Errorf("ciphertext %q shows %q", ct, v)
		}
		cts = append(cts, ct)
	}
	if got := fake.generate.Load(); got != 1 {
		t.Errorf("GenerateDataKey called %d times, want once per process", got)
	}
	if got, err := writer.Decrypt(ctx, cts[0], "1001/42/f"); err != nil || got != "123-45-6789" {
		t.Errorf("writer Decrypt = %q, %v", got, err)
	}
	if got := fake.decrypts.Load(); got != 0 {
		t.Errorf("the writer asked KMS to unwrap its own data key %d times", got)
	}

	// Another process (a cold start) unwraps the data key once and keeps it.
	reader, _ := fieldcrypt.NewKMS(fake, "alias/contacts")
	for i, want := range []string{"123-45-6789", "D1234567", "000123456789"} {
		if got, err := reader.Decrypt(ctx, cts[i], "1001/42/f"); err != nil || got != want {
			t.Errorf("reader Decrypt = %q, %v; want %q", got, err, want)
		}
	}
	if got := fake.decrypts.Load(); got != 1 {
		t.Errorf("KMS Decrypt called %d times, want 1", got)
	}
	if _, err := reader.Decrypt(ctx, cts[0], "1001/43/f"); !errors.Is(err, fieldcrypt.ErrUndecryptable) {
		t.Errorf("another aad: %v, want ErrUndecryptable", err)
	}
	other, _ := fieldcrypt.NewKMS(newFakeKMS("alias/contacts"), "alias/contacts")
	if _, err := other.Decrypt(ctx, cts[0], "1001/42/f"); !errors.Is(err, fieldcrypt.ErrUndecryptable) {
		t.Errorf("another master key: %v, want ErrUndecryptable", err)
	}
	if _, err := reader.Decrypt(ctx, "k1:AAA", "1001/42/f"); !errors.Is(err, fieldcrypt.ErrUndecryptable) {
		t.Errorf("malformed: %v, want ErrUndecryptable", err)
	}
	local := fieldcrypt.NewRandom()
	lct, _ := local.Encrypt(ctx, "x", "a")
	if _, err := reader.Decrypt(ctx, lct, "a"); !errors.Is(err, fieldcrypt.ErrUndecryptable) {
		t.Errorf("a local ciphertext: %v, want ErrUndecryptable", err)
	}
}
