// The app team's use of the fleet contract, type-checked with
// `tsc --noEmit --strict` twice: against generated/ts/fleet.ts, the types
// schemagen emits (tsconfig.json maps "fleet-types" there), and against the
// types json-schema-to-typescript derives from generated/jsonschema/fleet
// (into .gen/types by test/types.test.mjs; tsconfig.json2ts.json). The test
// also checks that this program stops compiling, under both, when a pose is
// left out of POSE_ANIMATION, an edge kind out of the switch, or a spawn
// edge is given a conversationId.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

import fleetSchemas from "../../../generated/jsonschema/fleet.schema.json" with { type: "json" };
import fullSnapshot from "../../fixtures/fleet/valid/snapshot/full.json" with { type: "json" };
import type { Edge, EdgeKind, Pose, Seat, Snapshot } from "fleet-types";

// ajv-formats is CommonJS; under Node's ESM its default export is the module.
const addFormats = addFormatsModule.default;

// Every pose has an animation: a pose added to the schema breaks this line.
export const POSE_ANIMATION: Record<Pose, string> = {
  working: "hammer-loop",
  thinking: "chin-scratch",
  stuck: "head-in-hands",
  hauling: "crate-carry",
  resting: "hammock",
  celebrate: "confetti",
};

// Every edge kind is drawn: an edge kind added to the schema breaks the
// never check.
export function wire(kind: EdgeKind): string {
  switch (kind) {
    case "spawn":
      return "dashed-arc";
    case "prompt":
      return "wire";
    case "reply":
      return "wire-back";
    default: {
      const unhandled: never = kind;
      throw new Error(`unhandled edge kind ${String(unhandled)}`);
    }
  }
}

function figure(seat: Seat): string {
  return seat.stance ? POSE_ANIMATION[seat.stance.pose] : "idle";
}

function render(snap: Snapshot): string[] {
  const lines = snap.seats.map((s) => `${s.name}: ${figure(s)}`);
  for (const e of snap.edges ?? []) {
    const edge: Edge = e;
    lines.push(`${edge.fromSeatId} -${wire(edge.kind)}-> ${edge.toSeatId}`);
  }
  const tally = snap.tallies?.["t2"];
  if (tally) lines.push(`t2 passed ${tally.passed}`);
  return lines;
}

// A spawn edge never carries a transcript reference; the types refuse one.
export const spawned: Edge = { kind: "spawn", fromSeatId: "t1", toSeatId: "t2", at: "2026-09-06T10:00:00Z" };
export const prompted: Edge = { kind: "prompt", fromSeatId: "t1", toSeatId: "t2", at: "2026-09-06T10:00:00Z", conversationId: "c1" };

// A fixture the host produced, checked by ajv before it is trusted: the
// bundle is added once, the snapshot schema looked up by its $id, and the
// validate function's type guard makes the value a Snapshot.
const ajv = new Ajv2020({ strict: true, ownProperties: true });
addFormats(ajv);
ajv.addSchema(fleetSchemas);
const validateSnapshot = ajv.getSchema("https://github.com/schemagen/schemagen/generated/jsonschema/fleet/snapshot.schema.json") as
  | ValidateFunction<Snapshot>
  | undefined;
if (!validateSnapshot) throw new Error("the bundle has no snapshot schema");
const data: unknown = fullSnapshot;
if (!validateSnapshot(data)) {
  throw new Error(ajv.errorsText(validateSnapshot.errors));
}
const snap: Snapshot = data;
render(snap);

// And one the app writes itself.
const minimal: Snapshot = {
  cursor: 0,
  at: "2026-09-06T10:00:00Z",
  seats: [{ seatId: "t1", name: "Ada", status: "idle", stance: { pose: "celebrate", statedAt: "2026-09-06T09:59:00Z", expiresAt: "2026-09-06T10:14:00Z" } }],
};
render(minimal);
