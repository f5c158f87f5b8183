// Package judge holds the JSON Schema judges the differential tests share
// (conformance/constructs, conformance/corpus): santhosh-tekuri over a
// folder of generated schema files, and ajv in node over the bundles.
// Each gives a verdict per instance: "" for accepted, else why not.
package judge

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	jsv "github.com/santhosh-tekuri/jsonschema/v5"
)

// SchemaSet is one folder of generated JSON Schema files, each added to a
// santhosh-tekuri compiler (draft 2020-12, formats asserted) under its $id.
type SchemaSet struct {
	comp *jsv.Compiler
	ids  map[string]string // file name → $id
}

// Load reads every *.schema.json of folder into a SchemaSet, and those of
// its strict/ folder, to which the open set's match parts refer (named
// strict/<file> in the set).
func Load(folder string) (*SchemaSet, error) {
	s := &SchemaSet{comp: jsv.NewCompiler(), ids: map[string]string{}}
	s.comp.Draft = jsv.Draft2020
	s.comp.AssertFormat = true
	files, _ := filepath.Glob(filepath.Join(folder, "*.schema.json"))
	strict, _ := filepath.Glob(filepath.Join(folder, "strict", "*.schema.json"))
	for _, f := range append(files, strict...) {
		id, data, err := ReadID(f)
		if err != nil {
			return nil, err
		}
		if err := s.comp.AddResource(id, bytes.NewReader(data)); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		name := filepath.Base(f)
		if filepath.Base(filepath.Dir(f)) == "strict" && filepath.Dir(f) != filepath.Clean(folder) {
			name = "strict/" + name
		}
		s.ids[name] = id
	}
	return s, nil
}

// ID returns the $id of the set's file of that name.
func (s *SchemaSet) ID(file string) string { return s.ids[file] }

// Validate judges a JSON instance against the set's file of that name,
// numbers read as their text (santhosh-tekuri compares them exactly). The
// error is for a schema that does not compile.
func (s *SchemaSet) Validate(file string, data []byte) (string, error) {
	sch, err := s.comp.Compile(s.ids[file])
	if err != nil {
		return "", err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "not JSON", nil
	}
	if err := sch.Validate(v); err != nil {
		return strings.ReplaceAll(err.Error(), "\n", "; "), nil
	}
	return "", nil
}

// ReadID reads a schema file and its $id.
func ReadID(file string) (id string, data []byte, err error) {
	data, err = os.ReadFile(file)
	if err != nil {
		return "", nil, err
	}
	var head struct {
		ID string `json:"$id"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return "", nil, fmt.Errorf("%s: %v", file, err)
	}
	return head.ID, data, nil
}

// AjvJob is one instance for ajv: the file of it, and the schema, by $id,
// in a bundle.
type AjvJob struct {
	Key    string `json:"key"`
	Bundle string `json:"bundle"`
	ID     string `json:"id"`
	File   string `json:"file"`
}

// ErrNoNode is Ajv's error when node or the ajv package is missing.
var ErrNoNode = errors.New("node or conformance/ts/node_modules is missing (npm ci in conformance/ts)")

// TypeScript7 returns the TypeScript 7 compiler (the native port, which
// conformance/ts/package.json pins as the npm alias typescript7) under the
// node_modules folder of conformance/ts. The tests that compile a module
// per case (conformance/constructs, conformance/corpus, cmd/schemagen's
// mutants) run it: what `npm install typescript` gives a team today, and
// a fifth of 5.9's time on their 800,000 lines. TypeScript 5.9 (the
// package typescript) still compiles the app's programs, the consumer and
// every golden module of the TypeScript emitter, beside 7, in
// conformance/ts; docs/typescript.md says which runs where.
func TypeScript7(nodeModules string) string {
	return filepath.Join(nodeModules, "typescript7", "bin", "tsc")
}

// runNode writes jobs to specFile as JSON and runs script in node on it,
// with env added to the environment, returning what the script prints.
func runNode(script, specFile string, jobs any, env ...string) ([]byte, error) {
	if _, err := exec.LookPath("node"); err != nil {
		return nil, ErrNoNode
	}
	spec, err := json.Marshal(jobs)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(specFile, spec, 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command("node", script, specFile)
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("node %s: %v\n%s", filepath.Base(script), err, stderr.String())
	}
	return b, nil
}

// Ajv runs script (conformance/constructs/judge-ajv.cjs) in node with the
// packages of nodeModules over the jobs, written to specFile, and returns
// each job's verdict by its key.
func Ajv(nodeModules, script, specFile string, jobs []AjvJob) (map[string]string, error) {
	if _, err := os.Stat(filepath.Join(nodeModules, "ajv")); err != nil {
		return nil, ErrNoNode
	}
	b, err := runNode(script, specFile, jobs, "NODE_PATH="+nodeModules)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		i := strings.LastIndexByte(line, '\t') // a key may hold tabs; the verdict none
		if i < 0 {
			continue
		}
		key, why := line[:i], line[i+1:]
		if why == "ok" {
			why = ""
		}
		out[key] = why
	}
	return out, nil
}

// SplitStrict splits verdicts keyed "true<TAB>key" (the strict set's) or
// "false<TAB>key" (the open set's) into the two sets' verdicts by key.
func SplitStrict(verdicts map[string]string) (strictV, openV map[string]string) {
	strictV, openV = map[string]string{}, map[string]string{}
	for k, why := range verdicts {
		set, key, _ := strings.Cut(k, "\t")
		if set == "true" {
			strictV[key] = why
		} else {
			openV[key] = why
		}
	}
	return strictV, openV
}

// Accepts reports whether judge should accept an instance of class:
// valid ones every judge accepts, invalid ones none does. An open one
// carries a member the schema does not name, which CUE and the strict
// schemas refuse (the object is closed) and the Go decoder, the open
// schemas (santhosh-open, ajv-open) and TypeScript ignore (a newer writer
// may add optional members). A notcue one is a disagreement
// docs/jsonschema.md writes down, accepted by all but CUE; an onlyschema
// one the JSON Schema validators accept and CUE, Go and TypeScript refuse;
// an onlycue one a defect of CUE's evaluator that docs/jsonschema.md
// writes down, accepted by CUE alone; a notajv one a limit of ajv's
// float arithmetic (multipleOf of a decimal fraction on a large number)
// that docs/jsonschema.md writes down, accepted by all but ajv; an
// onlyajv one a defect of ajv's that docs/jsonschema.md writes down (a
// typed member named __proto__), accepted by ajv alone; a
// notstrict one an open instance that a defect of CUE's evaluator
// docs/jsonschema.md writes down accepts too (an unknown member of a
// struct CUE failed to close), refused by the strict schemas alone.
func Accepts(class, judge string) bool {
	switch class {
	case "valid":
		return true
	case "open":
		return judge == "go" || judge == "ts" || strings.HasSuffix(judge, "-open")
	case "notcue":
		return judge != "cue"
	case "onlyschema":
		return strings.HasPrefix(judge, "santhosh-") || strings.HasPrefix(judge, "ajv-")
	case "onlycue":
		return judge == "cue"
	case "notajv":
		return !strings.HasPrefix(judge, "ajv-")
	case "onlyajv":
		return strings.HasPrefix(judge, "ajv-")
	case "notstrict":
		return !strings.HasSuffix(judge, "-strict")
	}
	return false
}
