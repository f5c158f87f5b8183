package gofleet_test

import (
	"encoding/json"
	"testing"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

var ledgerLine = []byte(`{"kind":"prompted","seatId":"t-0042","at":"2026-09-06T10:00:00.123+02:00","fromSeatId":"t-0007"}`)

// BenchmarkUnmarshalLedgerRow measures decoding one seat-ledger line, the
// hot path of rebuilding tallies at start.
func BenchmarkUnmarshalLedgerRow(b *testing.B) {
	b.SetBytes(int64(len(ledgerLine)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := fleet.UnmarshalLedgerRow(ledgerLine); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStdlibStruct is the floor: encoding/json into a plain struct with
// the same fields, no exactness checks.
func BenchmarkStdlibStruct(b *testing.B) {
	var v struct {
		Kind       string `json:"kind"`
		SeatID     string `json:"seatId"`
		At         string `json:"at"`
		FromSeatID string `json:"fromSeatId"`
	}
	b.SetBytes(int64(len(ledgerLine)))
	b.ReportAllocs()
	for b.Loop() {
		if err := json.Unmarshal(ledgerLine, &v); err != nil {
			b.Fatal(err)
		}
	}
}
