package stacks_test

import (
	"testing"

	"github.com/aws/jsii-runtime-go"
)

func TestUserPool(t *testing.T) {
	d := defaultDeployment(t)
	countIs(t, d.auth, "AWS::Cognito::UserPool", 1)
	tests := []struct {
		name  string
		props map[string]any
	}{
		{"no self sign-up", map[string]any{"AdminCreateUserConfig": obj(map[string]any{"AllowAdminCreateUserOnly": true})}},
		{"email sign-in", map[string]any{"UsernameAttributes": []any{"email"}}},
		{"case-insensitive", map[string]any{"UsernameConfiguration": map[string]any{"CaseSensitive": false}}},
		{"strong passwords", map[string]any{"Policies": obj(map[string]any{"PasswordPolicy": obj(map[string]any{
			"MinimumLength": 12, "RequireLowercase": true, "RequireUppercase": true, "RequireNumbers": true, "RequireSymbols": true,
		})})}},
		{"email attribute required", map[string]any{"Schema": arrayWith(obj(map[string]any{"Name": "email", "Required": true}))}},
		{"deletion protection", map[string]any{"DeletionProtection": "ACTIVE"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mustNotPanic(t, tt.name, func() {
				d.auth.HasResourceProperties(jsii.String("AWS::Cognito::UserPool"), tt.props)
			})
		})
	}
}

func TestUserPoolClient(t *testing.T) {
	d := defaultDeployment(t)
	countIs(t, d.auth, "AWS::Cognito::UserPoolClient", 1)
	mustNotPanic(t, "web client", func() {
		d.auth.HasResourceProperties(jsii.String("AWS::Cognito::UserPoolClient"), map[string]any{
			"GenerateSecret":             false,
			"ExplicitAuthFlows":          arrayWith("ALLOW_USER_PASSWORD_AUTH", "ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"),
			"EnableTokenRevocation":      true,
			"PreventUserExistenceErrors": "ENABLED",
		})
	})
}
