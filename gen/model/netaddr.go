package model

import (
	"fmt"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/parser"
)

// The string forms of an IP address that CUE's net package reads
// (netip.ParseAddr and netip.ParsePrefix, net.IPv4, net.IPv6, net.IP and
// net.IPCIDR on a string), each a pattern every target reads alike:
// every grammar below is a regular language, written out, and
// TestNetPatterns holds each to netip on generated inputs.
var (
	// ipv6Pattern is net.IPv6's (Is6, an IPv4 address in IPv6 form too):
	// RFC 3986's IPv6address, then a zone after % of any characters but
	// none.
	ipv6Pattern = `^` + ipv6Address() + ipv6Zone + `$`
	// ipPattern is net.IP's (IsValid): either.
	ipPattern = `^(?:` + ipv4Address + `|` + ipv6Address() + ipv6Zone + `)$`
	// ipCIDRPattern is net.IPCIDR's (netip.ParsePrefix): an address with
	// no zone, /, and a prefix length in decimal with no leading zero, of
	// 0 to 32 bits after an IPv4 address and 0 to 128 after an IPv6 one.
	ipCIDRPattern = `^(?:` + ipv4Address + `/(?:3[0-2]|[12]?[0-9])|` + ipv6Address() + `/(?:12[0-8]|1[01][0-9]|[1-9]?[0-9]))$`
)

// ipv4Pattern is net.IPv4's (Is4): four decimal octets of 0 to 255,
// none with a leading zero, no zone. (ipv4Address is the same language,
// written as the URL pattern writes it.)
const ipv4Pattern = `^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$`

// netPatterns is the pattern of each of net's address checks on a string.
var netPatterns = map[string]string{
	"net.IPv4":   ipv4Pattern,
	"net.IPv6":   ipv6Pattern,
	"net.IP":     ipPattern,
	"net.IPCIDR": ipCIDRPattern,
}

// PatternName says, of a pattern schemagen writes for a check of CUE's
// (net.IPv6, uuid.Valid), what the check admits, for a reader: "an IPv6
// address (net.IPv6)"; "" for any other pattern. The reference says it in
// place of the pattern, and the Go and TypeScript problems "must be …".
func PatternName(re string) string {
	switch re {
	case ipv4Pattern:
		return "an IPv4 address (net.IPv4)"
	case ipv6Pattern:
		return "an IPv6 address (net.IPv6)"
	case ipPattern:
		return "an IPv4 or IPv6 address (net.IP)"
	case ipCIDRPattern:
		return "an IP address and prefix length (net.IPCIDR)"
	case uuidPattern:
		return "a UUID (uuid.Valid)"
	}
	return ""
}

const (
	// decOctet is a decimal octet as netip reads one: 0 to 255, no
	// leading zero.
	decOctet = `(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])`
	// ipv4Address is four of them.
	ipv4Address = decOctet + `(?:\x2e` + decOctet + `){3}`
	// ipv6Zone is netip's zone: % and at least one character, any (a
	// second % too).
	ipv6Zone = `(?:%(?:[^%]|%)+)?`
)

// ipv6Address is RFC 3986's IPv6address, which netip.ParseAddr reads: 1
// to 4 hex digits a group, eight groups, or fewer with one :: standing
// for at least one group of zeros, an IPv4 address as the last two.
func ipv6Address() string {
	const hex = `[0-9A-Fa-f]`
	h16 := hex + `{1,4}`
	ls32 := `(?:` + h16 + `:` + h16 + `|` + ipv4Address + `)`
	g := func(n int) string { return fmt.Sprintf(`(?:%s:){%d}`, h16, n) }
	pre := func(n int) string { // [ *n( h16 ":" ) h16 ]
		if n == 0 {
			return `(?:` + h16 + `)?`
		}
		return fmt.Sprintf(`(?:(?:%s:){0,%d}%s)?`, h16, n, h16)
	}
	return `(?:` + strings.Join([]string{
		g(6) + ls32,
		`::` + g(5) + ls32,
		pre(0) + `::` + g(4) + ls32,
		pre(1) + `::` + g(3) + ls32,
		pre(2) + `::` + g(2) + ls32,
		pre(3) + `::` + h16 + `:` + ls32,
		pre(4) + `::` + ls32,
		pre(5) + `::` + h16,
		pre(6) + `::`,
	}, "|") + `)`
}

