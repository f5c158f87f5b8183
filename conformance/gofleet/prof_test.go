package gofleet_test

import (
	"testing"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

func BenchmarkDecodeOurs(b *testing.B) {
	data, _ := bigSnapshot().AppendJSON(nil)
	b.ReportAllocs()
	for b.Loop() {
		var s fleet.Snapshot
		if err := s.UnmarshalJSON(data); err != nil {
			b.Fatal(err)
		}
	}
}
