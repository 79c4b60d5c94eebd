// Package config reads the settings of the CDK app. Each setting comes from a CDK context key
// (cdk.json or "cdk synth -c key=value") or, when that is not set, from an environment
// variable, and is checked before any stack is built.
package config

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

// Context keys and the environment variables they fall back to.
const (
	KeyStage       = "stage"
	KeyLambdaDir   = "lambdaDir"
	KeyWebDist     = "webDist"
	KeyWebOrigins  = "webOrigins"
	KeyInboundMail = "inboundMailDomain"

	EnvStage       = "CXM_STAGE"
	EnvLambdaDir   = "CXM_LAMBDA_DIR"
	EnvWebDist     = "CXM_WEB_DIST"
	EnvWebOrigins  = "CXM_WEB_ORIGINS"
	EnvInboundMail = "CXM_INBOUND_MAIL_DOMAIN"
)

// Defaults, relative to the repository root, where the CDK command line runs the app.
const (
	DefaultStage     = "dev"
	DefaultLambdaDir = ".build/lambda"
	DefaultWebDist   = "web/dist"
)

// Config is the app's settings.
type Config struct {
	// Stage names the deployment; stacks are named "cxm-<stage>-<part>".
	Stage string
	// LambdaDir holds one directory per API area, and one for the authorizer, each with its
	// "bootstrap" executable.
	LambdaDir string
	// WebDist is the built web app; when it does not exist the web app is not deployed.
	WebDist string
	// WebOrigins are extra browser origins allowed to call the API.
	WebOrigins []string
	// InboundMailDomain is the domain of the reply-to addresses SES receives the customers'
	// replies for; empty deploys no inbound e-mail.
	InboundMailDomain string
}

// StackPrefix returns the prefix of every stack id of the deployment.
func (c Config) StackPrefix() string { return "cxm-" + c.Stage }

// Source looks a setting up by context key and environment variable. It returns false when
// neither is set.
type Source func(contextKey, envVar string) (string, bool)

// domainPattern is a lowercase DNS name of at least two labels.
var domainPattern = regexp.MustCompile(`^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$`)

// stagePattern keeps stack names short and valid: CloudFormation stack names allow letters,
// digits and hyphens, and the stage also ends up in generated resource names.
var stagePattern = regexp.MustCompile(`^[a-z][a-z0-9]{0,11}$`)

// Load reads and checks the settings. It returns an error for a malformed stage or origin.
func Load(src Source) (Config, error) {
	get := func(key, env, def string) string {
		if v, ok := src(key, env); ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
		return def
	}
	c := Config{
		Stage:             get(KeyStage, EnvStage, DefaultStage),
		LambdaDir:         get(KeyLambdaDir, EnvLambdaDir, DefaultLambdaDir),
		WebDist:           get(KeyWebDist, EnvWebDist, DefaultWebDist),
		InboundMailDomain: strings.ToLower(get(KeyInboundMail, EnvInboundMail, "")),
	}
	if c.InboundMailDomain != "" && !domainPattern.MatchString(c.InboundMailDomain) {
		return Config{}, fmt.Errorf("inbound mail domain %q: want a domain name such as reply.example.com", c.InboundMailDomain)
	}
	if !stagePattern.MatchString(c.Stage) {
		return Config{}, fmt.Errorf("stage %q: want a lowercase letter then up to 11 lowercase letters or digits", c.Stage)
	}
	for _, o := range strings.Split(get(KeyWebOrigins, EnvWebOrigins, ""), ",") {
		o = strings.TrimSpace(o)
		if o == "" {
			continue
		}
		if err := checkOrigin(o); err != nil {
			return Config{}, err
		}
		c.WebOrigins = append(c.WebOrigins, o)
	}
	return c, nil
}

// checkOrigin reports an origin that is not a bare scheme://host[:port] URL, the only form
// the CORS configuration of an HTTP API accepts.
func checkOrigin(o string) error {
	u, err := url.Parse(o)
	if err != nil {
		return fmt.Errorf("web origin %q: %w", o, err)
	}
	if (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return fmt.Errorf("web origin %q: want scheme://host[:port], for example http://localhost:5173", o)
	}
	if u.Path == "/" {
		return fmt.Errorf("web origin %q: drop the trailing slash", o)
	}
	return nil
}
