package ledger_test

import (
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/runtime/ledger"
)

// BenchmarkAppend is the cost of durable rows (make bench): Append with
// its fsync, by one writer and by 16 at once (group commit), beside the
// same without fsync (Options.NoSync, what Append did before rows were
// made durable). rows/s is the figure; b.N rows in all.
func BenchmarkAppend(b *testing.B) {
	for _, noSync := range []bool{false, true} {
		for _, writers := range []int{1, 16} {
			name := fmt.Sprintf("fsync/writers=%d", writers)
			if noSync {
				name = fmt.Sprintf("nosync/writers=%d", writers)
			}
			b.Run(name, func(b *testing.B) {
				path := filepath.Join(b.TempDir(), "seat-ledger.jsonl")
				l, err := ledger.OpenWith(path, ledger.Options{NoSync: noSync}, func(*ledger.Row) error { return nil }, nil)
				if err != nil {
					b.Fatal(err)
				}
				defer l.Close()
				row := &fleet.PassedRow{SeatID: "seat-01", At: t0}
				b.ResetTimer()
				var wg sync.WaitGroup
				per := (b.N + writers - 1) / writers
				for range writers {
					wg.Go(func() {
						for range per {
							if err := l.Append(row); err != nil {
								b.Error(err)
								return
							}
						}
					})
				}
				wg.Wait()
				b.ReportMetric(float64(per*writers)/b.Elapsed().Seconds(), "rows/s")
			})
		}
	}
}
