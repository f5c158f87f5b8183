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

for (const file of fs.readFileSync(0, "utf8").split("\n").filter(Boolean)) {
  try {
    const ajv = new Ajv2020({ strict: true, strictTuples: false, allErrors: false, ownProperties: true });
    addFormats(ajv);
    const doc = JSON.parse(fs.readFileSync(file, "utf8"));
    ajv.addSchema(doc);
    for (const id of ids(doc, [])) {
      if (!ajv.getSchema(id)) throw new Error(`no schema ${id}`);
    }
    console.log(`${file}\tok`);
  } catch (e) {
    console.log(`${file}\t${String(e.message).replace(/\s+/g, " ")}`);
  }
}
