// Seeded document mutation for the differential test: each fuzzed document
// is a valid fixture with a few values changed, members dropped, added or
// given twice, numbers rewritten in another spelling, or the text broken.
// The same seed gives the same documents on every machine.

/** mulberry32: a small seeded PRNG with a 2^32 period. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ENUMS = ['working', 'thinking', 'stuck', 'hauling', 'resting', 'celebrate', 'idle', 'blocked', 'done', 'offline', 'passed', 'failed', 'spawn', 'prompt', 'reply', 'prompted', 'shipped', 'census', 'status', 'deliver', 'turn', 'stance', 'restart', 'read', 'asleep', 'Working', ''];
const STRINGS = [
  '', 'x', 't1', 'a\nb', 'a\u0085b', 'tab\there', '\u{1F680}', '\u{1F680}'.repeat(280), '\u{1F680}'.repeat(281), 'é'.repeat(280), 'n'.repeat(281),
  '<script>&', '\u2028', '\ud800', 'ab\udc00', '\u0000', 'quote"back\\slash', '__proto__', 'constructor',
];
const TIMES = [
  '2026-09-06T10:00:00Z', '2026-09-06T10:00:00.5+02:00', '2026-09-06T10:00:00.123456789012-05:30', '2026-09-06T10:00:00.000+00:00',
  '2026-02-29T10:00:00Z', '2024-02-29T23:59:59Z', '2026-09-06T24:00:00Z', '2026-09-06T10:60:00Z', '2026-09-06T10:00:60Z',
  '2026-09-06t10:00:00z', '2026-09-06T10:00:00', '2026-09-06T10:00:00+24:00', '2026-09-06T10:00:00+23:59', '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999999999Z', '2026-9-6T10:00:00Z', '2026-09-06T10:00:00.Z', '2026-09-06 10:00:00Z', '2026-09-06T10:00:00-00:00',
];
const DAYS = ['2026-09-06', '2026-02-29', '2024-02-29', '2026-13-01', '2026-00-10', '2026-9-6', '0000-01-01', '20260906'];
const NUMBERS = [0, 1, -1, 2, 42, 1.5, 128, 3600, 9007199254740991, 9007199254740992, -9007199254740991, 1e21];
const NUMBER_TEXTS = ['1.0', '1e3', '1E0', '10e-1', '1.5', '1e-400', '1.0000000000000001', '9007199254740993.0', '9223372036854775807', '9223372036854775808', '-9223372036854775809', '1e400', '-0', '0.0e5', '0e-5', '100e-2', '12345678901234567890'];

function pick(r, list) {
  return list[Math.floor(r() * list.length)];
}

/** Every place in v: [container, key] pairs, the root as [null, null]. */
function places(v, out = [[null, null]]) {
  if (Array.isArray(v)) {
    v.forEach((e, i) => {
      out.push([v, i]);
      places(e, out);
    });
  } else if (v !== null && typeof v === 'object') {
    for (const k of Object.keys(v)) {
      out.push([v, k]);
      places(v[k], out);
    }
  }
  return out;
}

function randomValue(r, old, depth = 0) {
  switch (Math.floor(r() * 10)) {
    case 0: return null;
    case 1: return pick(r, NUMBERS);
    case 2: return pick(r, STRINGS);
    case 3: return pick(r, TIMES);
    case 4: return pick(r, DAYS);
    case 5: return pick(r, ENUMS);
    case 6: return r() < 0.5;
    case 7: return depth < 2 ? [randomValue(r, undefined, depth + 1)] : [];
    case 8: return depth < 2 ? { passed: 0, failed: 0, shipped: 0, prompted: 0, kind: pick(r, ENUMS) } : {};
    default:
      // Same type as before, another value.
      if (typeof old === 'number') return pick(r, NUMBERS);
      if (typeof old === 'string') return pick(r, [...ENUMS, ...TIMES, ...DAYS, ...STRINGS]);
      if (Array.isArray(old)) return old.length > 0 ? Array.from({ length: pick(r, [0, 1, 129]) }, () => structuredClone(old[0])) : [];
      return old;
  }
}

/** Another value of old's JSON type, often one a constraint refuses. */
function sameType(r, old) {
  if (typeof old === 'number') return pick(r, NUMBERS);
  if (typeof old === 'string') {
    if (/^\d{4}-\d\d-\d\dT/.test(old)) return pick(r, TIMES);
    if (/^\d{4}-\d\d-\d\d$/.test(old)) return pick(r, DAYS);
    return pick(r, [...ENUMS, ...STRINGS]);
  }
  if (Array.isArray(old)) return old.length > 0 ? Array.from({ length: pick(r, [0, 1, 2, 128, 129]) }, () => structuredClone(old[0])) : old;
  return old;
}

/**
 * One change that keeps the document decodable, so that only Validate's
 * rules can refuse it: a string that is no enum member or date-time
 * replaced by another (empty, too long, with controls), a number by
 * another, a day by another, a list lengthened, a tally zeroed, a spawn
 * edge given a transcript.
 */
