// The app's TypeScript types, two ways: generated/ts/fleet.ts, which
// schemagen emits, and json-schema-to-typescript run on the open schemas
// into .gen/types, as an app may still derive them. app/fleet-app.ts uses
// them the way the app does and must pass `tsc --noEmit --strict` under
// both, and must fail under both when a pose is left out of POSE_ANIMATION,
// an edge kind out of its switch, or a spawn edge given a conversationId.
// Every tsc check here runs under TypeScript 5.9 and 7 (the native port,
// what `npm install typescript` gives today), both pinned in package.json.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { SUFFIX, genDir, readJSON, repo, schemaDir, schemaNames, tsDir } from './fleet.mjs';

const typesDir = path.join(genDir, 'types');
const emitted = path.join(repo, 'generated/ts/fleet.ts');
/** The two compilers every check runs under. */
const compilers = [
  { name: 'TypeScript 5.9', tsc: path.join(tsDir, 'node_modules/typescript/bin/tsc') },
  { name: 'TypeScript 7', tsc: path.join(tsDir, 'node_modules/typescript7/bin/tsc') },
];

/** The options the app derives its types with (see README). */
export const jsttOptions = {
  bannerComment: '// Derived from generated/jsonschema/fleet by json-schema-to-typescript. DO NOT EDIT.',
  // The open schemas accept unknown properties; the types still list only
  // the known ones.
  additionalProperties: false,
};

