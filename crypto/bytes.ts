/**
 * Byte-level helpers and named assertions for the mental-poker library: a
 * strict reader and a writer for the canonical binary encodings (big-endian
 * integers, length-prefixed byte strings, fixed 32-byte group elements and
 * scalars), and the noble-style asserts (`abytes`, `aint`, `aseat`...) that
 * throw `TypeError` for a value of the wrong JavaScript type and `RangeError`
 * for a value of the right type outside its domain. No paper is implemented
 * here; the encoding rules it enforces are those of the message formats in
 * `codec.ts` (one valid encoding per value, no trailing bytes), in the spirit
 * of the canonical-encoding requirements of RFC 9496 §4.3 and RFC 8032 §5.1.
 */

/** A function that returns `length` fresh random bytes. Injectable for reproducible tests. */
export type RandomSource = (length: number) => Uint8Array;

const te = new TextEncoder();

/** UTF-8 bytes of an ASCII label (domain-separation tags). */
export function utf8(s: string): Uint8Array {
  return te.encode(s);
}

function title(what: string): string {
  return what ? what + ': ' : '';
}

/** Asserts a Uint8Array (TypeError) of an exact length or inside [min, max] (RangeError). */
export function abytes(value: unknown, what: string, length?: number | [number, number]): Uint8Array {
  if (!(value instanceof Uint8Array)) {
    throw new TypeError(`${title(what)}expected Uint8Array, got ${describe(value)}`);
  }
  if (typeof length === 'number' && value.length !== length) {
    throw new RangeError(`${title(what)}expected ${length} bytes, got ${value.length}`);
  }
  if (Array.isArray(length) && (value.length < length[0] || value.length > length[1])) {
    throw new RangeError(`${title(what)}expected ${length[0]}..${length[1]} bytes, got ${value.length}`);
  }
  return value;
}

/** Asserts a safe integer (TypeError) inside [min, max] (RangeError). */
export function aint(value: unknown, what: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new TypeError(`${title(what)}expected an integer, got ${describe(value)}`);
  }
  if (value < min || value > max) {
    throw new RangeError(`${title(what)}expected ${min}..${max}, got ${value}`);
  }
  return value;
}

/** Asserts a bigint (TypeError). */
export function abigint(value: unknown, what: string): bigint {
  if (typeof value !== 'bigint') {
    throw new TypeError(`${title(what)}expected bigint, got ${describe(value)}`);
  }
  return value;
}

/** Asserts an array (TypeError) of an exact length (RangeError). */
export function aarray<T>(value: unknown, what: string, length?: number): T[] {
  if (!Array.isArray(value)) throw new TypeError(`${title(what)}expected an array, got ${describe(value)}`);
  if (length !== undefined && value.length !== length) {
    throw new RangeError(`${title(what)}expected ${length} entries, got ${value.length}`);
  }
  return value as T[];
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Uint8Array) return `Uint8Array(${value.length})`;
  return typeof value;
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a[i]! ^ b[i]!;
  return d === 0;
}

export function toHex(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) s += b[i]!.toString(16).padStart(2, '0');
  return s;
}

/** Growable writer for canonical encodings. Integers are big-endian. */
export class Writer {
  private buf = new Uint8Array(256);
  private len = 0;

  private room(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.len + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }
  u8(v: number): this {
    this.room(1);
    this.buf[this.len++] = v & 0xff;
    return this;
  }
  u16(v: number): this {
    this.room(2);
    this.buf[this.len++] = (v >>> 8) & 0xff;
    this.buf[this.len++] = v & 0xff;
    return this;
  }
  u32(v: number): this {
    this.room(4);
    this.buf[this.len++] = (v >>> 24) & 0xff;
    this.buf[this.len++] = (v >>> 16) & 0xff;
    this.buf[this.len++] = (v >>> 8) & 0xff;
    this.buf[this.len++] = v & 0xff;
    return this;
  }
  /** Raw bytes, no length prefix (fixed-size fields). */
  raw(b: Uint8Array): this {
    this.room(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
    return this;
  }
  /** u8 length prefix + bytes (short strings such as the table id). */
  bytes8(b: Uint8Array): this {
    return this.u8(b.length).raw(b);
  }
  finish(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

/** Strict reader: every read is bounds-checked, `end()` rejects trailing bytes. */
export class Reader {
  private pos = 0;
  constructor(
    private readonly buf: Uint8Array,
    private readonly what: string,
  ) {}

  private need(n: number, field: string): void {
    if (this.pos + n > this.buf.length) {
      throw new RangeError(
        `${this.what}: truncated at ${field} (need ${n} bytes at offset ${this.pos}, have ${this.buf.length - this.pos})`,
      );
    }
  }
  u8(field: string): number {
    this.need(1, field);
    return this.buf[this.pos++]!;
  }
  u16(field: string): number {
    this.need(2, field);
    const v = (this.buf[this.pos]! << 8) | this.buf[this.pos + 1]!;
    this.pos += 2;
    return v;
  }
  u32(field: string): number {
    this.need(4, field);
    const b = this.buf;
    const p = this.pos;
    const v = ((b[p]! << 24) >>> 0) + ((b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!);
    this.pos += 4;
    return v;
  }
  raw(n: number, field: string): Uint8Array {
    this.need(n, field);
    const out = this.buf.slice(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  bytes8(field: string, min: number, max: number): Uint8Array {
    const n = this.u8(field + ' length');
    if (n < min || n > max) {
      throw new RangeError(`${this.what}: ${field} length ${n} outside ${min}..${max}`);
    }
    return this.raw(n, field);
  }
  get offset(): number {
    return this.pos;
  }
  end(): void {
    if (this.pos !== this.buf.length) {
      throw new RangeError(`${this.what}: ${this.buf.length - this.pos} trailing bytes after offset ${this.pos}`);
    }
  }
}
