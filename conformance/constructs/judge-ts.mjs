// The TypeScript judge of conformance/constructs: for each job {key,
// module, name, file} it imports the module tsc compiled from the generated
// TypeScript and calls parse<name> on the instance's text. It prints
// "key<TAB>ok<TAB>what write<name> writes" or "key<TAB>refused<TAB>why".
import fs from "node:fs";

const jobs = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const modules = new Map();
for (const job of jobs) {
  let m = modules.get(job.module);
  if (!m) {
    m = await import(job.module);
    modules.set(job.module, m);
  }
  const text = fs.readFileSync(job.file, "utf8");
  try {
    const value = m["parse" + job.name](text);
    console.log(`${job.key}\tok\t${m["write" + job.name](value)}`);
  } catch (e) {
    console.log(`${job.key}\trefused\t${String(e.message).replace(/\s+/g, " ")}`);
  }
}
