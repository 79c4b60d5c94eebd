package stacks

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscognito"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsevents"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awskms"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssecretsmanager"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"github.com/cxm/cxm/shared/runtime/route"
)

// Names of the environment variables every area function receives.
const (
	EnvTableName        = "TABLE_NAME"
	EnvBucketName       = "BUCKET_NAME"
	EnvContactKeyID     = "CONTACT_KEY_ID"
	EnvEventBusName     = "EVENT_BUS_NAME"
	EnvUserPoolID       = "USER_POOL_ID"
	EnvUserPoolClientID = "USER_POOL_CLIENT_ID"
	EnvCursorKeySecret  = "CURSOR_KEY_SECRET_ARN"
)

// Names of the environment variables only the token service area receives.
const (
	EnvIssuerURL      = "ISSUER_URL"
	EnvIssuerKMSKeyID = "ISSUER_KMS_KEY_ID"
)

// Names of the environment variables of the areas that reach outside systems (ProviderAreas):
// the answer time of the providers' sandboxes, which serve demo stores.
const (
	EnvCreditSandboxLatency    = "CREDIT_SANDBOX_LATENCY"
	EnvCallTrackSandboxLatency = "CALLTRACK_SANDBOX_LATENCY"
	EnvAppraisalSandboxLatency = "APPRAISAL_SANDBOX_LATENCY"
	EnvHistorySandboxLatency   = "HISTORY_SANDBOX_LATENCY"
	EnvTagSandboxLatency       = "MFRTAG_SANDBOX_LATENCY"
	EnvSMSSandboxLatency       = "SMS_SANDBOX_LATENCY"
)

// EnvInternalLinkOrigins names the texting area's allow-list of CXM's own origins, which an
// internal link must be under to be signed (shared/domain/internallink).
const EnvInternalLinkOrigins = "INTERNAL_LINK_ORIGINS"

// The sandboxes' answer times, close to the real providers'.
const (
	CreditSandboxLatency    = "900ms"
	CallTrackSandboxLatency = "400ms"
	AppraisalSandboxLatency = "1200ms"
	HistorySandboxLatency   = "800ms"
	TagSandboxLatency       = "700ms"
	SMSSandboxLatency       = "150ms"
)

// ProviderSecretPrefix starts the name of every provider credentials secret a store's provider
// configuration names (cxm/providers/{account}/{provider}, or one per store); the provider
// areas may read those secrets and no other.
const ProviderSecretPrefix = "cxm/providers/"

// ProviderAreas are the areas that call outside systems for a store: the credit bureau (credit),
// click-to-call (calltracking), appraisals, vehicle history reports and manufacturer tag
// details (garage), e-mail through SES (email), the automated assistant and suggested replies
// (assistant), and texting (messages).
var ProviderAreas = []string{"credit", "calltracking", "garage", "email", "assistant", "messages"}

// MailArea is the area that sends e-mail through SES with the stores' sender identities.
const MailArea = "email"

// The token service: the area that issues CXM's own tokens, and the path below the API's
// endpoint that is their iss (the area's prefix, as the local gateway names it).
const (
	TokenServiceArea = "auth"
	// AssistantArea is the area that drafts replies with Amazon Bedrock.
	AssistantArea = "assistant"
	IssuerPath    = "/auth"
)

// corsAllowHeaders are the request headers the web app sends: the bearer token, JSON bodies and
// the store selection.
var corsAllowHeaders = []string{"authorization", "content-type", "scope"}

// APIStackProps configures NewAPIStack. Every field is required.
type APIStackProps struct {
	awscdk.StackProps
	// Areas is the route table: one function per area, two routes per prefix and one per
	// public operation.
	Areas []route.Area
	// Code returns the deployment package of a function by name: an area's, or the
	// authorizer's (AuthorizerName).
	Code func(name string) awslambda.Code
	// Table, Bucket, ContactKey, Bus, UserPool and UserPoolClient are the resources the
	// functions use; each function gets exactly the grants it needs on them.
	Table          awsdynamodb.ITable
	Bucket         awss3.IBucket
	ContactKey     awskms.IKey
	CursorKey      awssecretsmanager.ISecret
	Bus            awsevents.IEventBus
	UserPool       awscognito.IUserPool
	UserPoolClient awscognito.IUserPoolClient
	// IssuerKey is the asymmetric KMS key (RSA_2048, SIGN_VERIFY) that signs CXM's own tokens;
	// only the token service area may use it.
	IssuerKey awskms.IKey
	// AllowedOrigins are the browser origins (scheme and host, no path) allowed to call the
	// API, such as the web distribution's URL.
	AllowedOrigins []string
	// InboundMailDomain is the domain of the reply-to addresses SES receives for the mail area
	// (see NewInboundMail); empty leaves inbound e-mail out of the deployment.
	InboundMailDomain string
}

