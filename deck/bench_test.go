package deck

import (
	"hash/crc32"
	"math/rand/v2"
	"testing"

	layout "github.com/schemagen/schemagen/generated/go/deck"
	"github.com/schemagen/schemagen/internal/benchpair"
)

// The benchmarks load a 4 KB deck file and compare with the floor: plain
// crc32.ChecksumIEEE over the same bytes, which every load must compute.
// make bench runs BenchmarkLoadVsCRC, which pairs the two in one run
// (scripts/bench-deck.sh); the goal is 3x. The others report ns/op and
// allocations of each side alone.

func benchFiles(b *testing.B) (current, v5 []byte) {
	return layout.Encode(randomState(rand.New(rand.NewPCG(13, 14)))), v5Fixture(b)
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
		if _, err := layout.Load(cur, &st); err != nil {
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
		if _, err := layout.Load(v5, &st); err != nil {
			b.Fatal(err)
		}
	}
}

var crcSink uint32

// BenchmarkLoadVsCRC pairs layout.Load with its floor on the same file: the two
// run in alternating batches (internal/benchpair), and the result is the
// median of the per-round ratios layout.Load/CRC with their spread, which drift
// on a shared machine moves alike. Run it once: -benchtime 1x.
func BenchmarkLoadVsCRC(b *testing.B) {
	cur, v5 := benchFiles(b)
	for _, f := range []struct {
		name string
		file []byte
	}{{"current", cur}, {"v5", v5}} {
		b.Run(f.name, func(b *testing.B) {
			var st layout.DeckState
			load := func(n int) {
				for range n {
					if _, err := layout.Load(f.file, &st); err != nil {
						panic(err)
					}
				}
			}
			floor := func(n int) {
				for range n {
					crcSink ^= crc32.ChecksumIEEE(f.file)
				}
			}
			benchpair.Report(b, benchpair.Compare(load, floor, benchpair.Options{}), benchpair.AtMost(3))
		})
	}
}
