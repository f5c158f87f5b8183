package deck

import (
	"hash/crc32"
	"math/rand/v2"
	"testing"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// The benchmarks load a 4 KB deck file and compare with the floor: plain
// crc32.ChecksumIEEE over the same bytes, which every load must compute.
// make bench prints the ratios (scripts/bench-deck.sh); the goal is 3x.

func benchFiles(b *testing.B) (current, v5 []byte) {
	return Encode(randomState(rand.New(rand.NewPCG(13, 14)))), v5Fixture(b)
}

// BenchmarkCRCFloor is the CRC-32 of each file: the least a load can do.
func BenchmarkCRCFloor(b *testing.B) {
	cur, v5 := benchFiles(b)
	for _, f := range []struct {
		name string
		file []byte
	}{{"current", cur}, {"v5", v5}} {
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(int64(len(f.file)))
			for b.Loop() {
				crc32.ChecksumIEEE(f.file)
			}
		})
	}
}

// BenchmarkLoadVerify loads a current file: parse, CRC, decode.
func BenchmarkLoadVerify(b *testing.B) {
	cur, _ := benchFiles(b)
	b.SetBytes(int64(len(cur)))
	var st layout.DeckState
	for b.Loop() {
		if _, err := Load(cur, &st); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadMigrate loads a v5 file: parse, CRC, migrate, decode.
func BenchmarkLoadMigrate(b *testing.B) {
	_, v5 := benchFiles(b)
	b.SetBytes(int64(len(v5)))
	var st layout.DeckState
	for b.Loop() {
		if _, err := Load(v5, &st); err != nil {
			b.Fatal(err)
		}
	}
}