// APIStack holds the HTTP API, its Lambda authorizer and one function per API area.
type APIStack struct {
	awscdk.Stack
	// API is the HTTP API; its default stage serves at API.ApiEndpoint().
	API awsapigatewayv2.HttpApi
	// Authorizer guards every route but the public operations.
	Authorizer *TokenAuthorizer
	// IssuerURL is the iss of CXM's own tokens: the API's endpoint followed by IssuerPath.
	IssuerURL *string
	// Areas are the deployed areas keyed by area name.
	Areas map[string]*AreaFunction
	// InboundMail receives the customers' replies; nil without an InboundMailDomain.
	InboundMail *InboundMail
}

// NewAPIStack creates the HTTP API and the functions of every area in props.Areas. It panics
// when the route table is invalid (see ValidateAreas), as CDK constructs do on bad input.
func NewAPIStack(scope constructs.Construct, id string, props *APIStackProps) *APIStack {
	if err := ValidateAreas(props.Areas); err != nil {
		panic(fmt.Sprintf("api stack: %v", err))
	}
	if props.Code == nil {
		panic("api stack: no Code function")
	}
	if props.IssuerKey == nil {
		panic("api stack: no IssuerKey")
	}
	sp := props.StackProps
	if sp.Description == nil {
		sp.Description = jsii.String("CXM API: HTTP API, Lambda authorizer, one Lambda function per API area")
	}
	stack := awscdk.NewStack(scope, &id, &sp)

	api := awsapigatewayv2.NewHttpApi(stack, jsii.String("HttpApi"), &awsapigatewayv2.HttpApiProps{
		ApiName:     stack.StackName(),
		Description: jsii.String("CXM API"),
		CorsPreflight: &awsapigatewayv2.CorsPreflightOptions{
			AllowOrigins:  jsii.Strings(props.AllowedOrigins...),
			AllowMethods:  &[]awsapigatewayv2.CorsHttpMethod{awsapigatewayv2.CorsHttpMethod_ANY},
			AllowHeaders:  jsii.Strings(corsAllowHeaders...),
			ExposeHeaders: jsii.Strings("content-disposition"),
			MaxAge:        awscdk.Duration_Hours(jsii.Number(1)),
		},
	})

	// CXM's own tokens name the API's endpoint followed by /auth as their issuer, as the local
	// gateway names its own origin. The endpoint is an attribute of the API (Fn::GetAtt
	// ApiEndpoint); the functions that read it depend on the API, and the API on none of them
	// (routes, integrations and the authorizer depend on both), so there is no cycle.
	issuerURL := jsii.String(*api.ApiEndpoint() + IssuerPath)
	authorizer := NewTokenAuthorizer(stack, "Authorizer", &TokenAuthorizerProps{
		Code:             props.Code(AuthorizerName),
		Region:           stack.Region(),
		UserPoolID:       props.UserPool.UserPoolId(),
		UserPoolClientID: props.UserPoolClient.UserPoolClientId(),
		IssuerURL:        issuerURL,
	})

	env := map[string]string{
		EnvTableName:        *props.Table.TableName(),
		EnvBucketName:       *props.Bucket.BucketName(),
		EnvContactKeyID:     *props.ContactKey.KeyArn(),
		EnvEventBusName:     *props.Bus.EventBusName(),
		EnvUserPoolID:       *props.UserPool.UserPoolId(),
		EnvUserPoolClientID: *props.UserPoolClient.UserPoolClientId(),
		EnvCursorKeySecret:  *props.CursorKey.SecretArn(),
	}

	s := &APIStack{
		Stack: stack, API: api, Authorizer: authorizer, IssuerURL: issuerURL,
		Areas: make(map[string]*AreaFunction, len(props.Areas)),
	}
	for _, area := range props.Areas {
		areaEnv := env
		if area.Name == MailArea && props.InboundMailDomain != "" {
			areaEnv = maps.Clone(env)
			areaEnv[EnvInboundEmailDomain] = props.InboundMailDomain
		}
		if area.Name == TokenServiceArea {
			areaEnv = maps.Clone(env)
			areaEnv[EnvIssuerURL] = *issuerURL
			areaEnv[EnvIssuerKMSKeyID] = *props.IssuerKey.KeyArn()
		}
		providers := slices.Contains(ProviderAreas, area.Name)
		if providers {
			areaEnv = maps.Clone(areaEnv)
			areaEnv[EnvCreditSandboxLatency] = CreditSandboxLatency
			areaEnv[EnvCallTrackSandboxLatency] = CallTrackSandboxLatency
			areaEnv[EnvAppraisalSandboxLatency] = AppraisalSandboxLatency
			areaEnv[EnvHistorySandboxLatency] = HistorySandboxLatency
			areaEnv[EnvTagSandboxLatency] = TagSandboxLatency
			areaEnv[EnvSMSSandboxLatency] = SMSSandboxLatency
		}
		if area.Name == TextingArea {
			// The web app's origins are CXM's own pages an internal link may open.
			areaEnv = maps.Clone(areaEnv)
			areaEnv[EnvInternalLinkOrigins] = strings.Join(props.AllowedOrigins, ",")
		}
		af := NewAreaFunction(stack, areaID(area.Name), &AreaFunctionProps{
			Area:        area,
			Routes:      route.RoutesOf(props.Areas, area.Name),
			Code:        props.Code(area.Name),
			API:         api,
			Authorizer:  authorizer.Authorizer,
			Environment: areaEnv,
		})
		fn := af.Function
		props.Table.GrantReadWriteData(fn)
		props.Bucket.GrantReadWrite(fn, nil)
		props.ContactKey.GrantEncryptDecrypt(fn)
		props.Bus.GrantPutEventsTo(fn, nil)
		props.CursorKey.GrantRead(fn, nil)
		if providers {
			// The stores' provider credentials: read only, and only the provider secrets.
			fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
				Actions: jsii.Strings("secretsmanager:GetSecretValue"),
				Resources: jsii.Strings(*stack.FormatArn(&awscdk.ArnComponents{
					Service: jsii.String("secretsmanager"), Resource: jsii.String("secret"),
					ResourceName: jsii.String(ProviderSecretPrefix + "*"), ArnFormat: awscdk.ArnFormat_COLON_RESOURCE_NAME,
				})),
			}))
		}
		if area.Name == MailArea {
			fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
				Actions: jsii.Strings("ses:SendEmail"),
				Resources: jsii.Strings(
					*stack.FormatArn(&awscdk.ArnComponents{Service: jsii.String("ses"), Resource: jsii.String("identity"), ResourceName: jsii.String("*")}),
					*stack.FormatArn(&awscdk.ArnComponents{Service: jsii.String("ses"), Resource: jsii.String("configuration-set"), ResourceName: jsii.String("*")}),
				),
			}))
		}
		if area.Name == AssistantArea {
			// Suggested replies: the Converse API of the foundation models and inference
			// profiles the stores' secrets name.
			fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
				Actions: jsii.Strings("bedrock:InvokeModel"),
				Resources: jsii.Strings(
					*stack.FormatArn(&awscdk.ArnComponents{Service: jsii.String("bedrock"), Account: jsii.String(""), Resource: jsii.String("foundation-model"), ResourceName: jsii.String("*"), ArnFormat: awscdk.ArnFormat_SLASH_RESOURCE_NAME}),
					*stack.FormatArn(&awscdk.ArnComponents{Service: jsii.String("bedrock"), Resource: jsii.String("inference-profile"), ResourceName: jsii.String("*"), ArnFormat: awscdk.ArnFormat_SLASH_RESOURCE_NAME}),
				),
			}))
		}
		if area.Name == TextingArea {
			fn.AddToRolePolicy(smsSendPolicy(stack))
		}
		if area.Name == TokenServiceArea {
			props.IssuerKey.Grant(fn, jsii.String("kms:Sign"), jsii.String("kms:GetPublicKey"))
		}
		s.Areas[area.Name] = af
	}

	if props.InboundMailDomain != "" {
		s.InboundMail = NewInboundMail(stack, "InboundMail", &InboundMailProps{
			Domain:     props.InboundMailDomain,
			WebhookURL: jsii.String(*api.ApiEndpoint() + InboundMailPath),
		})
		awscdk.NewCfnOutput(stack, jsii.String("InboundMailRuleSet"), &awscdk.CfnOutputProps{Value: s.InboundMail.RuleSet.ReceiptRuleSetName()})
	}

	awscdk.NewCfnOutput(stack, jsii.String("ApiUrl"), &awscdk.CfnOutputProps{Value: api.ApiEndpoint()})
	awscdk.NewCfnOutput(stack, jsii.String("IssuerUrl"), &awscdk.CfnOutputProps{Value: issuerURL})
	return s
}

// areaID turns an area name into a construct id ("users" becomes "UsersArea").
func areaID(name string) string {
	if name == "" {
		return "Area"
	}
	b := []byte(name)
	if b[0] >= 'a' && b[0] <= 'z' {
		b[0] -= 'a' - 'A'
	}
	return string(b) + "Area"
}

// TextingArea is the area that texts customers through AWS End User Messaging SMS.
const TextingArea = "messages"

// smsSendPolicy lets a function send texts from the account's origination identities.
func smsSendPolicy(stack awscdk.Stack) awsiam.PolicyStatement {
	arn := func(resource string) string {
		return *stack.FormatArn(&awscdk.ArnComponents{Service: jsii.String("sms-voice"), Resource: jsii.String(resource), ResourceName: jsii.String("*")})
	}
	return awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:   jsii.Strings("sms-voice:SendTextMessage"),
		Resources: jsii.Strings(arn("phone-number"), arn("pool"), arn("sender-id"), arn("configuration-set")),
	})
}
