// The differential of issue 24: for every fixture and for a bounded number
// of fuzzed documents (seeded, so every run judges the same ones), three
// judges must agree:
//
//   - the generated TypeScript (generated/ts/fleet.ts): parseX on the text;
//   - ajv on the strict bundle and on the open bundle, after JSON.parse;
//   - the generated Go types (conformance/gojudge): UnmarshalJSON, Validate.
//
// TypeScript and Go: the same verdict always; where Go's decoder stops, a
// TypeScript problem at the same path; where Validate reports, the same
// problems (path and rule); where both accept, writeX writes exactly the
// bytes Go's AppendJSON writes. ajv: the same verdict, except where
// JSON.parse loses what the text said (a member given twice, a number a
// float does not hold exactly, nesting past the Go decoder's bound), where
// the strict bundle refuses only an
// unknown member, and the same JSON Pointer for each TypeScript problem.
//
// SCHEMAGEN_TS_FUZZ_N (default 2000) and SCHEMAGEN_TS_FUZZ_SEED (default 24)
// choose the fuzzed documents.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { bundleFile, compileBundle, fixtureTexts, loadGenerated, repo, strictBundleFile, typeNames } from './fleet.mjs';
import { fuzzCorpus } from './fuzz.mjs';

const N = Number(process.env.SCHEMAGEN_TS_FUZZ_N ?? 2000);
const SEED = Number(process.env.SCHEMAGEN_TS_FUZZ_SEED ?? 24);

let gen, corpus, goVerdicts;
const names = typeNames();
const open = compileBundle(bundleFile, '');
const strict = compileBundle(strictBundleFile, 'strict/');

