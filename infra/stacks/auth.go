package stacks

import (
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscognito"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// AuthStackProps configures NewAuthStack.
type AuthStackProps struct {
	awscdk.StackProps
	// RefreshTokenRotation, when positive, turns on refresh token rotation for the web client
	// with this grace period for the replaced token (at most one minute). Rotation requires
	// clients to refresh through GetTokensFromRefreshToken, so it stays off until the web app's
	// sign-in library does that.
	RefreshTokenRotation time.Duration
}

// AuthStack holds the staff identity store. The user pool is retained when it leaves the
// stack, and the stack itself is protected against deletion.
type AuthStack struct {
	awscdk.Stack
	// UserPool holds the dealership staff accounts.
	UserPool awscognito.UserPool
	// Client is the web app's public client: no secret, password and SRP sign-in.
	Client awscognito.UserPoolClient
}

// NewAuthStack creates the Cognito user pool and the web app's client.
func NewAuthStack(scope constructs.Construct, id string, props *AuthStackProps) *AuthStack {
	sp := props.StackProps
	sp.TerminationProtection = jsii.Bool(true)
	if sp.Description == nil {
		sp.Description = jsii.String("CXM auth: Cognito user pool and web client")
	}
	stack := awscdk.NewStack(scope, &id, &sp)

	pool := awscognito.NewUserPool(stack, jsii.String("UserPool"), &awscognito.UserPoolProps{
		// Staff accounts are created by administrators, never by visitors.
		SelfSignUpEnabled:   jsii.Bool(false),
		SignInAliases:       &awscognito.SignInAliases{Email: jsii.Bool(true)},
		SignInCaseSensitive: jsii.Bool(false),
		AutoVerify:          &awscognito.AutoVerifiedAttrs{Email: jsii.Bool(true)},
		KeepOriginal:        &awscognito.KeepOriginalAttrs{Email: jsii.Bool(true)},
		AccountRecovery:     awscognito.AccountRecovery_EMAIL_ONLY,
		PasswordPolicy: &awscognito.PasswordPolicy{
			MinLength:            jsii.Number(12),
			RequireLowercase:     jsii.Bool(true),
			RequireUppercase:     jsii.Bool(true),
			RequireDigits:        jsii.Bool(true),
			RequireSymbols:       jsii.Bool(true),
			TempPasswordValidity: awscdk.Duration_Days(jsii.Number(3)),
		},
		StandardAttributes: &awscognito.StandardAttributes{
			Email:       &awscognito.StandardAttribute{Required: jsii.Bool(true), Mutable: jsii.Bool(true)},
			GivenName:   &awscognito.StandardAttribute{Required: jsii.Bool(false), Mutable: jsii.Bool(true)},
			FamilyName:  &awscognito.StandardAttribute{Required: jsii.Bool(false), Mutable: jsii.Bool(true)},
			PhoneNumber: &awscognito.StandardAttribute{Required: jsii.Bool(false), Mutable: jsii.Bool(true)},
		},
		DeletionProtection: jsii.Bool(true),
		RemovalPolicy:      awscdk.RemovalPolicy_RETAIN,
	})

	clientProps := &awscognito.UserPoolClientProps{
		UserPool:       pool,
		GenerateSecret: jsii.Bool(false),
		AuthFlows: &awscognito.AuthFlow{
			UserPassword: jsii.Bool(true),
			UserSrp:      jsii.Bool(true),
		},
		DisableOAuth:               jsii.Bool(true),
		PreventUserExistenceErrors: jsii.Bool(true),
		EnableTokenRevocation:      jsii.Bool(true),
		AccessTokenValidity:        awscdk.Duration_Hours(jsii.Number(1)),
		IdTokenValidity:            awscdk.Duration_Hours(jsii.Number(1)),
		RefreshTokenValidity:       awscdk.Duration_Days(jsii.Number(30)),
	}
	if props.RefreshTokenRotation > 0 {
		clientProps.RefreshTokenRotationGracePeriod = awscdk.Duration_Seconds(jsii.Number(props.RefreshTokenRotation.Seconds()))
	}
	client := awscognito.NewUserPoolClient(stack, jsii.String("WebClient"), clientProps)

	awscdk.NewCfnOutput(stack, jsii.String("UserPoolId"), &awscdk.CfnOutputProps{Value: pool.UserPoolId()})
	awscdk.NewCfnOutput(stack, jsii.String("UserPoolClientId"), &awscdk.CfnOutputProps{Value: client.UserPoolClientId()})
	return &AuthStack{Stack: stack, UserPool: pool, Client: client}
}