/** Runs tsc of compiler c on a project; the output says which compiler. */
function runTsc(c, project) {
  const r = spawnSync(process.execPath, [c.tsc, '-p', project, '--noEmit', '--strict'], { cwd: tsDir, encoding: 'utf8' });
  return { status: r.status, out: `${c.name}: ` + (r.stdout ?? '') + (r.stderr ?? '') };
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

test('each file declares its definition and what it reaches', () => {
  // json2ts follows a reference to a sibling file into it, so a file's
  // types include the sibling's; a definition reached twice gets a second,
  // numbered name (Timestamp1), which it declares as the same type.
  for (const name of schemaNames()) {
    const schema = readJSON(path.join(schemaDir, name + SUFFIX));
    const ts = fs.readFileSync(path.join(typesDir, name + '.ts'), 'utf8');
    const got = new Set([...ts.matchAll(/^export (?:type|interface) (\w+?)\d*\b/gm)].map((m) => m[1]));
    for (const want of [schema.title, ...Object.keys(schema.$defs ?? {})]) {
      assert.ok(got.has(want), `${name}.ts does not declare ${want}`);
    }
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

test('the emitted types have literal unions, member arrays, discriminated unions and no index signature', () => {
  const ts = fs.readFileSync(emitted, 'utf8');
  assert.match(ts, /^export type Pose = "working" \| "thinking" \| "stuck" \| "hauling" \| "resting" \| "celebrate";$/m);
  assert.match(ts, /^export const POSES: readonly Pose\[\] = \["working", "thinking", "stuck", "hauling", "resting", "celebrate"\];$/m);
  assert.match(ts, /^export const EDGE_KINDS: readonly EdgeKind\[\] = \["spawn", "prompt", "reply"\];$/m);
  assert.match(ts, /^export type LedgerRow = PassedRow \| FailedRow \| PromptedRow \| ShippedRow;$/m);
  assert.match(ts, /^ {2}\| \{ kind: "spawn"; conversationId\?: never; entryId\?: never \}$/m);
  assert.doesNotMatch(ts, /\[k: string\]|\[key: string\]/);
  // ?: only on optional fields: the required ones of Seat have none.
  assert.match(ts, /^ {2}seatId: SeatID;$/m);
  assert.match(ts, /^ {2}cwd\?: string;$/m);
});

// The app program under each flavour of types.
const flavours = [
  { name: 'emitted', project: 'tsconfig.json' },
  { name: 'json2ts', project: 'tsconfig.json2ts.json' },
];

for (const c of compilers) {
  for (const f of flavours) {
    test(`tsc --strict accepts the app program (${f.name} types, ${c.name})`, () => {
      const r = runTsc(c, f.project);
      assert.equal(r.status, 0, r.out);
    });
  }
}

// Each case edits the program and names the error tsc must then give,
// under both flavours of types. The copy sits in .gen/, one level deep like
// app/, so its relative imports resolve unchanged.
const broken = [
  {
    name: 'without-celebrate',
    find: /^ {2}celebrate: "confetti",\n/m,
    replace: '',
    error: /error TS2741: Property 'celebrate' is missing in type .* but required in type 'Record<Pose, string>'/,
  },
  {
    name: 'without-reply',
    find: /^ {4}case "reply":\n {6}return "wire-back";\n/m,
    replace: '',
    error: /error TS2322: Type '"reply"' is not assignable to type 'never'/,
  },
  {
    name: 'spawn-with-conversation-id',
    find: /toSeatId: "t2", at: "2026-09-06T10:00:00Z" \};/,
    replace: 'toSeatId: "t2", at: "2026-09-06T10:00:00Z", conversationId: "c1" };',
    error: /error TS2322: Type '\{ kind: "spawn";[^']*conversationId: string; \}' is not assignable to type 'Edge'/,
  },
];

for (const f of flavours) {
  for (const b of broken) {
    const file = `fleet-app-${b.name}-${f.name}.ts`;
    const project = path.join(genDir, `tsconfig.${b.name}.${f.name}.json`);
    for (const c of compilers) {
      test(`tsc refuses the program ${b.name} (${f.name} types, ${c.name})`, () => {
        const src = fs.readFileSync(path.join(tsDir, 'app/fleet-app.ts'), 'utf8');
        assert.match(src, b.find, 'the program no longer has the lines this case edits');
        fs.writeFileSync(path.join(genDir, file), src.replace(b.find, b.replace));
        fs.writeFileSync(project, JSON.stringify({ extends: `../${f.project}`, include: [], files: [file] }));
        const r = runTsc(c, project);
        assert.notEqual(r.status, 0, `${c.name} accepted it`);
        assert.match(r.out, b.error);
      });
    }
  }
}

// The consumer of the generated validation: generated/ts/fleet.ts alone,
// under strict and every stricter flag an app may set.
for (const c of compilers) {
  test(`tsc accepts the consumer of the generated parse functions (strict and stricter, ${c.name})`, () => {
    const r = runTsc(c, 'tsconfig.consumer.json');
    assert.equal(r.status, 0, r.out);
  });
}

// A wrong join no longer compiles: the parse function of one type does not
// give another (with ajv the Seat validator cast to ValidateFunction<Snapshot>
// compiled).
for (const c of compilers) {
  test(`tsc refuses a parse function joined to the wrong type (${c.name})`, () => {
    const src = fs.readFileSync(path.join(tsDir, 'consumer/snapshot.ts'), 'utf8');
    const find = /return parseSnapshot\(body\);/;
    assert.match(src, find);
    // In .gen/, one level deep like consumer/, so its import resolves unchanged.
    fs.writeFileSync(path.join(genDir, 'consumer-wrong-join.ts'), src.replace(find, 'return parseLedgerRow(body);'));
    const project = path.join(genDir, 'tsconfig.consumer-wrong-join.json');
    fs.writeFileSync(project, JSON.stringify({ extends: '../tsconfig.consumer.json', include: [], files: ['consumer-wrong-join.ts'] }));
    const r = runTsc(c, project);
    assert.notEqual(r.status, 0, `${c.name} accepted it`);
    // TypeScript 7 writes a union's members in another order.
    assert.match(r.out, /error TS2322: Type 'LedgerRow' is not assignable to type '(Snapshot \| readonly Problem\[\]|readonly Problem\[\] \| Snapshot)'/);
  });
}

// Every module the TypeScript emitter's golden tests hold (odd names, every
// kind of definition; gen/tstypes/testdata) compiles under strict and the
// stricter flags, as generated/ts/fleet.ts does.
for (const c of compilers) {
  test(`tsc accepts every golden module of the TypeScript emitter (${c.name})`, () => {
    const dir = path.join(repo, 'gen/tstypes/testdata');
    const out = path.join(genDir, 'golden');
    fs.rmSync(out, { recursive: true, force: true });
    const files = [];
    for (const archive of fs.readdirSync(dir).filter((f) => f.endsWith('.txtar'))) {
      const parts = fs.readFileSync(path.join(dir, archive), 'utf8').split(/^-- (.+?) --$/m);
      for (let i = 1; i < parts.length; i += 2) {
        if (!parts[i].endsWith('.ts')) continue;
        const file = path.join(out, archive.replace(/\.txtar$/, ''), parts[i]);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, parts[i + 1].replace(/^\n/, ''));
        files.push(path.relative(genDir, file));
      }
    }
    assert.ok(files.length >= 2, `only ${files.length} golden modules`);
    const project = path.join(genDir, 'tsconfig.golden.json');
    const { include, ...consumer } = readJSON(path.join(tsDir, 'tsconfig.consumer.json'));
    fs.writeFileSync(project, JSON.stringify({ ...consumer, files }));
    const r = runTsc(c, project);
    assert.equal(r.status, 0, r.out);
  });
}

// json-schema-to-typescript cannot read the bundle; the one command
// docs/typescript.md gives instead runs as written (from the repository
// root, into .gen/ here) and derives every schema's type.
test("docs/typescript.md's json2ts command derives a type per schema", () => {
  const doc = fs.readFileSync(path.join(repo, 'docs/typescript.md'), 'utf8');
  const m = doc.match(/^npx json2ts (.+) -o src\/fleet-types\/ (.+)$/m);
  assert.ok(m, 'docs/typescript.md has no json2ts command');
  const out = path.join(genDir, 'cli-types');
  fs.rmSync(out, { recursive: true, force: true });
  const bin = path.join(tsDir, 'node_modules/.bin/json2ts');
  const r = spawnSync('bash', ['-c', `${bin} ${m[1]} -o ${out}/ ${m[2]}`], { cwd: repo, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  for (const name of schemaNames()) {
    const ts = fs.readFileSync(path.join(out, `${name}.schema.d.ts`), 'utf8');
    const title = readJSON(path.join(schemaDir, name + SUFFIX)).title;
    assert.match(ts, new RegExp(`^export (?:interface|type) ${title}\\b`, 'm'), `${name}.schema.d.ts does not declare ${title}`);
  }
});
