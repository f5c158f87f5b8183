// ---------------------------------------------------------------------------
// Validation support: the same in every module schemagen emits, so that a
// module needs nothing else at run time. It judges as the Go decoder and
// Validate judge (schemagen's docs/typescript.md): exact RFC 8259 JSON, integers decided
// from their text, RFC 3339 date-times as the schema's pattern and format
// mean them, lengths in code points, a member given twice refused, unknown
// members ignored.

/**
 * One way a value breaks the schema: where, and which rule. The path is
 * written as the Go errors write it; the pointer is ajv's instancePath.
 */
export interface Problem {
  /** Where below the root, by wire names: "items[2].price.amount"; "" for the root itself. */
  readonly path: string;
  /** The same place as a JSON Pointer (RFC 6901): "/items/2/price/amount". */
  readonly pointer: string;
  /** The rule broken: Go's wire.Rule, or the kind of its decode error. */
  readonly rule: ProblemRule;
  /** What is wrong, in words. */
  readonly message: string;
}

/**
 * The rules a {@link Problem} names: the JSON Schema keyword where there is
 * one (as ajv's errors and Go's wire.Rule name them), else the kind of the
 * Go decoder's error (wire.ErrSyntax → "syntax", ErrDuplicateMember →
 * "duplicate", ErrDiscriminator → "discriminator").
 */
export type ProblemRule =
  | "syntax" | "duplicate" | "type" | "required" | "enum" | "discriminator"
  | "minLength" | "maxLength" | "pattern" | "minimum" | "maximum" | "minItems" | "maxItems"
  | "format" | "absent" | "refused"
  | "exclusiveMinimum" | "exclusiveMaximum" | "uniqueItems" | "const" | "anyOf" | "oneOf"
  | "minProperties" | "maxProperties" | "not" | "multipleOf" | "unevaluatedProperties";

/** The error a parse function throws: every problem of the document. */
export class ParseError extends Error {
  /** The type the document was parsed as, e.g. "Order". */
  readonly type: string;
  /** Every problem, the first first; never empty. */
  readonly problems: readonly Problem[];
  /** For a syntax error, the offset (in UTF-16 code units) where the text stopped being JSON. */
  readonly offset: number | undefined;
  constructor(type: string, problems: readonly Problem[], offset?: number) {
    const p = problems[0];
    const where = p === undefined || p.path === "" ? type : p.path[0] === "[" ? type + p.path : type + "." + p.path;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
    super(`parsing ${where}: ${p === undefined ? "invalid" : p.message}${more}`);
    this.name = "ParseError";
    this.type = type;
    this.problems = problems;
    this.offset = offset;
  }
}

/** A place in a value, built only when problems are collected. */
interface At {
  readonly up: At | null;
  readonly key: string | number;
  readonly map: boolean; // key is a map key, not a member name
}

const _ROOT: At = { up: null, key: "", map: false };

function _m(up: At | null, key: string): At | null {
  return up === null ? null : { up, key, map: false };
}

function _i(up: At | null, key: number): At | null {
  return up === null ? null : { up, key, map: false };
}

function _k(up: At | null, key: string): At | null {
  return up === null ? null : { up, key, map: true };
}

function _path(at: At): string {
  if (at.up === null) return "";
  const up = _path(at.up);
  if (typeof at.key === "number") return `${up}[${at.key}]`;
  if (at.map) return `${up}[${JSON.stringify(at.key)}]`;
  return up === "" ? at.key : `${up}.${at.key}`;
}

