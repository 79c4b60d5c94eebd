package stacks

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfront"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3deployment"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// WebConfig is the runtime configuration the web app reads from /config.json, so one build of
// the web app runs against any deployment.
type WebConfig struct {
	// Region is the AWS region of the user pool and the API.
	Region *string
	// UserPoolID and UserPoolClientID identify the Cognito user pool and the web client.
	UserPoolID       *string
	UserPoolClientID *string
	// APIURL is the HTTP API's base URL, without a trailing slash.
	APIURL *string
	// RealtimeURL is the WebSocket API stage's URL (wss://...) of live updates.
	RealtimeURL *string
}

// json returns the configuration as the object written to config.json.
func (c WebConfig) json() map[string]any {
	return map[string]any{
		"region":           c.Region,
		"userPoolId":       c.UserPoolID,
		"userPoolClientId": c.UserPoolClientID,
		"apiUrl":           c.APIURL,
		"realtimeUrl":      c.RealtimeURL,
	}
}

// WebContentStackProps configures NewWebContentStack. Every field is required.
type WebContentStackProps struct {
	awscdk.StackProps
	// DistDir is the built web app (the output directory of the web build).
	DistDir string
	// Bucket and Distribution are the web stack's bucket and distribution.
	Bucket       awss3.IBucket
	Distribution awscloudfront.IDistribution
	// Config is written to the bucket as config.json.
	Config WebConfig
}

// WebContentStack uploads the built web app and its config.json to the web bucket. It is a
// stack of its own because the config names the API, the API allows the distribution's
// origin, and the distribution must exist first: web, then API, then content.
type WebContentStack struct {
	awscdk.Stack
}

// Cache lifetimes: Vite names every asset after its content hash, so assets never change and
// are cached for a year; index.html and config.json are revalidated on every load.
var (
	assetCacheControl = []awss3deployment.CacheControl{
		awss3deployment.CacheControl_SetPublic(),
		awss3deployment.CacheControl_MaxAge(awscdk.Duration_Days(jsii.Number(365))),
		awss3deployment.CacheControl_Immutable(),
	}
	entryCacheControl = []awss3deployment.CacheControl{
		awss3deployment.CacheControl_NoCache(),
	}
	entryFiles = []string{"index.html", "config.json"}
)

// NewWebContentStack creates the deployments of the web app into the web bucket. Assets are
// uploaded first and never pruned, so a browser still holding the previous index.html finds
// the assets it names; then index.html and config.json replace the entry point and the
// distribution's cache is invalidated.
func NewWebContentStack(scope constructs.Construct, id string, props *WebContentStackProps) *WebContentStack {
	sp := props.StackProps
	if sp.Description == nil {
		sp.Description = jsii.String("CXM web content: the built web app and its config.json")
	}
	stack := awscdk.NewStack(scope, &id, &sp)

	site := awss3deployment.Source_Asset(jsii.String(props.DistDir), nil)
	assets := awss3deployment.NewBucketDeployment(stack, jsii.String("Assets"), &awss3deployment.BucketDeploymentProps{
		DestinationBucket: props.Bucket,
		Sources:           &[]awss3deployment.ISource{site},
		Exclude:           jsii.Strings(entryFiles...),
		Prune:             jsii.Bool(false),
		CacheControl:      &assetCacheControl,
	})
	entry := awss3deployment.NewBucketDeployment(stack, jsii.String("Entry"), &awss3deployment.BucketDeploymentProps{
		DestinationBucket: props.Bucket,
		Sources: &[]awss3deployment.ISource{
			site,
			awss3deployment.Source_JsonData(jsii.String("config.json"), props.Config.json(), nil),
		},
		Exclude:           jsii.Strings("*"),
		Include:           jsii.Strings(entryFiles...),
		Prune:             jsii.Bool(false),
		CacheControl:      &entryCacheControl,
		Distribution:      props.Distribution,
		DistributionPaths: jsii.Strings("/*"),
	})
	entry.Node().AddDependency(assets)
	return &WebContentStack{Stack: stack}
}
