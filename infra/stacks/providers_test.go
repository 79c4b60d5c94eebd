package stacks_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/cxm/cxm/infra/stacks"
)

// TestProviderAreas checks the areas that reach outside systems: they alone know the sandboxes'
// latencies and may read the stores' provider secrets, and only those secrets.
func TestProviderAreas(t *testing.T) {
	d := defaultDeployment(t)
	fns, _ := goFunctions(t, d)
	all := resources(d.api, "AWS::Lambda::Function")
	secretARN := `secret:` + stacks.ProviderSecretPrefix + `*`
	// readers are the roles of the policies that grant reading the provider secrets.
	var readers []string
	for _, pol := range resources(d.api, "AWS::IAM::Policy") {
		doc, _ := json.Marshal(properties(pol)["PolicyDocument"])
		if !strings.Contains(string(doc), secretARN) {
			continue
		}
		roles, _ := json.Marshal(properties(pol)["Roles"])
		readers = append(readers, string(roles))
	}
	for area, id := range fns {
		env, _ := properties(all[id])["Environment"].(map[string]any)
		vars, _ := env["Variables"].(map[string]any)
		want := slices.Contains(stacks.ProviderAreas, area)
		for name, value := range map[string]string{
			stacks.EnvCreditSandboxLatency:    stacks.CreditSandboxLatency,
			stacks.EnvCallTrackSandboxLatency: stacks.CallTrackSandboxLatency,
			stacks.EnvAppraisalSandboxLatency: stacks.AppraisalSandboxLatency,
			stacks.EnvHistorySandboxLatency:   stacks.HistorySandboxLatency,
			stacks.EnvTagSandboxLatency:       stacks.TagSandboxLatency,
			stacks.EnvSMSSandboxLatency:       stacks.SMSSandboxLatency,
		} {
			got, has := vars[name]
			if has != want || (want && got != value) {
				t.Errorf("%s area: %s = %v (set %v), want set %v to %s", area, name, got, has, want, value)
			}
		}
		// Only the texting area signs internal links, under the web app's origins.
		if _, has := vars[stacks.EnvInternalLinkOrigins]; has != (area == stacks.TextingArea) {
			t.Errorf("%s area: %s set %v, want set only for the texting area", area, stacks.EnvInternalLinkOrigins, has)
		}
		// The area's role is named after its construct id ("CreditArea...").
		prefix := strings.ToUpper(area[:1]) + area[1:] + "Area"
		granted := slices.ContainsFunc(readers, func(r string) bool { return strings.Contains(r, `"`+prefix) })
		if granted != want {
			t.Errorf("%s area may read the provider secrets: %v, want %v", area, granted, want)
		}
	}
	if len(readers) != len(stacks.ProviderAreas) {
		t.Errorf("%d policies grant the provider secrets, want %d: %v", len(readers), len(stacks.ProviderAreas), readers)
	}
}