function _pointer(at: At): string {
  if (at.up === null) return "";
  return `${_pointer(at.up)}/${String(at.key).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

/** Records a problem at at. */
function _p(out: Problem[], at: At | null, rule: ProblemRule, message: string): void {
  const a = at ?? _ROOT;
  out.push({ path: _path(a), pointer: _pointer(a), rule, message });
}

/** The problem text for a value of the wrong type. */
function _want(what: string, x: unknown): string {
  if (x === null) return "must not be null";
  const t = Array.isArray(x) ? "an array" : typeof x === "object" ? "an object" : typeof x === "string" ? "a string" : typeof x === "number" ? "a number" : typeof x === "boolean" ? "a boolean" : typeof x;
  return `must be ${what}, not ${t}`;
}

function _obj(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function _own(o: Record<string, unknown>, k: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined;
}

/**
 * Whether v is possible for a variant of a union without a discriminator:
 * check finds no problem but a required member of names that v lacks, or,
 * inside a member v has, a missing required member or a union left
 * ambiguous (a value only incomplete for a variant, at any depth, leaves
 * it possible, as in CUE).
 */
function _fits(v: Record<string, unknown>, check: (v: unknown, at: At | null, out: Problem[] | null) => boolean, names: readonly string[]): boolean {
  const ps: Problem[] = [];
  check(v, _ROOT, ps);
  return ps.every((p) =>
    p.rule === "required" && names.includes(p.path) ? !Object.prototype.hasOwnProperty.call(v, p.path)
      : (p.rule === "required" || p.rule === "oneOf" && p.message.startsWith("is ambiguous: ")) && Object.keys(v).some((k) => p.path.startsWith(k) && (p.path[k.length] === "." || p.path[k.length] === "[")));
}

/**
 * The variants (bits, in order) of a union without a discriminator that
 * declare every member v has that some variant declares: members maps
 * each such name to the variants declaring it. A member none declares
 * leaves the variants of unknown: all of them, or in a union with open
 * variants the open ones, as CUE's closed variants conflict with it.
 */
function _fit(v: Record<string, unknown>, members: Readonly<Record<string, number>>, all: number, unknown: number = all): number {
  let fit = all;
  for (const k of Object.keys(v)) {
    const m = _own(members, k);
    fit &= typeof m === "number" ? m : unknown;
  }
  return fit;
}

/**
 * Whether v has every member each variant of possible (bits, in order)
 * declares, names listing them: a value of a union whose possible
 * variants come out equal where it holds them all.
 */
function _whole(v: Record<string, unknown>, possible: number, names: readonly (readonly string[])[]): boolean {
  return names.every((ns, i) => (possible & (1 << i)) === 0 || ns.every((n) => Object.prototype.hasOwnProperty.call(v, n)));
}

/** The number of code points (Go's runes) in s. */
function _cp(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

function _digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

// _multipleDec reports whether x is a whole multiple of num / 10^scale,
// judged as CUE judges math.MultipleOf(0.01): in decimal, on the shortest
// text of x (String(x), Go's shortest text too), in BigInt arithmetic.
function _multipleDec(x: number, num: bigint, scale: number): boolean {
  if (!Number.isFinite(x)) return false;
  const m = /^-?(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (m === null) return false;
  const frac = m[2] ?? "";
  let d = BigInt(m[1] + frac);
  let exp = Number(m[3] ?? "0") - frac.length + scale;
  if (exp < 0) {
    const p = 10n ** BigInt(-exp);
    if (d % p !== 0n) return false;
    d /= p;
    exp = 0;
  }
  return (d * 10n ** BigInt(exp)) % num === 0n;
}

function _monthDays(y: number, m: number): number {
  return m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Whether s begins with a calendar day YYYY-MM-DD (the first 10 characters). */
function _day(s: string): boolean {
  if (s.length < 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  const y = _digits(s, 0, 4), m = _digits(s, 5, 7), d = _digits(s, 8, 10);
  return y >= 0 && m >= 1 && m <= 12 && d >= 1 && d <= _monthDays(y, m);
}

/** Whether s is a calendar day written YYYY-MM-DD. */
function _date(s: string): boolean {
  return s.length === 10 && _day(s);
}

/** The units of a Go duration, in nanoseconds (time.ParseDuration's unitMap). */
const _durUnits = new Map<string, bigint>([
  ["ns", 1n], ["us", 1000n], ["\u00b5s", 1000n], ["\u03bcs", 1000n],
  ["ms", 1000000n], ["s", 1000000000n], ["m", 60000000000n], ["h", 3600000000000n],
]);
/**
 * Whether s is a Go duration (1h30m, -1.5s, 0): what Go's
 * time.ParseDuration parses, its overflow included (a total beyond 2^63-1
 * nanoseconds, 2^63 below zero, is none). It follows ParseDuration step
 * by step: BigInt where Go has uint64, a Number where Go has float64 (a
 * fraction's nanoseconds, truncated), so it accepts exactly what Go does.
 */
function _dur(s: string): boolean {
  const big = 1n << 63n;
  let i = 0, neg = false;
  if (s.length > 0 && (s.charCodeAt(0) === 45 || s.charCodeAt(0) === 43)) {
    neg = s.charCodeAt(0) === 45;
    i = 1;
  }
  if (s.length === i + 1 && s.charCodeAt(i) === 48) return true; // "0"
  if (i === s.length) return false;
  let d = 0n;
  while (i < s.length) {
    let c = s.charCodeAt(i);
    if (!(c === 46 || (c >= 48 && c <= 57))) return false;
    // The digits before a point: leadingInt, which refuses an overflow.
    const from = i;
    let v = 0n;
    for (; i < s.length; i++) {
      c = s.charCodeAt(i);
      if (c < 48 || c > 57) break;
      if (v > big / 10n) return false;
      v = v * 10n + BigInt(c - 48);
      if (v > big) return false;
    }
    const pre = i !== from;
    // The digits after it: leadingFraction, which stops gaining
    // precision where it would overflow.
    let f = 0n, scale = 1, post = false;
    if (i < s.length && s.charCodeAt(i) === 46) {
      i++;
      const at = i;
      let over = false;
      for (; i < s.length; i++) {
        c = s.charCodeAt(i);
        if (c < 48 || c > 57) break;
        if (over) continue;
        if (f > (big - 1n) / 10n) {
          over = true;
          continue;
        }
        const y = f * 10n + BigInt(c - 48);
        if (y > big) {
          over = true;
          continue;
        }
        f = y;
        scale *= 10;
      }
      post = i !== at;
    }
    if (!pre && !post) return false;
    const u = i;
    for (; i < s.length; i++) {
      c = s.charCodeAt(i);
      if (c === 46 || (c >= 48 && c <= 57)) break;
    }
    const unit = _durUnits.get(s.slice(u, i));
    if (unit === undefined) return false; // no unit, or an unknown one
    if (v > big / unit) return false;
    v *= unit;
    if (f > 0n) {
      v += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
      if (v > big) return false;
    }
    d += v;
    if (d > big) return false;
  }
  return neg || d < big;
}

/**
 * Whether s is an RFC 3339 date-time as the schema means it: the shape
 * 2006-01-02T15:04:05[.999…](Z|±07:00) with capital T and Z, a real day,
 * hours under 24, minutes and seconds under 60, an offset under 24 hours.
 */
function _time(s: string): boolean {
  if (s.length < 20 || !_day(s) || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return false;
  const h = _digits(s, 11, 13), mi = _digits(s, 14, 16), se = _digits(s, 17, 19);
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 59) return false;
  let i = 19;
  if (s.charCodeAt(i) === 46) {
    i++;
    const start = i;
    while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
    if (i === start) return false;
  }
  const rest = s.length - i;
  if (rest === 1) return s.charCodeAt(i) === 90;
  if (rest !== 6) return false;
  const sign = s.charCodeAt(i);
  if ((sign !== 43 && sign !== 45) || s.charCodeAt(i + 3) !== 58) return false;
  const oh = _digits(s, i + 1, i + 3), om = _digits(s, i + 4, i + 6);
  return oh >= 0 && oh < 24 && om >= 0 && om < 60;
}

// ---------------------------------------------------------------------------
// The scanner behind the parse functions: JSON text to values, as JSON.parse
// reads it, and beside the values what JSON.parse loses: the text of every
// number a float may not hold exactly, and the members given twice.

/** Number texts a float may not hold exactly, by container and key; null when none. */
let _raw: Map<object, Map<string | number, string>> | null = null;
/** Keys given twice, by object; null when none. */
let _dups: Map<object, string[]> | null = null;

class _SyntaxFail {
  constructor(readonly offset: number, readonly message: string) {}
}

let _s = "";
let _at = 0;

function _fail(want: string): _SyntaxFail {
  if (_at >= _s.length) return new _SyntaxFail(_at, `invalid JSON: unexpected end of input, want ${want}`);
  if (_at === 0 && _s.charCodeAt(0) === 0xfeff) return new _SyntaxFail(0, "invalid JSON: it begins with a byte order mark, which JSON text must not have (RFC 8259 §8.1)");
  return new _SyntaxFail(_at, `invalid JSON at offset ${_at}: unexpected ${JSON.stringify(_s[_at])}, want ${want}`);
}

function _ws(): void {
  for (;;) {
    const c = _s.charCodeAt(_at);
    if (c === 32 || c === 10 || c === 13 || c === 9) _at++;
    else return;
  }
}

const _plainString = /^[^"\\\u0000-\u001f]*$/;

function _string(): string {
  const start = ++_at; // past the opening quote
  const end = _s.indexOf('"', start);
  if (end >= 0) {
    const body = _s.slice(start, end);
    if (_plainString.test(body)) {
      _at = end + 1;
      return body;
    }
  }
  let out = "";
  let from = start;
  for (let i = start; i < _s.length; ) {
    const c = _s.charCodeAt(i);
    if (c === 34) {
      _at = i + 1;
      return out + _s.slice(from, i);
    }
    if (c < 0x20) {
      _at = i;
      throw _fail("a string without control characters");
    }
    if (c !== 92) {
      i++;
      continue;
    }
    out += _s.slice(from, i);
    const e = _s.charCodeAt(i + 1);
    switch (e) {
      case 34: out += '"'; break;
      case 92: out += "\\"; break;
      case 47: out += "/"; break;
      case 98: out += "\b"; break;
      case 102: out += "\f"; break;
      case 110: out += "\n"; break;
      case 114: out += "\r"; break;
      case 116: out += "\t"; break;
      case 117: {
        const hex = _s.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
          _at = i + 2;
          throw _fail("four hex digits");
        }
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
        from = i;
        continue;
      }
      default:
        _at = i + 1;
        throw _fail("an escape");
    }
    i += 2;
    from = i;
  }
  _at = _s.length;
  throw _fail("'\"'");
}

function _digitRun(): number {
  const start = _at;
  while (_at < _s.length) {
    const c = _s.charCodeAt(_at);
    if (c < 48 || c > 57) break;
    _at++;
  }
  return _at - start;
}

/** Reads a number; records its text when a float may not hold it exactly. */
function _number(c: object, k: string | number): number {
  const start = _at;
  let simple = true;
  if (_s.charCodeAt(_at) === 45) _at++;
  if (_s.charCodeAt(_at) === 48) _at++;
  else if (_digitRun() === 0) throw _fail("a digit");
  if (_s.charCodeAt(_at) === 46) {
    _at++;
    simple = false;
    if (_digitRun() === 0) throw _fail("a digit");
  }
  const e = _s.charCodeAt(_at);
  if (e === 101 || e === 69) {
    _at++;
    simple = false;
    const sg = _s.charCodeAt(_at);
    if (sg === 43 || sg === 45) _at++;
    if (_digitRun() === 0) throw _fail("a digit");
  }
  const text = _s.slice(start, _at);
  if (!simple || text.length > 15) {
    _raw ??= new Map();
    let m = _raw.get(c);
    if (m === undefined) _raw.set(c, (m = new Map()));
    m.set(k, text);
  }
  return Number(text);
}

/** Reads a member name and its ':'. */
function _key(): string {
  _ws();
  if (_s.charCodeAt(_at) !== 34) throw _fail("a member name");
  const key = _string();
  _ws();
  if (_s.charCodeAt(_at) !== 58) throw _fail("':'");
  _at++;
  return key;
}

/** Sets o[key] as JSON.parse does (an own "__proto__" too), noting a key given twice. */
function _set(o: Record<string, unknown>, key: string, v: unknown): void {
  if (Object.prototype.hasOwnProperty.call(o, key)) {
    _dups ??= new Map();
    const d = _dups.get(o);
    if (d === undefined) _dups.set(o, [key]);
    else d.push(key);
  }
  if (key === "__proto__") Object.defineProperty(o, key, { value: v, writable: true, enumerable: true, configurable: true });
  else o[key] = v;
}

/**
 * Reads one JSON value. Open arrays and objects wait on a stack of their
 * own rather than the call stack, so that nesting as deep as the Go
 * decoder reads (10000) cannot overflow it.
 */
function _value(root: object): unknown {
  const open: (Record<string, unknown> | unknown[])[] = [];
  const keys: string[] = []; // the member being read of each open object, by depth
  for (;;) {
    // A value starts: where it goes decides where its number text is kept.
    const top = open.length > 0 ? open[open.length - 1]! : null;
    const c: object = top ?? root;
    const k: string | number = top === null ? "" : Array.isArray(top) ? top.length : keys[open.length - 1]!;
    _ws();
    const ch = _s.charCodeAt(_at);
    let v: unknown;
    if (ch === 123 || ch === 91) {
      if (open.length >= 10000) throw new _SyntaxFail(_at, "nested too deeply");
      _at++;
      _ws();
      if (ch === 123) {
        const o: Record<string, unknown> = {};
        if (_s.charCodeAt(_at) !== 125) {
          open.push(o);
          keys[open.length - 1] = _key();
          continue;
        }
        v = o;
      } else {
        const a: unknown[] = [];
        if (_s.charCodeAt(_at) !== 93) {
          open.push(a);
          continue;
        }
        v = a;
      }
      _at++; // the empty container's close
    } else if (ch === 34) {
      v = _string();
    } else if (ch === 116 && _s.startsWith("true", _at)) {
      _at += 4;
      v = true;
    } else if (ch === 102 && _s.startsWith("false", _at)) {
      _at += 5;
      v = false;
    } else if (ch === 110 && _s.startsWith("null", _at)) {
      _at += 4;
      v = null;
    } else if (ch === 45 || (ch >= 48 && ch <= 57)) {
      v = _number(c, k);
    } else {
      throw _fail("a value");
    }
    // The value is complete: put it in its container, and close every
    // container it completes.
    for (;;) {
      const t = open.length > 0 ? open[open.length - 1]! : null;
      if (t === null) return v;
      if (Array.isArray(t)) t.push(v);
      else _set(t, keys[open.length - 1]!, v);
      _ws();
      const n = _s.charCodeAt(_at);
      if (n === 44) {
        _at++;
        if (!Array.isArray(t)) keys[open.length - 1] = _key();
        break; // the next value of t
      }
      if (n !== (Array.isArray(t) ? 93 : 125)) throw _fail(Array.isArray(t) ? "',' or ']'" : "',' or '}'");
      _at++;
      v = open.pop();
    }
  }
}

/** What the text of a number says of it as an integer: "int", "frac" (not an integer) or "range" (beyond int64, or uint64's 0 to 2^64-1 when unsigned). */
function _intText(text: string, unsigned = false): "int" | "frac" | "range" {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (m === null) return "frac";
  let digits = (m[2] ?? "") + (m[3] ?? "");
  let scale = -(m[3] ?? "").length + Number(m[4] ?? "0");
  digits = digits.replace(/^0+/, "");
  if (digits === "") return "int"; // zero, however written
  const trimmed = digits.replace(/0+$/, "");
  scale += digits.length - trimmed.length;
  if (scale < 0) return "frac";
  if (trimmed.length + scale > 20) return "range";
  const v = BigInt(trimmed) * 10n ** BigInt(scale);
  if (unsigned) return m[1] !== "-" && v <= 18446744073709551615n ? "int" : "range";
  return v <= (m[1] === "-" ? 9223372036854775808n : 9223372036854775807n) ? "int" : "range";
}

/**
 * Judges c[k] as an integer: "" when it is one, else why not. From a parse
 * the number's text decides, exactly, as the Go decoder decides; a value
 * from elsewhere is judged as ajv judges it.
 */
function _int(c: object, k: string | number, x: unknown): string {
  if (typeof x !== "number") return _want("an integer", x);
  if (_raw !== null) {
    const t = _raw.get(c)?.get(k);
    if (t !== undefined) {
      switch (_intText(t)) {
        case "frac": return `must be an integer, not ${t} (decided from its text)`;
        case "range": return `must be an integer an int64 holds, not ${t}`;
      }
      return "";
    }
  }
  return Number.isInteger(x) ? "" : `must be an integer, not ${x}`;
}

/** Judges c[k] as an integer of CUE's uint64 (0 to 2^64-1), as an int64 is judged. */
function _uint(c: object, k: string | number, x: unknown): string {
  if (typeof x !== "number") return _want("an integer", x);
  if (_raw !== null) {
    const t = _raw.get(c)?.get(k);
    if (t !== undefined) {
      switch (_intText(t, true)) {
        case "frac": return `must be an integer, not ${t} (decided from its text)`;
        case "range": return `must be an integer a uint64 holds, not ${t}`;
      }
      return "";
    }
  }
  return Number.isInteger(x) ? "" : `must be an integer, not ${x}`;
}

/**
 * The member names in text, counted by their closing quote and colon, or
 * -1 when the text may hold something JSON.parse loses or the count could
 * miss: an escaped quote (a quote inside a string), whitespace before a
 * colon, a run of 16 digits and dots (a number a float may round), or a
 * digit followed by an exponent. Strings are not told apart from the rest,
 * so a string can only make it answer -1, never miscount.
 */
function _names(text: string): number {
  let names = 0;
  let run = 0;
  let prev = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 48 && c <= 57) || c === 46) {
      if (++run > 15) return -1;
    } else {
      if ((c === 101 || c === 69) && prev >= 48 && prev <= 57) return -1;
      if (c === 58) {
        if (prev === 34) names++;
        else if (prev === 32 || prev === 9 || prev === 10 || prev === 13) return -1;
      } else if (c === 34 && prev === 92) return -1;
      run = 0;
    }
    prev = c;
  }
  return names;
}

/**
 * The members of every object in a value from JSON.parse; NaN when arrays
 * and objects nest deeper than the Go decoder reads (10000). A stack of
 * its own, not the call stack, holds the values still to count.
 */
function _members(x: unknown): number {
  let n = 0;
  const todo: unknown[] = [x];
  const depths: number[] = [0];
  while (todo.length > 0) {
    const v = todo.pop();
    const d = depths.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (d >= 10000) return NaN;
    if (Array.isArray(v)) {
      for (const e of v) {
        todo.push(e);
        depths.push(d + 1);
      }
      continue;
    }
    for (const k of Object.keys(v)) {
      n++;
      todo.push((v as Record<string, unknown>)[k]);
      depths.push(d + 1);
    }
  }
  return n;
}

/**
 * The value of text when JSON.parse reads it exactly: no number it may
 * round, no nesting past the Go decoder's bound, and no member given
 * twice, which as many names in the text as members in the value proves.
 * undefined when only the scanner can tell.
 */
function _quick(text: string): unknown {
  const names = _names(text);
  if (names < 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined; // the scanner says where and why
  }
  if (typeof value !== "object" || value === null) return undefined;
  return names === _members(value) ? value : undefined;
}

/** Parses text as a T with the validator v, throwing a ParseError with every problem. */
function _parse<T>(text: string, type: string, v: (x: unknown, at: At | null, out: Problem[] | null) => boolean): T {
  const quick = _quick(text);
  if (quick !== undefined && v(quick, null, null)) return quick as T;
  let value: unknown;
  try {
    _s = text;
    _at = 0;
    value = _value(_ROOT);
    _ws();
    if (_at < _s.length) throw _fail("end of input");
    _s = "";
    if (v(value, null, null)) return value as T;
    const out: Problem[] = [];
    v(value, _ROOT, out);
    throw new ParseError(type, out);
  } catch (e) {
    if (e instanceof _SyntaxFail) {
      throw new ParseError(type, [{ path: "", pointer: "", rule: "syntax", message: e.message }], e.offset);
    }
    throw e;
  } finally {
    _s = "";
    _raw = null;
    _dups = null;
  }
}

/** Every problem of value as a T, judged by v. */
function _validate(value: unknown, v: (x: unknown, at: At | null, out: Problem[] | null) => boolean): Problem[] {
  const out: Problem[] = [];
  v(value, _ROOT, out);
  return out;
}

/** Reports the members of o given twice among names, or every key of a map (names null). */
function _dup(o: object, names: readonly string[] | null, at: At | null, out: Problem[] | null): boolean {
  const d = _dups?.get(o);
  if (d === undefined) return true;
  let ok = true;
  for (const k of d) {
    if (names !== null && !names.includes(k)) continue; // an unknown member: skipped, as Go skips it
    if (out === null) return false;
    ok = false;
    _p(out, names === null ? _k(at, k) : _m(at, k), "duplicate", names === null ? "is given twice; each key may appear once" : "is given twice; each member may appear once");
  }
  return ok;
}

// ---------------------------------------------------------------------------
// The writer: what the Go encoder writes for the same value.

const _needsEscape = /["\\\u0000-\u001f<>&\u2028\u2029\ud800-\udfff]/;

/** s as encoding/json writes a string: <, >, & and U+2028/9 escaped, a lone surrogate as U+FFFD. */
function _str(s: string): string {
  if (!_needsEscape.test(s)) return `"${s}"`;
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    switch (c) {
      case 34: out += '\\"'; continue;
      case 92: out += "\\\\"; continue;
      case 10: out += "\\n"; continue;
      case 13: out += "\\r"; continue;
      case 9: out += "\\t"; continue;
      case 0x3c: case 0x3e: case 0x26: case 0x2028: case 0x2029:
        out += "\\u" + c.toString(16).padStart(4, "0");
        continue;
    }
    if (c < 0x20) {
      out += "\\u00" + c.toString(16).padStart(2, "0");
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff) {
      out += s.slice(i, i + 2);
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += "\ufffd";
    } else {
      out += s.charAt(i);
    }
  }
  return out + '"';
}

/** A date-time as Go's time.Time.MarshalJSON writes it: the fraction without trailing zeros (at most 9 digits), a zero offset as Z. */
function _timeW(s: string): string {
  let i = 19;
  let frac = "";
  if (s.charCodeAt(i) === 46) {
    const start = ++i;
    while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
    frac = s.slice(start, Math.min(i, start + 9)).replace(/0+$/, "");
  }
  let zone = s.slice(i);
  if (zone === "+00:00" || zone === "-00:00") zone = "Z";
  return `"${s.slice(0, 19)}${frac === "" ? "" : "." + frac}${zone}"`;
}

/** Compares two strings by code point, as Go compares their UTF-8 bytes. */
function _byCodePoint(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i), y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (an astral code point) sorts above every BMP character.
    const xs = x >= 0xd800 && x <= 0xdfff, ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** A number as Go's encoder writes a float64: JavaScript's shortest text, -0 kept. */
function _num(n: number): string {
  return Object.is(n, -0) ? "-0" : String(n);
}

/** A value of any JSON, written compact (a number as JavaScript holds it). */
function _any(v: unknown): string {
  return JSON.stringify(v);
}

/** The JSON kind of a value: what chooses a disjunction's alternative. */
function _kind(x: unknown): string {
  if (x === null) return "null";
  if (Array.isArray(x)) return "array";
  return typeof x;
}

const _rxs = new Map<string, RegExp>();

/** The compiled pattern, once per source. */
function _rx(src: string): RegExp {
  let r = _rxs.get(src);
  if (r === undefined) {
    r = new RegExp(src, "u");
    _rxs.set(src, r);
  }
  return r;
}

/**
 * How many match parts the check is within: CUE judges a match strictly,
 * so a closed object there refuses a member it does not name (_closed),
 * which it ignores anywhere else, as the Go decoder does.
 */
let _strict = 0;

/** Runs a match part's check strictly (_strict), whatever it returns. */
function _strictly(check: () => boolean): boolean {
  _strict++;
  try {
    return check();
  } finally {
    _strict--;
  }
}

/**
 * In a match part (_strict), reports the members of the closed object o
 * that names does not name and no pattern of patterns admits.
 */
function _closed(o: object, names: readonly string[], patterns: readonly string[] | null, at: At | null, out: Problem[] | null): boolean {
  let ok = true;
  for (const k of _unknownKeys(o, names)) {
    if (patterns !== null && patterns.some((p) => _rx(p).test(k))) continue;
    if (out === null) return false;
    ok = false;
    _p(out, _m(at, k), "unevaluatedProperties", "is not a member the closed object names, which a match refuses");
  }
  return ok;
}

/** Whether an open object's member k is one the schema does not name. */
function _unknownKeys(v: object, known: readonly string[]): string[] {
  return Object.keys(v).filter((k) => !known.includes(k)).sort(_byCodePoint);
}

/** A JSON value as one string, members by name: equal JSON values (as
 * list.UniqueItems and uniqueItems compare them) give equal strings. */
function _canon(v: unknown): string {
  if (Array.isArray(v)) return "[" + v.map(_canon).join(",") + "]";
  if (v !== null && typeof v === "object") {
    return "{" + _keys(v).map((k) => JSON.stringify(k) + ":" + _canon((v as Record<string, unknown>)[k])).join(",") + "}";
  }
  return JSON.stringify(v);
}

/** The keys of a map in the order Go's encoder writes them. */
function _keys(m: object): string[] {
  return Object.keys(m).sort(_byCodePoint);
}
