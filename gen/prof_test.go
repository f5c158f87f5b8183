package gen_test

import (
	"testing"

	"github.com/schemagen/schemagen/gen"
	"github.com/schemagen/schemagen/gen/model"
)

func BenchmarkFleetOnly(b *testing.B) {
	for b.Loop() {
		s, err := model.Load("/tmp/syn1000")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := gen.Emit(s, gen.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
func BenchmarkFleetLoad(b *testing.B) {
	for b.Loop() {
		_, err := model.Load("/tmp/syn1000")
		if err != nil {
			b.Fatal(err)
		}
	}
}
