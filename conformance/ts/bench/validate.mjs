// make bench: the generated TypeScript validation against ajv's compiled
// validator, in one node process, each pair alternating batch by batch so
// that both see the same machine: a 64-seat snapshot with the wire's full
// 128 edges and a tally per seat (the snapshot of conformance/gofleet's
// codec bench). Reported as the median time per call and the median of
// the per-round ratios (TypeScript / ajv; below 1 is faster).
//
//   isSnapshot(value)        vs  ajv validate(value)          (a parsed value)
//   parseSnapshot(text)      vs  JSON.parse(text) + validate  (bytes to a valid value;
//                                                            again with an escaped quote,
//                                                            which the scanner reads)
//   validateSnapshot(value)  vs  ajv validate(value)          (the collecting walk)
//   import of the module     vs  ajv compile of the bundle    (start-up)
import { performance } from 'node:perf_hooks';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ID_BASE, SUFFIX, bundleFile, genDir, loadGenerated, readJSON } from '../test/fleet.mjs';
import fs from 'node:fs';
import path from 'node:path';

const ROUNDS = Number(process.env.ROUNDS ?? 25);

function bigSnapshot() {
  const at = '2026-09-06T10:00:00.123+02:00';
  const s = { cursor: 1788000000123, at, seats: [], edges: [], day: '2026-09-06', tallies: {} };
  for (let i = 0; i < 64; i++) {
    const id = `term-${(i * 257).toString(16).padStart(4, '0')}`;
    const seat = {
      seatId: id, name: `Persona ${i}`, status: 'working', cwd: '/home/op/src/project', summary: 'refactoring the deck loader',
      stance: { pose: 'hauling', note: 'moving 4,000 rows <fast> & safe', statedAt: at, expiresAt: '2026-09-06T10:15:00.123+02:00' },
      lastOutcome: { outcome: 'passed', at: '2026-09-06T09:59:00.123+02:00' },
    };
    if (i > 0) seat.parentSeatId = 'term-0000';
    s.seats.push(seat);
    s.tallies[id] = { passed: i, failed: 1, shipped: 2, prompted: 3 * i };
  }
  for (let i = 0; i < 128; i++) {
    const e = { kind: 'prompt', fromSeatId: s.seats[i % 64].seatId, toSeatId: s.seats[(i + 1) % 64].seatId, at: `2026-09-06T09:${String(59 - (i % 60)).padStart(2, '0')}:00+02:00` };
    if (i % 3 === 0) e.kind = 'spawn';
    if (i % 3 === 1) Object.assign(e, { conversationId: 'conv-77', entryId: `entry-${i}` });
    s.edges.push(e);
  }
  return s;
}

function newAjvSnapshot() {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(readJSON(bundleFile));
  return ajv.getSchema(`${ID_BASE}fleet/snapshot${SUFFIX}`);
}

/** Times n calls of f in µs per call. */
function per(f, n) {
  const t = performance.now();
  for (let i = 0; i < n; i++) f();
  return ((performance.now() - t) * 1000) / n;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function pair(name, a, b, n) {
  for (let i = 0; i < 3; i++) per(a, n), per(b, n); // warm up
  const ta = [], tb = [], ratio = [];
  for (let r = 0; r < ROUNDS; r++) {
    const x = r % 2 === 0 ? per(a, n) : 0;
    const y = per(b, n);
    const x2 = r % 2 === 1 ? per(a, n) : x;
    ta.push(x2), tb.push(y), ratio.push(x2 / y);
  }
  console.log(`pair ${name}: ts ${median(ta).toFixed(1)} µs, ajv ${median(tb).toFixed(1)} µs, ts/ajv ${median(ratio).toFixed(2)}x`);
}

const gen = await loadGenerated();
const value = bigSnapshot();
const text = JSON.stringify(value);
const validate = newAjvSnapshot();
if (!validate(value) || !gen.isSnapshot(value) || gen.parseSnapshot(text).seats.length !== 64) throw new Error('the bench snapshot is not valid');
console.log(`snapshot: 64 seats, 128 edges, 64 tallies, ${text.length} bytes; ${ROUNDS} rounds, alternating`);

pair('validate a parsed value (isSnapshot vs ajv)', () => gen.isSnapshot(value), () => validate(value), 2000);
pair('collect problems of a valid value (validateSnapshot vs ajv)', () => gen.validateSnapshot(value), () => validate(value), 2000);
pair('bytes to a valid value (parseSnapshot vs JSON.parse + ajv)', () => gen.parseSnapshot(text), () => validate(JSON.parse(text)), 300);
pair('JSON.parse alone, for scale (parseSnapshot vs JSON.parse)', () => gen.parseSnapshot(text), () => JSON.parse(text), 300);
// A note with an escaped quote: JSON.parse cannot be trusted with the
// text, so the scanner reads it all.
const quoted = text.replace('"moving 4,000 rows', '"moving \\"4,000\\" rows');
if (gen.parseSnapshot(quoted).seats[0].stance.note.indexOf('"') < 0) throw new Error('the quoted snapshot lost its quote');
pair('bytes through the scanner (parseSnapshot vs JSON.parse + ajv)', () => gen.parseSnapshot(quoted), () => validate(JSON.parse(quoted)), 300);

// Start-up: a fresh import of the generated module (its JavaScript, as a
// bundler ships it) against a fresh ajv compiling the bundle for Snapshot.
const modFile = path.join(genDir, 'fleet.generated.mjs');
const src = fs.readFileSync(modFile, 'utf8');
let k = 0;
const importOnce = async () => {
  const f = path.join(genDir, `fleet.import-${k++}.mjs`);
  fs.writeFileSync(f, src);
  const t = performance.now();
  const m = await import(f);
  m.isSnapshot(value); // the first call, which compiles the walkers
  const ms = performance.now() - t;
  fs.rmSync(f);
  return ms;
};
const ti = [], tc = [];
for (let r = 0; r < 10; r++) {
  ti.push(await importOnce());
  const t = performance.now();
  newAjvSnapshot()(value);
  tc.push(performance.now() - t);
}
console.log(`pair start-up (import + first call vs ajv compile + first call): ts ${median(ti).toFixed(2)} ms, ajv ${median(tc).toFixed(1)} ms, ts/ajv ${(median(ti) / median(tc)).toFixed(3)}x`);
