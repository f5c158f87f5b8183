// ajv's side of conformance/corpus: reads bundle paths, one a line, and
// compiles every resource of each (every object with a $id) with ajv in
// strict mode
// (but for strictTuples, a lint that flags an open tuple's prefixItems
// beside items: T; docs/jsonschema.md), draft 2020-12, formats; prints "path<TAB>ok" or
// "path<TAB>why".
const Ajv2020 = require("ajv/dist/2020");
const addFormats = require("ajv-formats");
const fs = require("node:fs");

const ids = (v, out) => {
  if (Array.isArray(v)) v.forEach((e) => ids(e, out));
  else if (v && typeof v === "object") {
    if (typeof v.$id === "string") out.push(v.$id);
    Object.values(v).forEach((e) => ids(e, out));
  }
  return out;
};

const options = { strict: true, strictTuples: false, allErrors: false, ownProperties: true };
// One ajv checks every bundle against the draft 2020-12 meta-schema, as
// addSchema would, so that the meta-schema is compiled once, not once a
// bundle; each bundle is then compiled by an ajv of its own.
const meta = new Ajv2020(options);
addFormats(meta);

for (const file of fs.readFileSync(0, "utf8").split("\n").filter(Boolean)) {
  try {
    const doc = JSON.parse(fs.readFileSync(file, "utf8"));
    if (!meta.validateSchema(doc)) throw new Error(`schema is invalid: ${meta.errorsText()}`);
    const ajv = new Ajv2020({ ...options, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(doc);
    for (const id of ids(doc, [])) {
      if (!ajv.getSchema(id)) throw new Error(`no schema ${id}`);
    }
    console.log(`${file}\tok`);
  } catch (e) {
    console.log(`${file}\t${String(e.message).replace(/\s+/g, " ")}`);
  }
}