// netAlts are the alternatives CUE reads in one of net's address checks
// alone (ip?: net.IP, api_host: net.IP | *"127.0.0.1"; FastNetMon's and
// fluyt's hand-written CUE), with no string beside it: the address as
// text and, but for net.IPCIDR, as the list of its bytes ([10, 0, 0,
// 1]), each an int of 0 to 255, 4 of them for net.IPv4, 16 for
// net.IPv6, either for net.IP (netip.AddrFromSlice; a 16-byte
// IPv4-mapped address is no IPv4). net.IPCIDR's other form is CUE's
// bytes, which JSON never holds: over JSON it is the string alone.
// lengths are the list's counts; ok is false where v is no such check.
func (r *resolver) netAlts(v cue.Value) (alts []cue.Value, lengths []int, ok bool) {
	name := calledName(v)
	if netPatterns[name] == "" {
		return nil, nil, false
	}
	lengths = map[string][]int{"net.IPv4": {4}, "net.IPv6": {16}, "net.IP": {4, 16}}[name]
	srcs := []string{"string & " + name}
	if len(lengths) > 0 {
		srcs = append(srcs, fmt.Sprintf("[...uint8] & list.MinItems(%d) & list.MaxItems(%d)", lengths[0], lengths[len(lengths)-1]))
	}
	for _, src := range srcs {
		x, err := parser.ParseExpr("", src)
		if err != nil {
			return nil, nil, false // never: the sources above parse
		}
		alts = append(alts, v.Context().BuildExpr(x, cue.InferBuiltins(true)))
	}
	return alts, lengths, true
}

// netSplice is the alternatives of a, one of net's checks alone with a
// list form (netAlts), its list recorded with its counts (netLists); nil
// for any other value.
func (r *resolver) netSplice(a cue.Value) []cue.Value {
	alts, lengths, ok := r.netAlts(a)
	if !ok || len(alts) < 2 {
		return nil
	}
	r.recordNetList(a, alts[1], lengths)
	return alts
}

// recordNetList records list, the list form of a's net check, with its
// counts (netLists).
func (r *resolver) recordNetList(a, list cue.Value, lengths []int) {
	if r.netLists == nil {
		r.netLists = map[cue.Value]netList{}
	}
	r.netLists[list] = netList{calledName(a), lengths}
}

// netList is a net check's list of bytes among alternatives (netSplice):
// the check's name and its counts.
type netList struct {
	check   string
	lengths []int
}

// netListMsg refuses a net check's list beside another list.
func netListMsg(what, check string) string {
	return fmt.Sprintf("%s: %s alone is an address as text or as the list of its bytes, and that list shares the JSON kind array with another alternative's, which is not carried yet; write string & %s for the address as text", what, check, check)
}

// netAlone is the type of one of net's address checks alone on a value
// (netAlts): that choice of kinds, read as the same CUE written out is,
// the list of net.IP holding 4 or 16 items (netSplice), or net.IPCIDR's
// string.
func (r *resolver) netAlone(v cue.Value, what string, p Pos) (*Type, bool) {
	if p.IsValid() {
		r.here = p // what is read below has no position of its own
	}
	alts, lengths, _ := r.netAlts(v)
	switch len(alts) {
	case 2:
		r.recordNetList(v, alts[1], lengths)
		return r.inlineDisjunction(v, alts, what)
	case 1:
		return r.typeOf(alts[0], what)
	}
	r.errorf(p, "%s: %s alone: schemagen bug: its alternatives were not made", what, calledName(v))
	return nil, false
}
