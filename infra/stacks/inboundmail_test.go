package stacks_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/aws/jsii-runtime-go"

	"github.com/cxm/cxm/infra/stacks"
	"github.com/cxm/cxm/shared/runtime/route"
)

// TestInboundMail checks SES receiving of the customers' replies: the receipt rule for the
// reply domain publishes to the topic, which SES may publish to and whose HTTPS subscription
// is the public webhook of the mail area, which alone knows the domain.
func TestInboundMail(t *testing.T) {
	d := newDeployment(t, stacks.Props{Areas: route.Table(), Consumers: testConsumers, InboundMailDomain: "reply.example.com"})
	tests := []struct {
		name  string
		typ   string
		props map[string]any
	}{
		{"topic", "AWS::SNS::Topic", map[string]any{"DisplayName": "CXM inbound e-mail"}},
		{"https subscription", "AWS::SNS::Subscription", map[string]any{"Protocol": "https"}},
		{"receipt rule", "AWS::SES::ReceiptRule", map[string]any{"Rule": obj(map[string]any{
			"Enabled": true, "ScanEnabled": true, "TlsPolicy": "Optional", "Recipients": []any{"reply.example.com"},
			"Actions": arrayWith(obj(map[string]any{"SNSAction": obj(map[string]any{"Encoding": "UTF-8"})})),
		})}},
		{"topic policy for ses", "AWS::SNS::TopicPolicy", map[string]any{"PolicyDocument": obj(map[string]any{
			"Statement": arrayWith(obj(map[string]any{"Action": "sns:Publish", "Effect": "Allow", "Principal": obj(map[string]any{"Service": "ses.amazonaws.com"}),
				"Condition": obj(map[string]any{"StringEquals": obj(map[string]any{"AWS:SourceAccount": obj(map[string]any{"Ref": "AWS::AccountId"})})})})),
		})}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mustNotPanic(t, tt.name, func() { d.api.HasResourceProperties(jsii.String(tt.typ), tt.props) })
		})
	}
	countIs(t, d.api, "AWS::SES::ReceiptRuleSet", 1)
	countIs(t, d.api, "AWS::SES::ReceiptRule", 1)
	countIs(t, d.api, "AWS::SNS::Subscription", 1)

	// The subscription's endpoint is the webhook's path on the API, a public operation.
	if !slices.Contains(publicOperations(), "POST "+stacks.InboundMailPath) {
		t.Errorf("%s is not a public operation of the route table", stacks.InboundMailPath)
	}
	for _, sub := range resources(d.api, "AWS::SNS::Subscription") {
		endpoint, _ := json.Marshal(properties(sub)["Endpoint"])
		if !strings.Contains(string(endpoint), stacks.InboundMailPath) || !strings.Contains(string(endpoint), "ApiEndpoint") {
			t.Errorf("subscription endpoint = %s, want the API's endpoint followed by %s", endpoint, stacks.InboundMailPath)
		}
	}

	fns, _ := goFunctions(t, d)
	all := resources(d.api, "AWS::Lambda::Function")
	for area, id := range fns {
		env, _ := properties(all[id])["Environment"].(map[string]any)
		vars, _ := env["Variables"].(map[string]any)
		got, has := vars[stacks.EnvInboundEmailDomain]
		if want := area == stacks.MailArea; has != want || (want && got != "reply.example.com") {
			t.Errorf("%s area: %s = %v (set %v), want set %v", area, stacks.EnvInboundEmailDomain, got, has, want)
		}
	}
}

// TestNoInboundMailWithoutDomain checks that a deployment without a reply domain receives no
// e-mail.
func TestNoInboundMailWithoutDomain(t *testing.T) {
	d := defaultDeployment(t)
	for _, typ := range []string{"AWS::SES::ReceiptRuleSet", "AWS::SES::ReceiptRule", "AWS::SNS::Topic"} {
		countIs(t, d.api, typ, 0)
	}
}

func publicOperations() []string {
	var out []string
	for _, a := range route.Table() {
		out = append(out, a.Public...)
	}
	return out
}
