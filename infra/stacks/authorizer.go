package stacks

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2authorizers"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// EnvUserPoolRegion names the environment variable that gives the authorizer the user pool's
// region (functions/authorizer reads it with the pool, client and issuer variables).
const EnvUserPoolRegion = "USER_POOL_REGION"

// AuthorizerName is the authorizer function's directory under functions/ and under the built
// functions' directory. No API area may have this name.
const AuthorizerName = "authorizer"

// Settings of the authorizer. API Gateway keys its cache on the identity source, the
// Authorization header, so a token is verified once per cache period. A cached allow can
// outlive the token's exp by at most the cache period.
const (
	authorizerMemoryMB       = 256
	authorizerCacheMinutes   = 5
	authorizerIdentitySource = "$request.header.Authorization"
)

// TokenAuthorizerProps configures NewTokenAuthorizer. Every field is required.
type TokenAuthorizerProps struct {
	// Code is the authorizer function's deployment package (functions/authorizer).
	Code awslambda.Code
	// Region, UserPoolID and UserPoolClientID name the user pool and the web client whose
	// access tokens are accepted.
	Region           *string
	UserPoolID       *string
	UserPoolClientID *string
	// IssuerURL is the iss of CXM's own tokens; their keys are fetched below it.
	IssuerURL *string
}

// TokenAuthorizer is the HTTP API's Lambda authorizer (REQUEST, payload format 2.0, simple
// responses): a function that trusts both Cognito and CXM's own token service, which API
// Gateway's JWT authorizer (one issuer, fixed audiences) cannot.
type TokenAuthorizer struct {
	constructs.Construct
	// Function verifies the tokens.
	Function awslambda.Function
	// Authorizer is the route authorizer to attach to the API's routes. CDK creates the
	// AWS::ApiGatewayV2::Authorizer and its invoke permission when the first route binds it.
	Authorizer awsapigatewayv2authorizers.HttpLambdaAuthorizer
}

// NewTokenAuthorizer creates the authorizer function and the route authorizer on it.
func NewTokenAuthorizer(scope constructs.Construct, id string, props *TokenAuthorizerProps) *TokenAuthorizer {
	c := constructs.NewConstruct(scope, &id)
	fn := newGoFunction(c, goFunctionProps{
		Description: "CXM API authorizer: Cognito and CXM access tokens",
		Code:        props.Code,
		MemoryMB:    authorizerMemoryMB,
		Environment: map[string]string{
			EnvUserPoolRegion:   *props.Region,
			EnvUserPoolID:       *props.UserPoolID,
			EnvUserPoolClientID: *props.UserPoolClientID,
			EnvIssuerURL:        *props.IssuerURL,
		},
	})
	az := awsapigatewayv2authorizers.NewHttpLambdaAuthorizer(jsii.String("TokenAuthorizer"), fn,
		&awsapigatewayv2authorizers.HttpLambdaAuthorizerProps{
			ResponseTypes:   &[]awsapigatewayv2authorizers.HttpLambdaResponseType{awsapigatewayv2authorizers.HttpLambdaResponseType_SIMPLE},
			IdentitySource:  jsii.Strings(authorizerIdentitySource),
			ResultsCacheTtl: awscdk.Duration_Minutes(jsii.Number(authorizerCacheMinutes)),
		})
	return &TokenAuthorizer{Construct: c, Function: fn, Authorizer: az}
}
