package stacks_test

import (
	"testing"
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"github.com/cxm/cxm/infra/stacks"
	"github.com/cxm/cxm/shared/runtime/tabledef"
)

func keySchema(pk, sk string) []any {
	ks := []any{map[string]any{"AttributeName": pk, "KeyType": "HASH"}}
	if sk != "" {
		ks = append(ks, map[string]any{"AttributeName": sk, "KeyType": "RANGE"})
	}
	return ks
}

func TestTableKeySchema(t *testing.T) {
	d := defaultDeployment(t)
	def := tabledef.Table()

	countIs(t, d.data, "AWS::DynamoDB::Table", 1)
	mustNotPanic(t, "key schema", func() {
		d.data.HasResourceProperties(jsii.String("AWS::DynamoDB::Table"), map[string]any{
			"KeySchema": assertions.Match_Exact(keySchema(def.PartitionKey, def.SortKey)),
		})
	})

	// Every key attribute of the table and its indexes is declared once, as a string.
	want := map[string]bool{def.PartitionKey: true, def.SortKey: true}
	for _, ix := range def.Indexes {
		want[ix.PartitionKey] = true
		if ix.SortKey != "" {
			want[ix.SortKey] = true
		}
	}
	for _, r := range resources(d.data, "AWS::DynamoDB::Table") {
		defs, _ := properties(r)["AttributeDefinitions"].([]any)
		got := map[string]bool{}
		for _, a := range defs {
			a := a.(map[string]any)
			name, _ := a["AttributeName"].(string)
			if typ := a["AttributeType"]; typ != "S" {
				t.Errorf("attribute %s has type %v, want S", name, typ)
			}
			got[name] = true
		}
		for name := range want {
			if !got[name] {
				t.Errorf("attribute %s is not declared (declared: %v)", name, got)
			}
		}
		if len(got) != len(want) {
			t.Errorf("declared %d attributes, want %d", len(got), len(want))
		}
	}
}

func TestTableIndexes(t *testing.T) {
	d := defaultDeployment(t)
	def := tabledef.Table()
	if len(def.Indexes) == 0 {
		t.Fatal("tabledef has no indexes; the store's access patterns need them")
	}
	for _, ix := range def.Indexes {
		t.Run(ix.Name, func(t *testing.T) {
			mustNotPanic(t, "index "+ix.Name, func() {
				d.data.HasResourceProperties(jsii.String("AWS::DynamoDB::Table"), map[string]any{
					"GlobalSecondaryIndexes": arrayWith(map[string]any{
						"IndexName":  ix.Name,
						"KeySchema":  assertions.Match_Exact(keySchema(ix.PartitionKey, ix.SortKey)),
						"Projection": map[string]any{"ProjectionType": "ALL"},
					}),
				})
			})
		})
	}
	for _, r := range resources(d.data, "AWS::DynamoDB::Table") {
		gsis, _ := properties(r)["GlobalSecondaryIndexes"].([]any)
		if got, want := len(gsis), len(def.Indexes); got != want {
			t.Errorf("table has %d indexes, want %d", got, want)
		}
	}
}