function constraintMutation(r, root) {
  const [c, k] = pick(r, places(root));
  if (c === null) return;
  const old = c[k];
  if (typeof old === 'string' && !ENUMS.includes(old) && !/^\d{4}-\d\d-\d\dT/.test(old)) {
    c[k] = /^\d{4}-\d\d-\d\d$/.test(old) ? pick(r, DAYS) : pick(r, STRINGS);
  } else if (typeof old === 'number') c[k] = pick(r, [-1, -5, 0, 1, 9007199254740992, 1e16]);
  else if (Array.isArray(old) && old.length > 0) c[k] = Array.from({ length: pick(r, [128, 129, 200]) }, () => structuredClone(old[0]));
  else if (old !== null && typeof old === 'object' && 'passed' in old) Object.assign(old, { passed: 0, failed: 0, shipped: 0, prompted: 0 });
  else if (old !== null && typeof old === 'object' && old.kind === 'spawn') old[pick(r, ['conversationId', 'entryId'])] = pick(r, ['c', '']);
  else if (old !== null && typeof old === 'object' && !Array.isArray(old)) old.kind === 'prompt' ? (old.kind = 'spawn', old.conversationId = 'c') : undefined;
}

/** One change to the value tree; returns the new root. */
function mutateValue(r, root) {
  const ps = places(root);
  const [c, k] = pick(r, ps);
  const op = Math.floor(r() * 12);
  if (c === null) return op === 0 ? randomValue(r, root) : root;
  const old = c[k];
  if (op === 0 && !Array.isArray(c)) delete c[k];
  else if (op === 1 && !Array.isArray(c)) c[pick(r, ['x', 'extra', 'conversationId', 'entryId', 'note', 'fromSeatId', 'day', 'edges', 'tallies', 'stance'])] = randomValue(r, undefined);
  else if (op === 2 && typeof old === 'number') c[k] = pick(r, NUMBERS);
  else if (op === 3 && old !== null && typeof old === 'object' && !Array.isArray(old)) {
    // A whole tally of zeroes, a spawn edge with a transcript, a tag changed.
    if ('passed' in old) Object.assign(old, { passed: 0, failed: 0, shipped: 0, prompted: 0 });
    else if ('kind' in old || 'type' in old) old['kind' in old ? 'kind' : 'type'] = pick(r, ENUMS);
    else c[k] = randomValue(r, old);
  } else if (op >= 6) c[k] = sameType(r, old);
  else c[k] = randomValue(r, old);
  return root;
}

/** JSON text for v, giving one member of one object twice when twice is set. */
function write(r, v, twice) {
  let dupAt = twice ? Math.floor(r() * 8) : -1;
  const w = (x) => {
    if (Array.isArray(x)) return `[${x.map(w).join(',')}]`;
    if (x !== null && typeof x === 'object') {
      const parts = Object.keys(x).map((k) => `${JSON.stringify(k)}:${w(x[k])}`);
      if (parts.length > 0 && dupAt-- === 0) parts.push(r() < 0.5 ? parts[0] : `${parts[parts.length - 1].split(':')[0]}:${JSON.stringify(randomValue(r))}`);
      return `{${parts.join(',')}}`;
    }
    return JSON.stringify(x);
  };
  return w(v);
}

/** Changes to the text itself: a number respelled, whitespace, a break. */
function mutateText(r, text) {
  switch (Math.floor(r() * 6)) {
    case 0:
    case 1: {
      const nums = [...text.matchAll(/([:[,])(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?=[,\]}])/g)];
      if (nums.length === 0) return text;
      const m = pick(r, nums);
      const at = m.index + m[1].length;
      return text.slice(0, at) + pick(r, NUMBER_TEXTS) + text.slice(at + m[2].length);
    }
    case 2:
      return ` \n${text.replace(/,/g, () => (r() < 0.2 ? ' ,\t' : ','))}\r\n`;
    case 3: {
      const at = Math.floor(r() * text.length);
      return text.slice(0, at) + pick(r, ['', ',', '}', ']', '"', 'x', ' ', '\u0000', '\\', 'nul', '01', '.']) + text.slice(at + (r() < 0.5 ? 1 : 0));
    }
    case 4:
      return text + pick(r, ['', ' ', 'x', '{}', '\u0000', '\ufeff']);
    default:
      return r() < 0.1 ? '\ufeff' + text : text;
  }
}

/** n documents mutated from the valid fixtures, chosen by seed. */
export function fuzzCorpus(valid, n, seed) {
  const r = rng(seed);
  const out = [];
  for (let i = 0; i < n; i++) {
    const fx = valid[Math.floor(r() * valid.length)];
    let v = JSON.parse(fx.text);
    const changes = 1 + Math.floor(r() * 3);
    if (r() < 0.3) for (let j = 0; j < changes; j++) constraintMutation(r, v);
    else for (let j = 0; j < changes; j++) v = mutateValue(r, v);
    let text = write(r, v, r() < 0.15);
    if (r() < 0.35) text = mutateText(r, text);
    out.push({ schema: fx.schema, name: `fuzz/${seed}/${i} (from ${fx.name})`, text });
  }
  return out;
}
