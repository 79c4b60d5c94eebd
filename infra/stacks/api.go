package stacks

import (
	"fmt"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2authorizers"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscognito"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsevents"
	"github.com/aws/aws-cdk-go/awscdk/v2/awskms"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssecretsmanager"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"github.com/cxm/cxm/shared/route"
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

// corsAllowHeaders are the request headers the web app sends: the bearer token, JSON bodies and
// the store selection.
var corsAllowHeaders = []string{"authorization", "content-type", "scope"}

// APIStackProps configures NewAPIStack. Every field is required.
type APIStackProps struct {
	awscdk.StackProps
	// Areas is the route table: one function per area, two routes per prefix.
	Areas []route.Area
	// Code returns the deployment package of an area's function.
	Code func(area string) awslambda.Code
	// Table, Bucket, ContactKey, Bus, UserPool and UserPoolClient are the resources the
	// functions use; each function gets exactly the grants it needs on them.
	Table          awsdynamodb.ITable
	Bucket         awss3.IBucket
	ContactKey     awskms.IKey
	CursorKey      awssecretsmanager.ISecret
	Bus            awsevents.IEventBus
	UserPool       awscognito.IUserPool
	UserPoolClient awscognito.IUserPoolClient
	// AllowedOrigins are the browser origins (scheme and host, no path) allowed to call the
	// API, such as the web distribution's URL.
	AllowedOrigins []string
}

// APIStack holds the HTTP API, its JWT authorizer and one function per API area.
type APIStack struct {
	awscdk.Stack
	// API is the HTTP API; its default stage serves at API.ApiEndpoint().
	API awsapigatewayv2.HttpApi
	// Areas are the deployed areas keyed by area name.
	Areas map[string]*AreaFunction
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
	sp := props.StackProps
	if sp.Description == nil {
		sp.Description = jsii.String("CXM API: HTTP API, JWT authorizer, one Lambda function per API area")
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

	// API Gateway checks the token's signature, issuer, expiry and that its aud (ID tokens)
	// or client_id (access tokens) is the web client.
	issuer := fmt.Sprintf("https://cognito-idp.%s.amazonaws.com/%s", *stack.Region(), *props.UserPool.UserPoolId())
	authorizer := awsapigatewayv2authorizers.NewHttpJwtAuthorizer(jsii.String("CognitoJwt"), jsii.String(issuer),
		&awsapigatewayv2authorizers.HttpJwtAuthorizerProps{
			JwtAudience: jsii.Strings(*props.UserPoolClient.UserPoolClientId()),
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

	s := &APIStack{Stack: stack, API: api, Areas: make(map[string]*AreaFunction, len(props.Areas))}
	for _, area := range props.Areas {
		af := NewAreaFunction(stack, areaID(area.Name), &AreaFunctionProps{
			Area:        area,
			Code:        props.Code(area.Name),
			API:         api,
			Authorizer:  authorizer,
			Environment: env,
		})
		fn := af.Function
		props.Table.GrantReadWriteData(fn)
		props.Bucket.GrantReadWrite(fn, nil)
		props.ContactKey.GrantEncryptDecrypt(fn)
		props.Bus.GrantPutEventsTo(fn, nil)
		props.CursorKey.GrantRead(fn, nil)
		s.Areas[area.Name] = af
	}

	awscdk.NewCfnOutput(stack, jsii.String("ApiUrl"), &awscdk.CfnOutputProps{Value: api.ApiEndpoint()})
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
