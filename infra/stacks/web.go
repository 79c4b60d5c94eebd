package stacks

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfront"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfrontorigins"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// WebStackProps configures NewWebStack.
type WebStackProps struct {
	awscdk.StackProps
}

// WebStack hosts the single-page web app: a private bucket that only the CloudFront
// distribution can read, through an origin access control. The app uses a hash router, so
// every deep link requests "/" and no error-page rewriting is needed.
type WebStack struct {
	awscdk.Stack
	// Bucket holds the built web app.
	Bucket awss3.Bucket
	// Distribution serves the bucket over HTTPS.
	Distribution awscloudfront.Distribution
	// Origin is the distribution's URL ("https://" and its domain name), the origin the web
	// app's API calls come from.
	Origin *string
}

// NewWebStack creates the web bucket and its distribution.
func NewWebStack(scope constructs.Construct, id string, props *WebStackProps) *WebStack {
	sp := props.StackProps
	if sp.Description == nil {
		sp.Description = jsii.String("CXM web: private bucket behind a CloudFront distribution")
	}
	stack := awscdk.NewStack(scope, &id, &sp)

	// The content is rebuilt by every deployment, but a bucket is never deleted with objects
	// in it, so it is retained like the other buckets rather than emptied by a custom resource.
	bucket := awss3.NewBucket(stack, jsii.String("Site"), &awss3.BucketProps{
		BlockPublicAccess: awss3.BlockPublicAccess_BLOCK_ALL(),
		Encryption:        awss3.BucketEncryption_S3_MANAGED,
		EnforceSSL:        jsii.Bool(true),
		ObjectOwnership:   awss3.ObjectOwnership_BUCKET_OWNER_ENFORCED,
		RemovalPolicy:     awscdk.RemovalPolicy_RETAIN,
	})

	dist := awscloudfront.NewDistribution(stack, jsii.String("Distribution"), &awscloudfront.DistributionProps{
		Comment:           jsii.String("CXM web app"),
		DefaultRootObject: jsii.String("index.html"),
		DefaultBehavior: &awscloudfront.BehaviorOptions{
			Origin:               awscloudfrontorigins.S3BucketOrigin_WithOriginAccessControl(bucket, nil),
			ViewerProtocolPolicy: awscloudfront.ViewerProtocolPolicy_REDIRECT_TO_HTTPS,
			CachePolicy:          awscloudfront.CachePolicy_CACHING_OPTIMIZED(),
			Compress:             jsii.Bool(true),
		},
		HttpVersion: awscloudfront.HttpVersion_HTTP2_AND_3,
		PriceClass:  awscloudfront.PriceClass_PRICE_CLASS_100,
	})

	origin := awscdk.Fn_Join(jsii.String(""), jsii.Strings("https://", *dist.DistributionDomainName()))
	awscdk.NewCfnOutput(stack, jsii.String("WebUrl"), &awscdk.CfnOutputProps{Value: origin})
	awscdk.NewCfnOutput(stack, jsii.String("BucketName"), &awscdk.CfnOutputProps{Value: bucket.BucketName()})
	return &WebStack{Stack: stack, Bucket: bucket, Distribution: dist, Origin: origin}
}
