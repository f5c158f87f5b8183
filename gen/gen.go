// Package gen turns the CUE schema into the complete generated tree: it
// loads schema/ once into the resolved model, runs every emitter over it,
// builds the compatibility lock, and returns the files as one set or hands
// them over as each emitter makes them (EmitTo). It never writes;
// cmd/schemagen does.
//
// Data flows one way: schema/ → model → emitters → generated/.
package gen

import (
	"fmt"
	"runtime"
	"slices"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/schemagen/schemagen/gen/clayout"
	"github.com/schemagen/schemagen/gen/cuesrc"
	"github.com/schemagen/schemagen/gen/golayout"
	"github.com/schemagen/schemagen/gen/gotypes"
	"github.com/schemagen/schemagen/gen/jsonschema"
	"github.com/schemagen/schemagen/gen/layoutdoc"
	"github.com/schemagen/schemagen/gen/lock"
	"github.com/schemagen/schemagen/gen/model"
	"github.com/schemagen/schemagen/gen/output"
	"github.com/schemagen/schemagen/gen/tstypes"
	"github.com/schemagen/schemagen/gen/wiredoc"
)

// Emitter is one target: a pure function from the model to files under
// generated/. Stream, when set, is Generate handing each file on as it is
// made (an emitter of many files: EmitTo then holds none of them).
type Emitter struct {
	Name     string
	Generate func(*model.Schema) ([]output.File, error)
	Stream   func(*model.Schema, func(...output.File) error) error
}

// Emitters are every target schemagen writes, in a fixed order. The lock
// is not among them: it also depends on the baseline (see Generate).
var Emitters = []Emitter{
	{Name: "go", Generate: gotypes.Generate},
	{Name: "jsonschema", Generate: jsonschema.Generate, Stream: jsonschema.Stream},
	{Name: "ts", Generate: tstypes.Generate},
	{Name: "go layout", Generate: golayout.Generate},
	{Name: "c", Generate: clayout.Generate},
	{Name: "layout doc", Generate: layoutdoc.Generate},
	{Name: "wire doc", Generate: wiredoc.Generate},
}

// Options are the inputs of a run besides the schema.
type Options struct {
	// Baseline is the lock file generated/ holds now (its bytes), or nil
	// if there is none. The new lock is compared with it and carries its
	// history forward; a file that cannot be read as a lock is a
	// *BaselineError.
	Baseline []byte
	// AcceptBreaking, when set, records the breaking findings against the
	// baseline in the new lock's history with this reason.
	AcceptBreaking string
}

// Result is everything a run produces.
type Result struct {
	Files    output.Set
	Findings []lock.Finding // the schema against opt.Baseline
}

// Generate loads the schema under root, runs every emitter over it and
// builds the lock. Errors about the schema are a model.ErrorList or a
// *model.Error. It decides nothing about findings: the caller refuses a
// breaking change that was not accepted.
func Generate(root string, opt Options) (*Result, error) {
	s, err := model.LoadWith(root, model.LoadOptions{Also: Refusals})
	if err != nil {
		return nil, err
	}
	return Emit(s, opt)
}

