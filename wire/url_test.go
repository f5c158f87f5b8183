// The test binary of package wire runs with url.Parse's Go 1.25 colon
// rule: ParseURL must still refuse a second colon in an http host.
//go:debug urlstrictcolons=0

package wire

import (
	"net/url"
	"testing"
)

// TestParseURLColons: whatever GODEBUG says (here the rule of Go 1.25,
// under which url.Parse reads http://a:1:2), ParseURL reads an http or
// https host as Go 1.26 does by default, and other schemes' hosts as
// url.Parse does.
func TestParseURLColons(t *testing.T) {
	if _, err := url.Parse("http://a:1:2"); err != nil {
		t.Fatalf("the //go:debug line did not take: url.Parse says %v", err)
	}
	for s, want := range map[string]bool{
		"http://a:1:2": false, "HTTPS://a::1/x": false, "http://a:1": true, "http://[::1]:2": true, "http://u:p@a:1": true,
		"ftp://a:1:2": true, "mongodb://a:1,b:2/db": true, "//a:1:2": true, "httpx://a:1:2": true, "http://a:1:x": false,
	} {
		u, err := ParseURL(s)
		if (err == nil) != want {
			t.Errorf("ParseURL(%q) = %v, %v; want it accepted: %v", s, u, err, want)
		}
	}
}
