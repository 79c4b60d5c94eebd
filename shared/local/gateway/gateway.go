// Package gateway is the local stand-in for API Gateway: it serves every API area of the route
// table behind the same token checks as the HTTP API's JWT authorizer (except the route
// table's public operations), audits writes under impersonation, logs each request as JSON,
// and serves the contract, the web app's sign-in configuration, a proxy to cognito-local and
// the built web app.
package gateway

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/audit"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/cxm/cxm/shared/runtime/authorizer"
	"github.com/cxm/cxm/shared/runtime/contract"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/route"
	"github.com/cxm/cxm/shared/runtime/wiring"
)

// WebConfig is what the web app reads from /config.json to sign in.
type WebConfig struct {
	Region           string `json:"region"`
	UserPoolID       string `json:"userPoolId"`
	UserPoolClientID string `json:"userPoolClientId"`
	// UserPoolEndpoint is set locally, where sign-in goes to cognito-local through /cognito.
	UserPoolEndpoint string `json:"userPoolEndpoint,omitempty"`
	// RealtimeURL is the WebSocket endpoint of real-time delivery: the WebSocket API's stage
	// in AWS, the gateway's RealtimePath locally.
	RealtimeURL string `json:"realtimeUrl,omitempty"`
}

// Verifier checks a bearer token and returns its claims as the HTTP API passes them on;
// *authorizer.Authorizer (one issuer) and *authorizer.Set (several) implement it. Every
// failure wraps authorizer.ErrDenied.
type Verifier interface {
	Verify(ctx context.Context, token string) (map[string]string, error)
}

// Config is what the gateway's handler needs.
type Config struct {
	// Areas builds each API area's handler by its route-table name (functions/mount.Handlers).
	Areas      map[string]func(wiring.Services) http.Handler
	Services   wiring.Services
	Authorizer Verifier
	Web        WebConfig
	// CognitoURL is cognito-local's address; sign-in requests to /cognito are proxied there.
	CognitoURL *url.URL
	// WebDir holds the built web app; empty serves no web app. Its files are served compressed
	// (precompressed copies, else gzip on the fly) and cached as CloudFront caches them.
	WebDir string
	// Media serves the signed links of blob.Signer below MediaPath; nil serves none.
	Media http.Handler
	// SMSSandbox serves the SMS sandbox's page (the texts sent, replies as the customer) below
	// SMSSandboxPath; nil serves none.
	SMSSandbox http.Handler
	// Realtime serves the WebSocket endpoint of real-time delivery at RealtimePath (it checks
	// its own token, as the WebSocket API's $connect does); nil serves none.
	Realtime http.Handler
	Log      *slog.Logger
}

// MediaPath is where the gateway serves the files of signed links (videos).
const MediaPath = "/media"

// SMSSandboxPath is where the gateway serves the SMS sandbox's page.
const SMSSandboxPath = "/sandbox/sms"

// RealtimePath is where the gateway serves the WebSocket endpoint.
const RealtimePath = "/realtime"

