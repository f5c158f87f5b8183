// json-schema-to-typescript, as the app runs it, derives .ts types from the
// open schemas into .gen/types; app/fleet-app.ts uses them the way the app
// does and must pass `tsc --noEmit --strict`, and must fail when a pose is
// left out of POSE_ANIMATION or an edge kind out of its switch.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { SUFFIX, genDir, readJSON, schemaDir, schemaNames, tsDir } from './fleet.mjs';

const typesDir = path.join(genDir, 'types');
const tsc = path.join(tsDir, 'node_modules/typescript/bin/tsc');

/** The options the app derives its types with (see README). */
export const jsttOptions = {
  bannerComment: '// Derived from generated/jsonschema/fleet by json-schema-to-typescript. DO NOT EDIT.',
  // The open schemas accept unknown properties; the types still list only
  // the known ones.
  additionalProperties: false,
};

function runTsc(project) {
  const r = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit', '--strict'], { cwd: tsDir, encoding: 'utf8' });
  return { status: r.status, out: (r.stdout ?? '') + (r.stderr ?? '') };
}

before(async () => {
  fs.rmSync(typesDir, { recursive: true, force: true });
  fs.mkdirSync(typesDir, { recursive: true });
  for (const name of schemaNames()) {
    const schema = readJSON(path.join(schemaDir, name + SUFFIX));
    const ts = await compile(schema, schema.title, { ...jsttOptions, cwd: schemaDir });
    fs.writeFileSync(path.join(typesDir, name + '.ts'), ts);
  }
});

test('each definition becomes exactly one TypeScript type', () => {
  for (const name of schemaNames()) {
    const schema = readJSON(path.join(schemaDir, name + SUFFIX));
    const want = [schema.title, ...Object.keys(schema.$defs ?? {})].sort();
    const ts = fs.readFileSync(path.join(typesDir, name + '.ts'), 'utf8');
    const got = [...ts.matchAll(/^export (?:type|interface) (\w+)/gm)].map((m) => m[1]).sort();
    assert.deepEqual(got, want, `${name}.ts declares ${got.join(', ')}`);
  }
});

test('the enums and the union are literal types', () => {
  const snapshot = fs.readFileSync(path.join(typesDir, 'snapshot.ts'), 'utf8');
  assert.match(snapshot, /^export type Pose = "working" \| "thinking" \| "stuck" \| "hauling" \| "resting" \| "celebrate";$/m);
  assert.match(snapshot, /^export type EdgeKind = "spawn" \| "prompt" \| "reply";$/m);
  const ledger = fs.readFileSync(path.join(typesDir, 'ledger-row.ts'), 'utf8');
  assert.match(ledger, /^export type LedgerRow = PassedRow \| FailedRow \| PromptedRow \| ShippedRow;$/m);
  assert.match(ledger, /^ {2}kind: "passed";$/m);
});

test('tsc --strict accepts the app program', () => {
  const r = runTsc('tsconfig.json');
  assert.equal(r.status, 0, r.out);
});

// Each case removes lines from the program and names the error tsc must
// then give. The copy sits in .gen/, one level deep like app/, so its
// relative imports resolve unchanged.
const broken = [
  {
    name: 'without-celebrate',
    remove: /^ {2}celebrate: "confetti",\n/m,
    error: /error TS2741: Property 'celebrate' is missing in type .* but required in type 'Record<Pose, string>'/,
  },
  {
    name: 'without-reply',
    remove: /^ {4}case "reply":\n {6}return "wire-back";\n/m,
    error: /error TS2322: Type '"reply"' is not assignable to type 'never'/,
  },
];

for (const b of broken) {
  test(`tsc refuses the program ${b.name}`, () => {
    const src = fs.readFileSync(path.join(tsDir, 'app/fleet-app.ts'), 'utf8');
    assert.match(src, b.remove, 'the program no longer has the lines this case removes');
    const file = `fleet-app-${b.name}.ts`;
    fs.writeFileSync(path.join(genDir, file), src.replace(b.remove, ''));
    const project = path.join(genDir, `tsconfig.${b.name}.json`);
    fs.writeFileSync(project, JSON.stringify({ extends: '../tsconfig.json', include: [], files: [file] }));
    const r = runTsc(project);
    assert.notEqual(r.status, 0, 'tsc accepted it');
    assert.match(r.out, b.error);
  });
}
