package gateway

import (
	"compress/gzip"
	"io"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
)

// The web build writes a brotli (.br) and a gzip (.gz) copy beside each compressible file
// (web/vite.config.ts). The static handler serves them as CloudFront serves the bucket: the
// smallest encoding the browser accepts, with Vary: Accept-Encoding; files without a copy are
// gzipped on the fly. Files under assets/ carry a content hash in their names, so they are
// cached for a year; everything else (index.html, config) is revalidated on every load.

// immutableCache is the Cache-Control of the content-hashed files under assets/.
const immutableCache = "public, max-age=31536000, immutable"

// revalidateCache is the Cache-Control of every other file, index.html first.
const revalidateCache = "no-cache"

// encodings are the precompressed copies, best first: the name in Accept-Encoding and the suffix.
var encodings = []struct{ name, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// compressible reports whether a file of this type is worth compressing.
func compressible(contentType string) bool {
	ct, _, _ := strings.Cut(contentType, ";")
	switch {
	case strings.HasPrefix(ct, "text/"):
		return true
	case ct == "application/javascript", ct == "application/json", ct == "image/svg+xml",
		ct == "application/manifest+json", ct == "application/xml":
		return true
	}
	return false
}

// staticFiles serves the built web app from dir.
type staticFiles struct {
	dir string
	// gzipWriters reuses compressors for files compressed on the fly.
	gzipWriters sync.Pool
}

// newStaticFiles returns the handler of the built web app in dir.
func newStaticFiles(dir string) *staticFiles {
	return &staticFiles{dir: dir, gzipWriters: sync.Pool{New: func() any {
		w, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
		return w
	}}}
}

func (s *staticFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(name, "/") || name == "/" {
		name = path.Join(name, "index.html")
	}
	// A request for a precompressed copy itself is not served: only the file it stands for is.
	if strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
		http.NotFound(w, r)
		return
	}
	file := filepath.Join(s.dir, filepath.FromSlash(name))
	info, err := os.Stat(file)
	if err != nil || info.IsDir() {
		http.NotFound(w, r)
		return
	}
	contentType := mime.TypeByExtension(path.Ext(name))
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("X-Content-Type-Options", "nosniff")
	if strings.HasPrefix(name, "/assets/") {
		h.Set("Cache-Control", immutableCache)
	} else {
		h.Set("Cache-Control", revalidateCache)
	}
	if !compressible(contentType) {
		http.ServeFile(w, r, file)
		return
	}
	h.Add("Vary", "Accept-Encoding")
	accepted := acceptedEncodings(r.Header.Get("Accept-Encoding"))
	for _, enc := range encodings {
		if !accepted[enc.name] {
			continue
		}
		if s.serveCopy(w, r, file+enc.suffix, enc.name, info) {
			return
		}
	}
	if accepted["gzip"] {
		s.gzipOnTheFly(w, r, file)
		return
	}
	http.ServeFile(w, r, file)
}

// serveCopy serves the precompressed copy at file when there is one, reporting whether it did.
func (s *staticFiles) serveCopy(w http.ResponseWriter, r *http.Request, file, encoding string, original os.FileInfo) bool {
	f, err := os.Open(file)
	if err != nil {
		return false
	}
	defer f.Close()
	w.Header().Set("Content-Encoding", encoding)
	// The copy is validated by the original's modification time, as the original would be.
	http.ServeContent(w, r, "", original.ModTime(), f)
	return true
}

// gzipOnTheFly compresses a file that has no precompressed copy.
func (s *staticFiles) gzipOnTheFly(w http.ResponseWriter, r *http.Request, file string) {
	f, err := os.Open(file)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	w.Header().Set("Content-Encoding", "gzip")
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	gz := s.gzipWriters.Get().(*gzip.Writer)
	defer s.gzipWriters.Put(gz)
	gz.Reset(w)
	if _, err := io.Copy(gz, f); err == nil {
		gz.Close()
	}
}

// acceptedEncodings reads an Accept-Encoding header: the codings it names without q=0.
func acceptedEncodings(header string) map[string]bool {
	accepted := map[string]bool{}
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		q := strings.ReplaceAll(strings.ToLower(params), " ", "")
		if q == "q=0" || q == "q=0.0" || q == "q=0.00" || q == "q=0.000" {
			continue
		}
		accepted[coding] = true
	}
	return accepted
}
