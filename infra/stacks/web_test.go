package stacks_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"github.com/cxm/cxm/infra/stacks"
	"github.com/cxm/cxm/shared/runtime/route"
)

func TestDistribution(t *testing.T) {
	d := defaultDeployment(t)
	countIs(t, d.web, "AWS::CloudFront::Distribution", 1)
	countIs(t, d.web, "AWS::CloudFront::OriginAccessControl", 1)
	tests := []struct {
		name  string
		typ   string
		props map[string]any
	}{
		{"origin access control", "AWS::CloudFront::Distribution", map[string]any{
			"DistributionConfig": obj(map[string]any{
				"Origins": []any{obj(map[string]any{
					"OriginAccessControlId": obj(map[string]any{"Fn::GetAtt": assertions.Match_AnyValue()}),
					"S3OriginConfig":        map[string]any{"OriginAccessIdentity": ""},
				})},
			}),
		}},
		{"index.html at the root", "AWS::CloudFront::Distribution", map[string]any{
			"DistributionConfig": obj(map[string]any{"DefaultRootObject": "index.html"}),
		}},
		{"HTTPS only", "AWS::CloudFront::Distribution", map[string]any{
			"DistributionConfig": obj(map[string]any{
				"DefaultCacheBehavior": obj(map[string]any{"ViewerProtocolPolicy": "redirect-to-https"}),
			}),
		}},
		{"signed S3 requests", "AWS::CloudFront::OriginAccessControl", map[string]any{
			"OriginAccessControlConfig": obj(map[string]any{
				"OriginAccessControlOriginType": "s3", "SigningBehavior": "always", "SigningProtocol": "sigv4",
			}),
		}},
		{"private bucket", "AWS::S3::Bucket", map[string]any{
			"PublicAccessBlockConfiguration": map[string]any{
				"BlockPublicAcls": true, "BlockPublicPolicy": true, "IgnorePublicAcls": true, "RestrictPublicBuckets": true,
			},
		}},
		{"only CloudFront reads", "AWS::S3::BucketPolicy", map[string]any{
			"PolicyDocument": obj(map[string]any{
				"Statement": arrayWith(obj(map[string]any{
					"Effect":    "Allow",
					"Action":    "s3:GetObject",
					"Principal": map[string]any{"Service": "cloudfront.amazonaws.com"},
				})),
			}),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mustNotPanic(t, tt.name, func() { d.web.HasResourceProperties(jsii.String(tt.typ), tt.props) })
		})
	}
}

func TestWebContent(t *testing.T) {
	built := t.TempDir()
	for name, body := range map[string]string{
		"index.html":    "<!doctype html><title>CXM</title>",
		"assets/app.js": "console.log(1)",
	} {
		path := filepath.Join(built, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name        string
		distDir     string
		deployments int
	}{
		{"no web build", filepath.Join(t.TempDir(), "missing"), 0},
		{"no directory given", "", 0},
		{"web build", built, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDeployment(t, stacks.Props{Areas: route.Table(), WebDistDir: tt.distDir})
			if tt.deployments == 0 {
				if d.stacks.WebContent != nil {
					t.Errorf("web content stack created for %q", tt.distDir)
				}
				return
			}
			if d.webContent == nil {
				t.Fatalf("no web content stack for %q", tt.distDir)
			}
			countIs(t, d.webContent, "Custom::CDKBucketDeployment", tt.deployments)

			// The entry deployment writes config.json with the four settings and invalidates
			// the distribution.
			markers := assertions.NewCapture(nil)
			mustNotPanic(t, "entry deployment", func() {
				d.webContent.HasResourceProperties(jsii.String("Custom::CDKBucketDeployment"), map[string]any{
					"DistributionId":    obj(map[string]any{"Fn::ImportValue": assertions.Match_AnyValue()}),
					"DistributionPaths": []any{"/*"},
					"SourceMarkers":     markers,
				})
			})
			raw, _ := json.Marshal(markers.AsArray())
			for _, key := range []string{"region", "userPoolId", "userPoolClientId", "apiUrl"} {
				if !strings.Contains(d.configJSON(t), `"`+key+`"`) {
					t.Errorf("config.json lacks %s", key)
				}
			}
			if !strings.Contains(string(raw), "Fn::ImportValue") {
				t.Errorf("config.json markers %s import nothing from the other stacks", raw)
			}
		})
	}
}

// configJSON returns the staged config.json content of the web content stack's assets: the
// JSON source is staged as a file whose deploy-time values are markers.
func (d *deployment) configJSON(t *testing.T) string {
	t.Helper()
	outdir := d.outdir
	var found string
	filepath.Walk(outdir, func(path string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && filepath.Base(path) == "config.json" {
			b, _ := os.ReadFile(path)
			found = string(b)
		}
		return nil
	})
	if found == "" {
		t.Fatalf("no staged config.json under %s", outdir)
	}
	return found
}
