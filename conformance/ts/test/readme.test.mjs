// The README's ajv example runs as written, from the repository root.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { genDir, repo } from './fleet.mjs';

test("README's ajv example validates the full snapshot", () => {
  const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
  const m = readme.match(/<!-- the block below is run by conformance\/ts\/test\/readme\.test\.mjs -->\n```js\n([\s\S]*?)```/);
  assert.ok(m, 'README has no marked ajv example');
  fs.mkdirSync(genDir, { recursive: true });
  // In .gen/, so that its imports resolve from conformance/ts/node_modules.
  const file = path.join(genDir, 'readme-example.mjs');
  fs.writeFileSync(file, m[1]);
  const r = spawnSync(process.execPath, [file], { cwd: repo, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});
