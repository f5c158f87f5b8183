// What an app team writes on its first day with generated/ts/fleet.ts and
// nothing else: no ajv, no casts, one call from bytes to a typed, validated
// value. Type-checked by test/types.test.mjs under strict and the stricter
// flags an app may turn on (tsconfig.consumer.json); test/consumer.test.mjs
// runs it.
import {
  EDGE_KINDS,
  ParseError,
  isPose,
  matchLedgerRow,
  parseLedgerRow,
  parseSnapshot,
  validateSeat,
  writeSnapshot,
  type Pose,
  type Problem,
  type Snapshot,
} from "../../../generated/ts/fleet.ts";

/** A snapshot from the wire, or every problem with its path. */
export function readSnapshot(body: string): Snapshot | readonly Problem[] {
  try {
    return parseSnapshot(body);
  } catch (e) {
    if (e instanceof ParseError) return e.problems;
    throw e;
  }
}

/** The pose a string names, or resting. */
export function poseOf(s: string): Pose {
  return isPose(s) ? s : "resting";
}

/** One line of seat-ledger.jsonl in words. */
export function describeRow(line: string): string {
  return matchLedgerRow(parseLedgerRow(line), {
    passed: (r) => `${r.seatId} passed at ${r.at}`,
    failed: (r) => `${r.seatId} failed at ${r.at}`,
    prompted: (r) => `${r.seatId} was prompted${r.fromSeatId === undefined ? "" : ` by ${r.fromSeatId}`}`,
    shipped: (r) => `${r.seatId} shipped${r.note === undefined ? "" : `: ${r.note}`}`,
  });
}

/** The seats of a snapshot whose stance lapsed before at; written back as the host writes it. */
export function seatsAndBack(s: Snapshot): [number, string] {
  return [s.seats.length, writeSnapshot(s)];
}

/** Problems of a value from elsewhere (a form, a cache) as the schema judges it. */
export function seatProblems(value: unknown): string[] {
  return validateSeat(value).map((p) => `${p.path}: ${p.message} (${p.rule})`);
}

export const kinds: readonly string[] = EDGE_KINDS;
