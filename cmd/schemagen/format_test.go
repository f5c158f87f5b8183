package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/gen/model"
)

// TestGroupErrors: errors at one position that say one thing of several
// paths print once, naming how many more paths and the first three
// (Vector's documentation printed 20,186 lines from one position); an
// error alone at its position, one whose message names no path, and one
// of another reason at the same position print as they were, in the
// order of their first occurrence.
func TestGroupErrors(t *testing.T) {
	at := func(line int) model.Pos { return model.Pos{File: "a.cue", Line: line, Col: 2} }
	errs := model.ErrorList{
		{Pos: at(3), Msg: "#H[string].name: its value is computed from Name"},
		{Pos: at(1), Msg: "#A.x: alone"},
		{Pos: at(3), Msg: "m.c.sources[string].how.name: its value is computed from Name"},
		{Pos: at(3), Msg: "m.c.sources.amqp.how.context.name: its value is computed from Name"},
		{Pos: at(3), Msg: "m.c.sources.amqp.how.state.name: its value is computed from Name"},
		{Pos: at(3), Msg: "m.c.sources.apache.how.state.name: its value is computed from Name"},
		{Pos: at(3), Msg: "m.x: another reason"},
		{Pos: at(5), Msg: "package p is refused: it says so"},
		{Pos: at(5), Msg: "package p is refused: it says so"},
		{Pos: at(6), Msg: "#B.y: twice"},
		{Pos: at(6), Msg: "#C.y: twice"},
	}
	var got []string
	for _, e := range groupErrors(errs) {
		got = append(got, e.Error())
	}
	want := []string{
		"a.cue:3:2: #H[string].name: its value is computed from Name (the same at 4 more paths: m.c.sources[string].how.name, m.c.sources.amqp.how.context.name, m.c.sources.amqp.how.state.name, …)",
		"a.cue:1:2: #A.x: alone",
		"a.cue:3:2: m.x: another reason",
		"a.cue:5:2: package p is refused: it says so",
		"a.cue:5:2: package p is refused: it says so",
		"a.cue:6:2: #B.y: twice (the same at 1 more path: #C.y)",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("groupErrors (-want +got):\n%s", diff)
	}
	if errs[2].Msg != "m.c.sources[string].how.name: its value is computed from Name" || errs[0].Msg != "#H[string].name: its value is computed from Name" {
		t.Error("groupErrors changed the errors it was given")
	}
}

// TestSchemaErrorsOneALine: a message that prints a CUE value over lines
// (hof's Prompt: [...{\n\tName: string …}]) is one line of text, and one
// workflow command, as every problem is.
func TestSchemaErrorsOneALine(t *testing.T) {
	errs := model.ErrorList{{Pos: model.Pos{File: "a.cue", Line: 3, Col: 2}, Msg: "#A.p: it refers to q, here [...{\n\tName: string\n}]: not carried"}}
	for _, format := range []string{formatText, formatGitHub} {
		var out, errOut strings.Builder
		e := &env{stdout: &out, stderr: &errOut}
		e.printSchemaErrors(format, errs)
		got := out.String() + errOut.String()
		want := "a.cue:3:2: #A.p: it refers to q, here [...{ Name: string }]: not carried\n"
		if format == formatGitHub {
			want = "::error file=a.cue,line=3,col=2,title=schema error::#A.p: it refers to q, here [...{ Name: string }]: not carried\n"
		}
		if got != want {
			t.Errorf("%s: %q, want %q", format, got, want)
		}
	}
}
