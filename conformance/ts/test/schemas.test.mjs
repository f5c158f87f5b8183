// ajv, as the app runs it, against every generated schema and fixture. The
// Go test (conformance/schemafleet) checks the same fixtures against the
// same expect.json with santhosh-tekuri/jsonschema, so the two validators
// give the same verdict, for the same rule, on every fixture.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { SUFFIX, bundleFile, compileBundle, compileFiles, fixtures, fixtureDir, readJSON, schemaDir, schemaNames, strictBundleFile, strictDir } from './fleet.mjs';

const expect = readJSON(path.join(fixtureDir, 'expect.json'));

// The app's way: each bundle added once, a schema looked up by its $id
// (ajv strict mode: a strict-mode complaint throws). The same schemas
// loaded file by file must judge every fixture alike.
const open = compileBundle(bundleFile, ''), strict = compileBundle(strictBundleFile, 'strict/');
const openFiles = compileFiles(schemaDir, ''), strictFiles = compileFiles(strictDir, 'strict/');
const sets = new Map();
for (const name of schemaNames()) {
  sets.set(name, { open: open.get(name), strict: strict.get(name) });
}

test('the bundles and the files judge every fixture alike', () => {
  for (const kind of ['valid', 'invalid']) {
    for (const fx of fixtures(kind)) {
      assert.equal(open.get(fx.schema)(fx.data), openFiles.get(fx.schema)(fx.data), `${fx.name}: open bundle and files differ`);
      assert.equal(strict.get(fx.schema)(fx.data), strictFiles.get(fx.schema)(fx.data), `${fx.name}: strict bundle and files differ`);
    }
  }
});

/**
 * ajv's errors reduced to what santhosh-tekuri says the same way: the JSON
 * pointer of the value refused, the keyword, and for required the missing
 * property. ajv names an unevaluated property on its object; it is moved
 * onto the property, where the Go validator puts it.
 */
function failures(errors) {
  return (errors ?? []).map((e) => {
    switch (e.keyword) {
      case 'false schema':
        return { at: e.instancePath, keyword: 'false' };
      case 'unevaluatedProperties':
      case 'additionalProperties': {
        const p = e.params.unevaluatedProperty ?? e.params.additionalProperty;
        return { at: `${e.instancePath}/${p.replaceAll('~', '~0').replaceAll('/', '~1')}`, keyword: e.keyword };
      }
      case 'required':
        return { at: e.instancePath, keyword: 'required', missing: e.params.missingProperty };
      default:
        return { at: e.instancePath, keyword: e.keyword };
    }
  });
}

function wantFailure(w) {
  return w.missing ? { at: w.at, keyword: w.keyword, missing: w.missing } : { at: w.at, keyword: w.keyword };
}

test('every schema compiles in ajv strict mode, open and strict', () => {
  assert.ok(sets.size >= 7, `only ${sets.size} schemas`);
  for (const name of ['snapshot', 'seat', 'stance', 'edge', 'tally', 'ledger-row', 'replay-event']) {
    assert.ok(sets.has(name), `no ${name}${SUFFIX}`);
  }
});

test('valid fixtures pass the open and the strict set', async (t) => {
  for (const fx of fixtures('valid')) {
    await t.test(fx.name, () => {
      const set = sets.get(fx.schema);
      assert.ok(set, `no schema ${fx.schema}`);
      assert.ok(set.open(fx.data), `open: ${JSON.stringify(set.open.errors)}`);
      assert.ok(set.strict(fx.data), `strict: ${JSON.stringify(set.strict.errors)}`);
    });
  }
});

test('invalid fixtures fail for their rule (only strict refuses an unknown property)', async (t) => {
  const seen = new Set();
  for (const fx of fixtures('invalid')) {
    seen.add(fx.name);
    await t.test(fx.name, () => {
      const w = expect.invalid[fx.name];
      assert.ok(w, `${fx.file} has no entry in expect.json`);
      const set = sets.get(fx.schema);
      const want = wantFailure(w);
      for (const [which, validate] of [['open', set.open], ['strict', set.strict]]) {
        const ok = validate(fx.data);
        if (which === 'open' && w.strictOnly) {
          assert.ok(ok, `open set refuses an unknown property: ${JSON.stringify(validate.errors)}`);
          continue;
        }
        assert.equal(ok, false, `${which} set accepts it`);
        const got = failures(validate.errors);
        assert.ok(
          got.some((f) => f.at === want.at && f.keyword === want.keyword && (f.missing ?? undefined) === want.missing),
          `${which} set refuses it, but not for its rule: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`,
        );
      }
    });
  }
  for (const name of Object.keys(expect.invalid)) {
    assert.ok(seen.has(name), `expect.json names ${name}, which is not an invalid fixture`);
  }
});

test('the note pattern is read with unicode semantics', () => {
  // ajv compiles pattern with the "u" flag, as Go's regexp reads a rune: a
  // C1 control is refused and an astral character is one character.
  const stance = sets.get('stance').open;
  const base = { pose: 'working', statedAt: '2026-09-06T10:00:00Z', expiresAt: '2026-09-06T10:15:00Z' };
  assert.equal(stance({ ...base, note: 'a\u0085b' }), false);
  assert.equal(stance({ ...base, note: '\u{1F680}'.repeat(280) }), true);
  assert.equal(stance({ ...base, note: '\u{1F680}'.repeat(281) }), false);
});
