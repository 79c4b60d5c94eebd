package blob

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/cxm/cxm/shared/provider/latency"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// Folder is the local stand-in for the bucket: each object is a file under a root folder with
// a sidecar file holding its content type. Writes go to a temporary file renamed into place, so
// a reader sees the old object or the new one, never half of one. It validates puts as the S3
// store does and can wait Latency before each call, as a network round trip would.
type Folder struct {
	root string
	// Latency is waited before each call; zero waits nothing.
	Latency time.Duration
}

var _ Store = (*Folder)(nil)

// NewFolder returns a store over root, creating it when missing.
func NewFolder(root string) (*Folder, error) {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, fmt.Errorf("create blob folder: %w", err)
	}
	return &Folder{root: root}, nil
}

type meta struct {
	ContentType string `json:"contentType"`
}

func (f *Folder) file(key Key) string { return filepath.Join(f.root, filepath.FromSlash(key.path)) }

func (f *Folder) wait(ctx context.Context) error { return latency.Wait(ctx, f.Latency) }

// Put writes obj at key.
func (f *Folder) Put(ctx context.Context, key Key, obj Object) error {
	if err := check(key, obj); err != nil {
		return err
	}
	if err := f.wait(ctx); err != nil {
		return err
	}
	name := f.file(key)
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return fmt.Errorf("put %s: %w", key, err)
	}
	m, err := json.Marshal(meta{ContentType: obj.ContentType})
	if err != nil {
		return err
	}
	if err := writeAtomic(name+".meta", m); err != nil {
		return fmt.Errorf("put %s: %w", key, err)
	}
	if err := writeAtomic(name, obj.Data); err != nil {
		return fmt.Errorf("put %s: %w", key, err)
	}
	return nil
}

func writeAtomic(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}

// Get reads the object at key.
func (f *Folder) Get(ctx context.Context, key Key) (Object, error) {
	if key.IsZero() {
		return Object{}, apperr.Errorf(apperr.Internal, "get without a key")
	}
	if err := f.wait(ctx); err != nil {
		return Object{}, err
	}
	name := f.file(key)
	data, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return Object{}, apperr.Errorf(apperr.NotFound, "The file does not exist.")
	}
	if err != nil {
		return Object{}, fmt.Errorf("get %s: %w", key, err)
	}
	raw, err := os.ReadFile(name + ".meta")
	if err != nil {
		return Object{}, fmt.Errorf("get %s: %w", key, err)
	}
	var m meta
	if err := json.Unmarshal(raw, &m); err != nil {
		return Object{}, fmt.Errorf("get %s: %w", key, err)
	}
	return Object{ContentType: m.ContentType, Data: data}, nil
}

// Delete removes the object at key.
func (f *Folder) Delete(ctx context.Context, key Key) error {
	if key.IsZero() {
		return apperr.Errorf(apperr.Internal, "delete without a key")
	}
	if err := f.wait(ctx); err != nil {
		return err
	}
	name := f.file(key)
	for _, n := range []string{name, name + ".meta"} {
		if err := os.Remove(n); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("delete %s: %w", key, err)
		}
	}
	return nil
}