// Emit runs every emitter over an already resolved schema and builds the lock.
func Emit(s *model.Schema, opt Options) (*Result, error) {
	var mu sync.Mutex
	var all []output.File
	findings, err := EmitTo(s, opt, func(files ...output.File) error {
		mu.Lock()
		defer mu.Unlock()
		all = append(all, files...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	set, err := output.NewSet(all)
	if err != nil {
		return nil, err
	}
	return &Result{Files: set, Findings: findings}, nil
}

// EmitTo is Emit handing each emitter's files to add as soon as the
// emitter has made them, and the lock's last, keeping none, so that a run
// holds the renderings of the emitters still at work rather than all of
// them (generate streams them into the next tree: output.Stream). add is
// called from several goroutines at once, in no fixed order; an error it
// returns is EmitTo's. The findings are the schema against opt.Baseline.
func EmitTo(s *model.Schema, opt Options, add func(...output.File) error) ([]lock.Finding, error) {
	refused, err := runEmitters(s, add, false)
	if err != nil {
		return nil, err
	}
	if len(refused) > 0 {
		return nil, refused
	}
	cur := lock.FromModel(s)
	var findings []lock.Finding
	var same []byte // the baseline file, when it is cur's lock already
	if opt.Baseline != nil {
		base, unchanged, file, err := lock.Reread(opt.Baseline, cur)
		if err != nil {
			return nil, &BaselineError{err}
		}
		if !unchanged {
			findings = lock.Compare(base, cur)
		}
		cur.History, same = base.History, file
	}
	if opt.AcceptBreaking != "" {
		acc := &lock.Acceptance{Reason: opt.AcceptBreaking}
		for _, f := range findings {
			if f.Severity == lock.Breaking {
				acc.Findings = append(acc.Findings, f.Key())
			}
		}
		if len(acc.Findings) > 0 {
			cur.History = append(cur.History, acc)
		}
	}
	// The baseline file, when it is the lock already (nothing compared,
	// nothing accepted), is written as it is.
	file := output.File{Path: lock.Path, Data: same}
	if same == nil {
		file = cur.File()
	}
	if err := add(file); err != nil {
		return nil, err
	}
	return findings, nil
}

// Refusals are the emitters' refusals of s, a schema the model refused
// something of, read as far as it resolved (model.LoadOptions.Also): every
// emitter runs over it and its files are dropped, so that a run reports
// the emitters' refusals (a Go type= the Go types cannot honour, two
// TypeScript names alike, two Go files of one name) with the model's, not
// once those are fixed. What s lacks is what the model refused, so an
// emitter refuses of it only what it would refuse of the whole schema.
// An emitter that fails otherwise on what is only part of a schema (an
// internal error, or a panic over a part the model left out) adds
// nothing: the run fails on the model's refusals all the same.
func Refusals(s *model.Schema) model.ErrorList {
	refused, _ := runEmitters(s, func(...output.File) error { return nil }, true)
	return refused
}

// runEmitters runs every emitter over s, handing add their files, and
// returns their refusals of the schema, every one, sorted by position,
// whichever emitter finishes first; err is an emitter's other failure, or
// add's. When partial is set, s is only part of a schema (Refusals): an
// emitter's other failure, or its panic, is dropped.
func runEmitters(s *model.Schema, add func(...output.File) error, partial bool) (model.ErrorList, error) {
	// Emitters are pure and independent: run them side by side, as many
	// at a time as the process has CPUs to run them: more at once would
	// not finish sooner, and would hold more renderings at once.
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	// Each emitter's refusals of the schema, by emitter.
	refused := make([]model.ErrorList, len(Emitters))
	for i, e := range Emitters {
		g.Go(func() (err error) {
			if partial {
				defer func() { recover() }() // nothing of it is kept: refused[i] is set last
			}
			if e.Stream != nil {
				err = e.Stream(s, add)
			} else {
				var files []output.File
				if files, err = e.Generate(s); err == nil {
					return add(files...)
				}
			}
			if l, ok := cuesrc.AsList(err); ok {
				refused[i] = l // about the schema, at its position: the emitter's name would only hide it
				return nil
			}
			if err != nil && !partial {
				return fmt.Errorf("%s emitter: %w", e.Name, err)
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if all := slices.Concat(refused...); len(all) > 0 {
		return all.Sorted(), nil // sorted, a refusal two emitters make once
	}
	return nil, nil
}

// BaselineError is a lock file of generated/ (Options.Baseline) that
// cannot be read as a lock: the fault of the file, not of the schema.
type BaselineError struct{ Err error }

// Error is the error reading the lock, which names the file.
func (e *BaselineError) Error() string { return e.Err.Error() }

// Unwrap is the error reading the lock.
func (e *BaselineError) Unwrap() error { return e.Err }
