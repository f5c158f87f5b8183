package gen_test

import (
	"testing"

	"github.com/schemagen/schemagen/gen"
	"github.com/schemagen/schemagen/gen/model"
)

// BenchmarkLoad measures loading and resolving the project's schema.
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := model.Load("../"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGenerate measures the whole pipeline short of writing: load,
// resolve and every emitter.
func BenchmarkGenerate(b *testing.B) {
	for b.Loop() {
		if _, err := gen.Generate("../", gen.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
