//go:build !linux

package output

// exchange: no atomic exchange of two names is used on this OS; Write
// swaps by two renames, and Lock's recovery covers the moment between
// them. A variable, as on Linux, so that tests can replace it.
var exchange = func(a, b string) error { return errNoExchange }
