package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name    string
		o       options
		want    string
		wantErr string
	}{
		{name: "the demo feed", o: options{feed: "../../shared/local/demo/catalogue-feed.json", check: true}, want: "The feed is valid: 3 makes"},
		{name: "a CSV feed", o: options{feed: write("ok.csv", "make,model,year,trim,msrp\nToyota,Camry,2026,LE,28400\n"), check: true, makes: "Toyota, Honda"}, want: "2 makes, 1 trims"},
		{name: "a CSV feed's errors, one a line", o: options{feed: write("bad.csv", "make,model,year,trim\nToyota,Nosuch,2026,LE\nToyota,Camry,x,LE\n"), check: true},
			wantErr: "\n  trims[1].year: \"x\" is not a model year."},
		{name: "an unknown format", o: options{feed: write("feed.xml", "<feed/>"), check: true}, wantErr: "neither json nor csv"},
		{name: "an import without a table", o: options{feed: "x.json", account: 1000}, wantErr: "set -feed, and TABLE_NAME"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := run(context.Background(), tt.o, strings.NewReader(""), &out)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || !strings.Contains(out.String(), tt.want) {
				t.Fatalf("out = %q, err = %v, want %q", out.String(), err, tt.want)
			}
		})
	}
}
