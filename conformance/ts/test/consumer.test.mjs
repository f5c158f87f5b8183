// consumer/snapshot.ts runs as written: bytes to a typed, validated value in
// one call, with generated/ts/fleet.ts as its only import.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { fixtureDir, genDir, loadGenerated, tsDir } from './fleet.mjs';

async function loadConsumer() {
  await loadGenerated(); // writes .gen/fleet.generated.mjs
  const src = fs.readFileSync(path.join(tsDir, 'consumer/snapshot.ts'), 'utf8').replace('../../../generated/ts/fleet.ts', './fleet.generated.mjs');
  const js = ts.transpileModule(src, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
  const file = path.join(genDir, 'consumer.mjs');
  fs.writeFileSync(file, js);
  return import(file);
}

test('the consumer reads a snapshot, refuses a bad one with every problem, and reads ledger rows', async () => {
  const c = await loadConsumer();
  const full = fs.readFileSync(path.join(fixtureDir, 'valid/snapshot/full.json'), 'utf8');
  const snap = c.readSnapshot(full);
  assert.ok(!Array.isArray(snap), JSON.stringify(snap));
  assert.equal(snap.cursor, 42);
  const [n, back] = c.seatsAndBack(snap);
  assert.equal(n, snap.seats.length);
  assert.deepEqual(JSON.parse(back).seats, JSON.parse(full).seats);

  const problems = c.readSnapshot('{"cursor":-1,"at":"2026-09-06T10:00:00Z","seats":[{"seatId":"","name":"A","status":"asleep"}]}');
  assert.deepEqual(problems.map((p) => `${p.path} ${p.rule}`), ['cursor minimum', 'seats[0].seatId minLength', 'seats[0].status enum']);
  assert.deepEqual(c.readSnapshot('{"cursor":0,').map((p) => p.rule), ['syntax']);

  assert.equal(c.describeRow('{"kind":"shipped","seatId":"t1","at":"2026-09-06T10:00:00Z","note":"v2 is out"}'), 't1 shipped: v2 is out');
  assert.throws(() => c.describeRow('{"kind":"won","seatId":"t1","at":"2026-09-06T10:00:00Z"}'), /parsing LedgerRow\.kind: unknown kind "won"/);
  assert.equal(c.poseOf('celebrate'), 'celebrate');
  assert.equal(c.poseOf('dancing'), 'resting');
  assert.deepEqual(c.seatProblems({ seatId: 't1', name: 'Ada', status: 'idle', stance: { pose: 'stuck' } }), [
    'stance.statedAt: required field is missing (required)',
    'stance.expiresAt: required field is missing (required)',
  ]);
});
