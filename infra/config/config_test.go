package config_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/cxm/cxm/infra/config"
)

// source returns a Source backed by context values and environment variables.
func source(context, env map[string]string) config.Source {
	return func(key, envVar string) (string, bool) {
		if v, ok := context[key]; ok {
			return v, true
		}
		v, ok := env[envVar]
		return v, ok
	}
}

func TestLoad(t *testing.T) {
	tests := []struct {
		name    string
		context map[string]string
		env     map[string]string
		want    config.Config
		wantErr string
	}{
		{
			name: "defaults",
			want: config.Config{Stage: "dev", LambdaDir: ".build/lambda", WebDist: "web/dist"},
		},
		{
			name:    "context wins over environment",
			context: map[string]string{"stage": "prod", "lambdaDir": "/tmp/l"},
			env:     map[string]string{"CXM_STAGE": "qa", "CXM_WEB_DIST": "/tmp/w"},
			want:    config.Config{Stage: "prod", LambdaDir: "/tmp/l", WebDist: "/tmp/w"},
		},
		{
			name: "origins",
			env:  map[string]string{"CXM_WEB_ORIGINS": " http://localhost:5173, https://crm.example.com ,"},
			want: config.Config{Stage: "dev", LambdaDir: ".build/lambda", WebDist: "web/dist",
				WebOrigins: []string{"http://localhost:5173", "https://crm.example.com"}},
		},
		{name: "blank stage", context: map[string]string{"stage": " "}, want: config.Config{Stage: "dev", LambdaDir: ".build/lambda", WebDist: "web/dist"}},
		{name: "upper-case stage", context: map[string]string{"stage": "Prod"}, wantErr: "stage"},
		{name: "stage with hyphen", context: map[string]string{"stage": "my-dev"}, wantErr: "stage"},
		{name: "long stage", context: map[string]string{"stage": "abcdefghijklm"}, wantErr: "stage"},
		{name: "origin with path", context: map[string]string{"webOrigins": "https://crm.example.com/app"}, wantErr: "scheme://host"},
		{name: "origin with trailing slash", context: map[string]string{"webOrigins": "https://crm.example.com/"}, wantErr: "trailing slash"},
		{name: "origin without scheme", context: map[string]string{"webOrigins": "crm.example.com"}, wantErr: "scheme://host"},
		{name: "inbound mail domain", env: map[string]string{"CXM_INBOUND_MAIL_DOMAIN": " Reply.Example.com "},
			want: config.Config{Stage: "dev", LambdaDir: ".build/lambda", WebDist: "web/dist", InboundMailDomain: "reply.example.com"}},
		{name: "inbound mail domain that is an address", context: map[string]string{"inboundMailDomain": "reply@example.com"}, wantErr: "inbound mail domain"},
		{name: "inbound mail domain of one label", context: map[string]string{"inboundMailDomain": "localhost"}, wantErr: "inbound mail domain"},
		{name: "wildcard origin", context: map[string]string{"webOrigins": "*"}, wantErr: "scheme://host"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := config.Load(source(tt.context, tt.env))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Load = %+v, %v; want an error containing %q", got, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if got.Stage != tt.want.Stage || got.LambdaDir != tt.want.LambdaDir || got.WebDist != tt.want.WebDist ||
				!slices.Equal(got.WebOrigins, tt.want.WebOrigins) {
				t.Errorf("Load = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestStackPrefix(t *testing.T) {
	if got, want := (config.Config{Stage: "qa"}).StackPrefix(), "cxm-qa"; got != want {
		t.Errorf("StackPrefix = %q, want %q", got, want)
	}
}
