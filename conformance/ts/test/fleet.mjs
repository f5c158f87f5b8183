// Shared by the tests: where the schemas and fixtures are, and how ajv is
// set up — the way the app team sets it up.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const tsDir = path.resolve(here, '..');
export const repo = path.resolve(tsDir, '../..');
export const schemaDir = path.join(repo, 'generated/jsonschema/fleet');
export const strictDir = path.join(schemaDir, 'strict');
export const fixtureDir = path.join(repo, 'conformance/fixtures/fleet');
export const genDir = path.join(tsDir, '.gen'); // ignored; derived at test time

export const SUFFIX = '.schema.json';
export const ID_BASE = 'https://github.com/schemagen/schemagen/generated/jsonschema/';
/** The bundles: every file of a set in one document. */
export const bundleFile = path.join(repo, 'generated/jsonschema/fleet.schema.json');
export const strictBundleFile = path.join(repo, 'generated/jsonschema/fleet.strict.schema.json');

/** The schema names of the open set, e.g. "snapshot", "ledger-row". */
export function schemaNames() {
  return fs.readdirSync(schemaDir).filter((f) => f.endsWith(SUFFIX)).map((f) => f.slice(0, -SUFFIX.length)).sort();
}

export function readJSON(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * A new ajv for one schema: draft 2020-12, strict mode (unknown keywords,
 * formats, types and required properties all errors), every error
 * reported, formats from ajv-formats.
 */
export function newAjv() {
  const ajv = new Ajv2020({ strict: true, allErrors: true, ownProperties: true });
  addFormats(ajv);
  return ajv;
}

/**
 * Every schema of a set, the app's way: one ajv, the bundle added once,
 * each schema looked up by its $id. Returns name → validate.
 */
export function compileBundle(file, sub) {
  const ajv = newAjv();
  ajv.addSchema(readJSON(file));
  const out = new Map();
  for (const name of schemaNames()) {
    const v = ajv.getSchema(`${ID_BASE}fleet/${sub}${name}${SUFFIX}`);
    if (!v) throw new Error(`${path.basename(file)} has no ${sub}${name}${SUFFIX}`);
    out.set(name, v);
  }
  return out;
}

/** Every schema of a set loaded file by file, each added under its $id. */
export function compileFiles(dir, sub) {
  const ajv = newAjv();
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(SUFFIX)).sort()) ajv.addSchema(readJSON(path.join(dir, f)));
  const out = new Map();
  for (const name of schemaNames()) out.set(name, ajv.getSchema(`${ID_BASE}fleet/${sub}${name}${SUFFIX}`));
  return out;
}

/** Every fixture of a kind ("valid" or "invalid") as {schema, name, file, data}. */
export function fixtures(kind) {
  const out = [];
  const root = path.join(fixtureDir, kind);
  for (const schema of fs.readdirSync(root).sort()) {
    for (const f of fs.readdirSync(path.join(root, schema)).sort()) {
      if (!f.endsWith('.json')) continue;
      const file = path.join(root, schema, f);
      out.push({ schema, name: `${schema}/${f.slice(0, -5)}`, file, data: readJSON(file) });
    }
  }
  return out;
}

/**
 * The generated module generated/ts/fleet.ts as JavaScript: TypeScript's
 * own transpiler strips the types (tsc --strict checks them in
 * types.test.mjs) into .gen/, where node imports it.
 */
export async function loadGenerated() {
  const ts = (await import('typescript')).default;
  const src = fs.readFileSync(path.join(repo, 'generated/ts/fleet.ts'), 'utf8');
  const js = ts.transpileModule(src, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
  fs.mkdirSync(genDir, { recursive: true });
  const file = path.join(genDir, 'fleet.generated.mjs');
  fs.writeFileSync(file, js);
  return import(`${file}?${Date.now()}`);
}

/** The TypeScript name of each schema file's type: its title. */
export function typeNames() {
  const out = new Map();
  for (const name of schemaNames()) out.set(name, readJSON(path.join(schemaDir, name + SUFFIX)).title);
  return out;
}

/** Every fixture of a kind as its text, {schema, name, text}. */
export function fixtureTexts(kind) {
  return fixtures(kind).map((fx) => ({ schema: fx.schema, name: fx.name, text: fs.readFileSync(fx.file, 'utf8') }));
}