func TestTableSettings(t *testing.T) {
	d := defaultDeployment(t)
	tests := []struct {
		name  string
		props map[string]any
	}{
		{"on-demand billing", map[string]any{"BillingMode": "PAY_PER_REQUEST"}},
		{"point-in-time recovery", map[string]any{
			"PointInTimeRecoverySpecification": map[string]any{"PointInTimeRecoveryEnabled": true},
		}},
		{"deletion protection", map[string]any{"DeletionProtectionEnabled": true}},
		{"time to live", map[string]any{
			"TimeToLiveSpecification": map[string]any{"AttributeName": tabledef.Table().TTLAttribute, "Enabled": true},
		}},
		{"stream of new images for the event outbox", map[string]any{"StreamSpecification": map[string]any{"StreamViewType": "NEW_IMAGE"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mustNotPanic(t, tt.name, func() {
				d.data.HasResourceProperties(jsii.String("AWS::DynamoDB::Table"), tt.props)
			})
		})
	}
}

func TestAttachmentsBucket(t *testing.T) {
	d := defaultDeployment(t)
	countIs(t, d.data, "AWS::S3::Bucket", 1)
	tests := []struct {
		name  string
		typ   string
		props map[string]any
	}{
		{"public access blocked", "AWS::S3::Bucket", map[string]any{
			"PublicAccessBlockConfiguration": map[string]any{
				"BlockPublicAcls": true, "BlockPublicPolicy": true, "IgnorePublicAcls": true, "RestrictPublicBuckets": true,
			},
		}},
		{"encrypted", "AWS::S3::Bucket", map[string]any{
			"BucketEncryption": map[string]any{
				"ServerSideEncryptionConfiguration": arrayWith(map[string]any{
					"ServerSideEncryptionByDefault": map[string]any{"SSEAlgorithm": "AES256"},
				}),
			},
		}},
		{"presigned uploads from the browser", "AWS::S3::Bucket", map[string]any{
			"CorsConfiguration": obj(map[string]any{"CorsRules": arrayWith(obj(map[string]any{"AllowedMethods": []any{"PUT"}}))}),
		}},
		{"TLS enforced", "AWS::S3::BucketPolicy", map[string]any{
			"PolicyDocument": obj(map[string]any{
				"Statement": arrayWith(obj(map[string]any{
					"Effect":    "Deny",
					"Condition": map[string]any{"Bool": map[string]any{"aws:SecureTransport": "false"}},
				})),
			}),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mustNotPanic(t, tt.name, func() { d.data.HasResourceProperties(jsii.String(tt.typ), tt.props) })
		})
	}
}

// TestKeys checks the data stack's two KMS keys: the rotated symmetric contact-field key and
// the asymmetric token signing key.
func TestKeys(t *testing.T) {
	d := defaultDeployment(t)
	countIs(t, d.data, "AWS::KMS::Key", 2)
	mustNotPanic(t, "contact key", func() {
		d.data.HasResourceProperties(jsii.String("AWS::KMS::Key"), map[string]any{
			"EnableKeyRotation": true,
			"KeySpec":           assertions.Match_Absent(),
		})
	})
	signing := resources(d.data, "AWS::KMS::Key")
	n := 0
	for id, r := range signing {
		p := properties(r)
		if p["KeyUsage"] != "SIGN_VERIFY" {
			continue
		}
		n++
		if got, want := p["KeySpec"], "RSA_2048"; got != want {
			t.Errorf("signing key %s KeySpec = %v, want %v", id, got, want)
		}
		if p["EnableKeyRotation"] == true {
			t.Errorf("signing key %s asks for rotation, which KMS refuses for asymmetric keys", id)
		}
		if got := d.stacks.Data.GetLogicalId(d.stacks.Data.IssuerKey.Node().DefaultChild().(awscdk.CfnElement)); *got != id {
			t.Errorf("signing key %s is not DataStack.IssuerKey (%s)", id, *got)
		}
	}
	if n != 1 {
		t.Errorf("%d SIGN_VERIFY keys, want 1", n)
	}
}

func TestStatefulResourcesRetained(t *testing.T) {
	d := defaultDeployment(t)
	tests := []struct {
		name string
		tmpl assertions.Template
		typ  string
	}{
		{"table", d.data, "AWS::DynamoDB::Table"},
		{"attachments bucket", d.data, "AWS::S3::Bucket"},
		{"contact and signing keys", d.data, "AWS::KMS::Key"},
		{"user pool", d.auth, "AWS::Cognito::UserPool"},
		{"schedule group", d.events, "AWS::Scheduler::ScheduleGroup"},
		{"web bucket", d.web, "AWS::S3::Bucket"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs := resources(tt.tmpl, tt.typ)
			if len(rs) == 0 {
				t.Fatalf("no %s", tt.typ)
			}
			for id, r := range rs {
				for _, policy := range []string{"DeletionPolicy", "UpdateReplacePolicy"} {
					if got, want := r[policy], "Retain"; got != want {
						t.Errorf("%s %s = %v, want %v", id, policy, got, want)
					}
				}
			}
		})
	}
}

func TestTerminationProtection(t *testing.T) {
	d := defaultDeployment(t)
	tests := []struct {
		name string
		got  *bool
		want bool
	}{
		{"data", d.stacks.Data.TerminationProtection(), true},
		{"auth", d.stacks.Auth.TerminationProtection(), true},
		{"events", d.stacks.Events.TerminationProtection(), true},
		{"api", d.stacks.API.TerminationProtection(), false},
		{"web", d.stacks.Web.TerminationProtection(), false},
	}
	for _, tt := range tests {
		if got := tt.got != nil && *tt.got; got != tt.want {
			t.Errorf("%s stack termination protection = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestOptionalSettings(t *testing.T) {
	app, _ := newApp(t)
	data := stacks.NewDataStack(app, "data", &stacks.DataStackProps{Table: tabledef.Table(), Stream: true})
	auth := stacks.NewAuthStack(app, "auth", &stacks.AuthStackProps{RefreshTokenRotation: 10 * time.Second})
	tests := []struct {
		name  string
		stack awscdk.Stack
		typ   string
		props map[string]any
	}{
		{"table stream", data.Stack, "AWS::DynamoDB::Table", map[string]any{
			"StreamSpecification": map[string]any{"StreamViewType": "NEW_IMAGE"},
		}},
		{"refresh token rotation", auth.Stack, "AWS::Cognito::UserPoolClient", map[string]any{
			"RefreshTokenRotation": map[string]any{"Feature": "ENABLED", "RetryGracePeriodSeconds": 10},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mustNotPanic(t, tt.name, func() {
				assertions.Template_FromStack(tt.stack, nil).HasResourceProperties(jsii.String(tt.typ), tt.props)
			})
		})
	}
}