before(async () => {
  gen = await loadGenerated();
  const valid = fixtureTexts('valid'), invalid = fixtureTexts('invalid');
  corpus = [...valid, ...invalid, ...edgeCases(), ...fuzzCorpus(valid, N, SEED)];
  const input = corpus.map((c) => JSON.stringify({ schema: c.schema, doc: c.text })).join('\n') + '\n';
  const r = spawnSync('go', ['run', './conformance/gojudge'], { cwd: repo, input, encoding: 'utf8', maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, `gojudge: ${r.stderr}`);
  goVerdicts = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(goVerdicts.length, corpus.length);
});

/**
 * Documents at the edges no mutation reaches: nesting at the Go decoder's
 * bound (10000 arrays and objects deep) and one past it, in an unknown
 * member, read by JSON.parse's path and by the scanner's (an escaped
 * quote sends it there).
 */
function edgeCases() {
  const head = '{"cursor":0,"at":"2026-09-06T10:00:00Z","seats":[],"x":';
  const out = [];
  for (const n of [9999, 10000]) {
    for (const [kind, open, close] of [['arrays', '[', ']'], ['objects', '{"a":', '}']]) {
      for (const leaf of ['1', '"\\""']) {
        out.push({ schema: 'snapshot', name: `edge/nested-${n}-${kind}-${leaf}`, text: head + open.repeat(n) + leaf + close.repeat(n) + '}' });
      }
    }
  }
  return out;
}

/** What the TypeScript parse function makes of a document. */
function tsJudge(schema, text) {
  const type = names.get(schema);
  try {
    const value = gen[`parse${type}`](text);
    return { ok: true, value, written: gen[`write${type}`](value), problems: [] };
  } catch (e) {
    if (!(e instanceof gen.ParseError)) throw e;
    assert.ok(e.problems.length > 0, 'a ParseError with no problem');
    return { ok: false, problems: e.problems };
  }
}

/** ajv's errors as JSON Pointers, a required property's on the property. */
function ajvPointers(errors) {
  return new Set((errors ?? []).map((e) => (e.keyword === 'required' ? `${e.instancePath}/${e.params.missingProperty}` : e.instancePath)));
}

const unknownMember = (e) => e.keyword === 'unevaluatedProperties' || e.keyword === 'additionalProperties';

/** Whether JSON.parse loses what the TypeScript parser saw in the text. */
function lossy(problems) {
  return problems.some((p) => p.rule === 'duplicate' || (p.rule === 'type' && p.message.includes('decided from its text')) || p.message.includes('int64'));
}

test('every document: TypeScript, ajv and Go give the same verdict, at the same paths', () => {
  const counts = { docs: corpus.length, valid: 0, goDecode: 0, goValidate: 0, lossy: 0, strictOnly: 0, syntax: 0 };
  const failures = [];
  corpus.forEach((c, i) => {
    const go = goVerdicts[i];
    const ts = tsJudge(c.schema, c.text);
    const fail = (why) => failures.push(`${c.name}: ${why}\n    doc: ${c.text.slice(0, 400)}\n    ts: ${JSON.stringify(ts.problems).slice(0, 600)}\n    go: ${JSON.stringify(go).slice(0, 600)}`);
    if (ts.ok !== go.ok) return fail(`TypeScript says ok=${ts.ok}, Go ok=${go.ok}`);
    if (go.ok) {
      counts.valid++;
      if (ts.written !== go.encoded) fail(`written differently:\n    ts: ${ts.written}\n    go: ${go.encoded}`);
    } else if (ts.problems[0].rule === 'syntax' || go.decode?.rule === 'syntax') {
      // Not JSON. The Go decoder reads as it goes and may stop first at
      // a wrong value before the break; TypeScript reads the text first.
      if (!go.decode || ts.problems[0].rule !== 'syntax') fail('not JSON to one of them only');
    } else if (go.decode) {
      counts.goDecode++;
      const want = go.decode;
      const rules = want.rule === 'range' ? ['minimum', 'maximum'] : [want.rule];
      // A member given twice: Go stops at a problem of the first
      // value, perhaps inside it; TypeScript (as JSON.parse) keeps the last.
      const within = (p) => p.path === want.path || want.path.startsWith(p.path + '.') || want.path.startsWith(p.path + '[');
      if (!ts.problems.some((p) => (p.path === want.path && rules.includes(p.rule)) || (p.rule === 'duplicate' && within(p)))) fail(`Go's decoder stops at ${want.path} (${want.rule}); TypeScript has no such problem`);
    } else {
      counts.goValidate++;
      const key = (p) => `${p.path} ${p.rule}`;
      const got = ts.problems.map(key).sort(), want = go.problems.map(key).sort();
      if (JSON.stringify(got) !== JSON.stringify(want)) fail(`Validate's problems differ:\n    ts: ${got.join('; ')}\n    go: ${want.join('; ')}`);
    }
    // ajv, on what JSON.parse makes of the text.
    let value;
    try {
      value = JSON.parse(c.text);
    } catch {
      counts.syntax++;
      if (ts.ok || ts.problems[0].rule !== 'syntax') fail('JSON.parse refuses the text; TypeScript does not call it a syntax error');
      return;
    }
    // Nesting past the Go decoder's bound JSON.parse reads (up to its own stack).
    if (ts.problems[0]?.message === 'nested too deeply') {
      counts.lossy++;
      return;
    }
    if (ts.problems[0]?.rule === 'syntax') return fail(`TypeScript calls it a syntax error; JSON.parse reads it`);
    if (lossy(ts.problems)) {
      counts.lossy++;
      return;
    }
    const o = open.get(c.schema), s = strict.get(c.schema);
    const openOK = o(value), strictOK = s(value);
    if (openOK !== ts.ok) return fail(`ajv (open bundle) says ${openOK}: ${JSON.stringify(o.errors).slice(0, 400)}`);
    if (strictOK !== ts.ok) {
      if (ts.ok && s.errors.some(unknownMember)) counts.strictOnly++;
      else return fail(`ajv (strict bundle) says ${strictOK}: ${JSON.stringify(s.errors).slice(0, 400)}`);
    }
    if (!ts.ok) {
      const at = ajvPointers(o.errors);
      for (const p of ts.problems) {
        if (!at.has(p.pointer)) fail(`TypeScript's problem at ${p.pointer} (${p.rule}) is not among ajv's: ${[...at].join(', ')}`);
      }
    }
  });
  console.log(`differential: ${JSON.stringify(counts)}`);
  assert.equal(failures.length, 0, `${failures.length} disagreements:\n${failures.slice(0, 15).join('\n')}`);
  assert.ok(counts.valid > 100 && counts.goDecode > 100 && counts.goValidate > 100, `the corpus exercises too little: ${JSON.stringify(counts)}`);
});
