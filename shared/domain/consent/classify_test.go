package consent_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/cxm/cxm/shared/domain/consent"
)

// TestClassify runs the corpus of inbound texts in testdata/inbound.tsv: opt-out keywords and
// requests in words, their look-alikes, re-subscriptions and requests for help.
func TestClassify(t *testing.T) {
	t.Parallel()
	f, err := os.Open("testdata/inbound.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type row struct{ want, text string }
	var tests []row
	count := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		want, text, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("line %q has no tab", line)
		}
		tests = append(tests, row{want, strings.ReplaceAll(text, `\n`, "\n")})
		count[want]++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if got := count["Stop"] + count["None"]; got < 100 {
		t.Fatalf("the corpus has %d opt-outs and look-alikes, want at least 100", got)
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			t.Parallel()
			if got := consent.Classify(tt.text).String(); got != tt.want {
				t.Errorf("Classify(%q) = %s, want %s", tt.text, got, tt.want)
			}
		})
	}
}
