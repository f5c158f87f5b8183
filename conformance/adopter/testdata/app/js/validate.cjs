// The app's side: ajv (draft 2020-12, strict, formats) over every fixture,
// against the schema of its folder, looked up by $id in the package's
// bundle, compiled once. Prints "path: valid" or "path: invalid" one a line.
const Ajv2020 = require("ajv/dist/2020");
const addFormats = require("ajv-formats");
const fs = require("node:fs");
const path = require("node:path");

const [bundle, base, fixtures] = process.argv.slice(2);
const ajv = new Ajv2020({ strict: true, ownProperties: true });
addFormats(ajv);
ajv.addSchema(JSON.parse(fs.readFileSync(bundle, "utf8")));
const compiled = {};
for (const which of ["valid", "invalid"]) {
  for (const kind of fs.readdirSync(path.join(fixtures, which)).sort()) {
    if (!compiled[kind]) {
      compiled[kind] = ajv.getSchema(base + kind + ".schema.json");
      if (!compiled[kind]) throw new Error("the bundle has no " + base + kind + ".schema.json");
    }
    for (const f of fs.readdirSync(path.join(fixtures, which, kind)).sort()) {
      const data = JSON.parse(fs.readFileSync(path.join(fixtures, which, kind, f), "utf8"));
      console.log(`${which}/${kind}/${f}: ${compiled[kind](data) ? "valid" : "invalid"}`);
    }
  }
}
