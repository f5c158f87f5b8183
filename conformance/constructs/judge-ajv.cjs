// ajv's side of conformance/constructs: draft 2020-12, strict mode
// (but for strictTuples, a lint that flags an open tuple's prefixItems
// beside items: T; docs/jsonschema.md),
// formats, and multipleOfPrecision 9: ajv divides floats for multipleOf
// (0.07 / 0.01 is 7.000000000000001), so without it a multiple of a
// decimal fraction is refused (docs/jsonschema.md). Reads a list of jobs {key, bundle, id, file}, loads each bundle
// once, and prints "key<TAB>ok" or "key<TAB>why" for each job's instance
// against the schema with that $id.
const Ajv2020 = require("ajv/dist/2020");
const addFormats = require("ajv-formats");
const fs = require("node:fs");

const options = { strict: true, strictTuples: false, allErrors: false, multipleOfPrecision: 9, ownProperties: true };
// One ajv checks every bundle against the draft 2020-12 meta-schema, as
// addSchema would: a fresh ajv compiles the meta-schema again, half of this
// script's time over a thousand bundles. Each bundle then gets its own.
const meta = new Ajv2020(options);
addFormats(meta);

const jobs = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const byBundle = new Map();
for (const job of jobs) {
  let ajv = byBundle.get(job.bundle);
  if (!ajv) {
    const schema = JSON.parse(fs.readFileSync(job.bundle, "utf8"));
    if (!meta.validateSchema(schema)) throw new Error(`${job.bundle}: schema is invalid: ${meta.errorsText()}`);
    ajv = new Ajv2020({ ...options, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(schema);
    byBundle.set(job.bundle, ajv);
  }
  const validate = ajv.getSchema(job.id);
  if (!validate) throw new Error(`${job.bundle} has no ${job.id}`);
  const data = JSON.parse(fs.readFileSync(job.file, "utf8"));
  const ok = validate(data);
  const why = ok ? "ok" : ajv.errorsText(validate.errors).replace(/\s+/g, " ");
  console.log(`${job.key}\t${why}`);
}
