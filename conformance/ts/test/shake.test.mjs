// The generated module is tree-shakable: a bundler (esbuild, as an app's
// build would run it) keeps what the program imports and drops the rest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import esbuild from 'esbuild';
import { genDir } from './fleet.mjs';

function bundle(imports, use) {
  fs.mkdirSync(genDir, { recursive: true });
  // In .gen/, one level deep like consumer/, so the import resolves the same.
  const entry = path.join(genDir, `shake-${imports.join('-')}.ts`);
  fs.writeFileSync(entry, `import { ${imports.join(', ')} } from "../../../generated/ts/fleet.ts";\nconsole.log(${use});\n`);
  const r = esbuild.buildSync({ entryPoints: [entry], bundle: true, write: false, format: 'esm', treeShaking: true, logLevel: 'silent' });
  return r.outputFiles[0].text;
}

test('an enum guard alone bundles to the guard', () => {
  const out = bundle(['isPose'], 'isPose("working")');
  assert.match(out, /function isPose/);
  assert.doesNotMatch(out, /function _|class |RegExp/, out);
});

test('a guard bundles without the scanner and the writer; a parse without the writer', () => {
  const guard = bundle(['isSnapshot'], 'isSnapshot({})');
  assert.match(guard, /function _v_Snapshot/);
  assert.doesNotMatch(guard, /function _value|function _string|function _str\b|function _w_|function _v_LedgerRow|function _v_CensusEvent/);
  const parse = bundle(['parseLedgerRow'], 'parseLedgerRow("{}")');
  assert.match(parse, /function _value/);
  assert.doesNotMatch(parse, /function _str\b|function _w_|function _v_Snapshot|function _v_CensusEvent/);
  const whole = bundle(['parseSnapshot', 'writeSnapshot'], 'writeSnapshot(parseSnapshot("{}"))');
  assert.match(whole, /function _w_Snapshot/);
  assert.ok(guard.length < whole.length && parse.length < whole.length);
});
