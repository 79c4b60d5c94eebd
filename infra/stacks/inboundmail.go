package stacks

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsses"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssesactions"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssns"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssnssubscriptions"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// InboundMailPath is the public operation of the mail area that SNS delivers the received
// e-mail to (functions/email: the webhook checks SNS's signature and confirms the subscription
// itself).
const InboundMailPath = "/pando/pandox/inbound_email"

// EnvInboundEmailDomain names the domain of the reply-to addresses; only the mail area gets it.
const EnvInboundEmailDomain = "INBOUND_EMAIL_DOMAIN"

// InboundMailProps configures NewInboundMail. Every field is required.
type InboundMailProps struct {
	// Domain is the domain of the reply-to addresses the mail area hands out: SES must be
	// verified for it and its MX record must point at SES's inbound endpoint of the region.
	Domain string
	// WebhookURL is the https address of InboundMailPath on the API.
	WebhookURL *string
}

// InboundMail is SES receiving for the customers' replies: a receipt rule set whose one rule
// publishes every e-mail to Domain, spam- and virus-scanned, to Topic (UTF-8, with the raw
// message inline, which is where the webhook reads the body: no S3 action, since SNS carries
// an e-mail of up to 150 KB and the webhook keeps only the text), and Topic's HTTPS
// subscription of the webhook.
//
// SES has one active rule set per region and account, and CloudFormation cannot activate one:
// after the first deployment, run aws ses set-active-receipt-rule-set with RuleSet's name.
type InboundMail struct {
	Topic   awssns.Topic
	RuleSet awsses.ReceiptRuleSet
}

// NewInboundMail creates the topic, its webhook subscription and the receipt rule set.
func NewInboundMail(scope constructs.Construct, id string, props *InboundMailProps) *InboundMail {
	if props.Domain == "" || props.WebhookURL == nil {
		panic("inbound mail: Domain and WebhookURL are required")
	}
	c := constructs.NewConstruct(scope, &id)
	topic := awssns.NewTopic(c, jsii.String("Topic"), &awssns.TopicProps{
		DisplayName: jsii.String("CXM inbound e-mail"),
	})
	// SES publishes the received e-mail for this account's receipt rules only.
	topic.AddToResourcePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:    jsii.Strings("sns:Publish"),
		Principals: &[]awsiam.IPrincipal{awsiam.NewServicePrincipal(jsii.String("ses.amazonaws.com"), nil)},
		Resources:  jsii.Strings(*topic.TopicArn()),
		Conditions: &map[string]any{"StringEquals": map[string]any{"AWS:SourceAccount": awscdk.Stack_Of(c).Account()}},
	}))
	topic.AddSubscription(awssnssubscriptions.NewUrlSubscription(props.WebhookURL, &awssnssubscriptions.UrlSubscriptionProps{
		Protocol: awssns.SubscriptionProtocol_HTTPS,
	}))
	rules := awsses.NewReceiptRuleSet(c, jsii.String("RuleSet"), &awsses.ReceiptRuleSetProps{
		Rules: &[]*awsses.ReceiptRuleOptions{{
			Recipients:  jsii.Strings(props.Domain),
			ScanEnabled: jsii.Bool(true),
			TlsPolicy:   awsses.TlsPolicy_OPTIONAL,
			Actions: &[]awsses.IReceiptRuleAction{
				awssesactions.NewSns(&awssesactions.SnsProps{Topic: topic, Encoding: awssesactions.EmailEncoding_UTF8}),
			},
		}},
	})
	return &InboundMail{Topic: topic, RuleSet: rules}
}