// New returns the gateway's handler: the API areas of the route table behind the JWT
// authorizer, the contract, the web app's configuration, the sign-in proxy and the web app.
func New(c Config) http.Handler {
	audited := audit.Middleware(audit.NewLog(c.Services.Store), c.Services.Users, requestID, c.Log)
	areas := map[string]http.Handler{}
	for name, newArea := range c.Areas {
		areas[name] = audited(newArea(c.Services))
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	mux.HandleFunc("GET /config.json", func(w http.ResponseWriter, r *http.Request) {
		cfg := c.Web
		if c.CognitoURL != nil {
			cfg.UserPoolEndpoint = "http://" + r.Host + "/cognito"
		}
		if c.Realtime != nil {
			cfg.RealtimeURL = "ws://" + r.Host + RealtimePath
		}
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusOK, cfg)
	})
	mux.HandleFunc("GET /openapi.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(contract.Document())
	})
	if c.Media != nil {
		mux.Handle("GET "+MediaPath+"/", c.Media)
	}
	if c.SMSSandbox != nil {
		mux.Handle(SMSSandboxPath+"/", c.SMSSandbox)
		mux.Handle("GET "+SMSSandboxPath, http.RedirectHandler(SMSSandboxPath+"/", http.StatusMovedPermanently))
	}
	if c.Realtime != nil {
		mux.Handle("GET "+RealtimePath, c.Realtime)
	}
	if c.CognitoURL != nil {
		proxy := httputil.NewSingleHostReverseProxy(c.CognitoURL)
		mux.Handle("/cognito/", http.StripPrefix("/cognito", proxy))
		mux.Handle("POST /cognito", http.StripPrefix("/cognito", proxy))
	}
	var static http.Handler = http.NotFoundHandler()
	if c.WebDir != "" {
		static = newStaticFiles(c.WebDir)
	}
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The route API Gateway would pick: the most specific one, a public operation's
		// without the authorizer.
		rt, ok := route.Lookup(r.Method, r.URL.Path)
		if !ok {
			static.ServeHTTP(w, r)
			return
		}
		area, ok := areas[rt.Area]
		if !ok {
			httpapi.WriteError(w, r, c.Log, apperr.Errorf(apperr.NotFound, "No operation serves %s %s.", r.Method, r.URL.Path))
			return
		}
		if rt.Public {
			area.ServeHTTP(w, r)
			return
		}
		claims, err := authorize(r, c.Authorizer)
		if err != nil {
			logDenied(r, c.Log, rt.Area, err)
			httpapi.WriteError(w, r, c.Log, apperr.Wrap(apperr.Unauthorized, err, "Unauthorized"))
			return
		}
		setUser(r, claims)
		area.ServeHTTP(w, r.WithContext(auth.WithClaims(r.Context(), claims)))
	}))
	return logRequests(c.Log, mux)
}

func authorize(r *http.Request, az Verifier) (auth.Claims, error) {
	token, err := authorizer.BearerToken(r)
	if err != nil {
		return auth.Claims{}, err
	}
	claims, err := az.Verify(r.Context(), token)
	if err != nil {
		return auth.Claims{}, err
	}
	return auth.ClaimsFromMap(claims), nil
}

func logDenied(r *http.Request, log *slog.Logger, area string, err error) {
	reason := err.Error()
	if errors.Is(err, authorizer.ErrDenied) {
		reason = strings.TrimPrefix(reason, authorizer.ErrDenied.Error()+": ")
	}
	log.Warn("denied", "method", r.Method, "path", r.URL.Path, "area", area, "reason", reason, "request_id", requestID(r))
}

func writeJSON(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

// requestInfo is filled in while a request is served, for its log line.
type requestInfo struct {
	id   string
	user string
	// actor is the real actor's subject under impersonation.
	actor string
}

type requestInfoKey struct{}

func requestID(r *http.Request) string {
	if info, ok := r.Context().Value(requestInfoKey{}).(*requestInfo); ok {
		return info.id
	}
	return ""
}

func setUser(r *http.Request, c auth.Claims) {
	if info, ok := r.Context().Value(requestInfoKey{}).(*requestInfo); ok {
		info.user, info.actor = c.Subject, c.ActorSubject
	}
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

// Unwrap returns the underlying writer, so a WebSocket upgrade can hijack the connection.
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

// logRequests logs one JSON line per request: method, path, status, duration, user and request
// id. The request id is also sent back as X-Request-Id.
func logRequests(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		b := make([]byte, 8)
		rand.Read(b)
		info := &requestInfo{id: hex.EncodeToString(b)}
		w.Header().Set("X-Request-Id", info.id)
		rec := &statusRecorder{ResponseWriter: w}
		r = r.WithContext(contextWith(r, info))
		next.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		attrs := []any{
			"method", r.Method,
			"path", r.URL.Path,
			"status", rec.status,
			"duration_ms", float64(time.Since(start).Microseconds()) / 1000,
			"user", info.user,
			"request_id", info.id,
		}
		if info.actor != "" {
			attrs = append(attrs, "actor", info.actor)
		}
		log.Info("request", attrs...)
	})
}

// ReadOrCreateKey returns the key in path, creating a random one the first time.
func ReadOrCreateKey(path string) ([]byte, error) {
	if b, err := os.ReadFile(path); err == nil {
		key, err := hex.DecodeString(strings.TrimSpace(string(b)))
		if err == nil && len(key) >= 32 {
			return key, nil
		}
	}
	key := make([]byte, 32)
	rand.Read(key)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	return key, os.WriteFile(path, []byte(hex.EncodeToString(key)), 0o600)
}

func contextWith(r *http.Request, info *requestInfo) context.Context {
	return context.WithValue(r.Context(), requestInfoKey{}, info)
}
