/**
 * crypto/bytes.ts on its own: the named asserts throw the documented error
 * class with the exact message (and accept the bounds themselves), the byte
 * helpers give known answers, the Writer is big-endian and grows past its
 * first buffer, and the Reader reads big-endian, refuses every truncation
 * and trailing byte with a message that names the field and the offset.
 * The codec tests (codec.test.ts) cover the same code through real messages;
 * these pin each helper's contract where a message format does not reach it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Reader,
  Writer,
  aarray,
  abigint,
  abytes,
  aint,
  concatBytes,
  equalBytes,
  toHex,
  utf8,
} from '../../crypto/bytes.js';

/** Runs `f` and returns what it threw (fails if it did not throw). */
function thrown(f: () => unknown): Error {
  try {
    f();
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`threw a non-Error: ${String(error)}`, { cause: error });
  }
  throw new Error('did not throw');
}

function expectThrow(f: () => unknown, kind: typeof TypeError | typeof RangeError, message: string): void {
  const error = thrown(f);
  expect(error).toBeInstanceOf(kind);
  expect(error.message).toBe(message);
}

describe('named asserts', () => {
  it('abytes: a Uint8Array of the right length is returned as is; anything else is named', () => {
    const four = new Uint8Array(4);
    expect(abytes(four, 'x')).toBe(four);
    expect(abytes(four, 'x', 4)).toBe(four);
    expect(abytes(four, 'x', [4, 4])).toBe(four);
    expect(abytes(four, 'x', [0, 9])).toBe(four);
    expectThrow(() => abytes(null, 'key'), TypeError, 'key: expected Uint8Array, got null');
    expectThrow(() => abytes([1, 2], 'key'), TypeError, 'key: expected Uint8Array, got array');
    expectThrow(() => abytes('ab', 'key'), TypeError, 'key: expected Uint8Array, got string');
    expectThrow(() => abytes(undefined, ''), TypeError, 'expected Uint8Array, got undefined');
    expectThrow(() => abytes(four, 'key', 5), RangeError, 'key: expected 5 bytes, got 4');
    expectThrow(() => abytes(four, 'key', 3), RangeError, 'key: expected 3 bytes, got 4');
    expectThrow(() => abytes(four, 'key', [5, 9]), RangeError, 'key: expected 5..9 bytes, got 4');
    expectThrow(() => abytes(four, 'key', [1, 3]), RangeError, 'key: expected 1..3 bytes, got 4');
  });

  it('aint: safe integers inside [min, max], bounds included', () => {
    expect(aint(0, 'n', 0, 3)).toBe(0);
    expect(aint(3, 'n', 0, 3)).toBe(3);
    expectThrow(() => aint(-1, 'n', 0, 3), RangeError, 'n: expected 0..3, got -1');
    expectThrow(() => aint(4, 'n', 0, 3), RangeError, 'n: expected 0..3, got 4');
    expectThrow(() => aint(1.5, 'n', 0, 3), TypeError, 'n: expected an integer, got number');
    expectThrow(() => aint(2 ** 53, 'n', 0, 2 ** 60), TypeError, 'n: expected an integer, got number');
    expectThrow(() => aint(1n, 'n', 0, 3), TypeError, 'n: expected an integer, got bigint');
    expectThrow(() => aint(new Uint8Array(2), 'n', 0, 3), TypeError, 'n: expected an integer, got Uint8Array(2)');
  });

  it('abigint and aarray', () => {
    expect(abigint(7n, 'k')).toBe(7n);
    expectThrow(() => abigint(7, 'k'), TypeError, 'k: expected bigint, got number');
    const list = [1, 2];
    expect(aarray(list, 'l')).toBe(list);
    expect(aarray(list, 'l', 2)).toBe(list);
    expectThrow(() => aarray({ length: 2 }, 'l'), TypeError, 'l: expected an array, got object');
    expectThrow(() => aarray(list, 'l', 3), RangeError, 'l: expected 3 entries, got 2');
  });
});

describe('byte helpers', () => {
  it('utf8, concatBytes, toHex give known answers', () => {
    expect([...utf8('ok')]).toEqual([0x6f, 0x6b]);
    expect(concatBytes()).toEqual(new Uint8Array(0));
    expect([...concatBytes(Uint8Array.of(1), new Uint8Array(0), Uint8Array.of(2, 3))]).toEqual([1, 2, 3]);
    expect(toHex(Uint8Array.of(0x00, 0x0f, 0x10, 0xff))).toBe('000f10ff');
    expect(toHex(new Uint8Array(0))).toBe('');
  });

  it('equalBytes compares every byte and the length', () => {
    const a = Uint8Array.of(1, 2, 3);
    expect(equalBytes(a, Uint8Array.of(1, 2, 3))).toBe(true);
    expect(equalBytes(a, Uint8Array.of(0, 2, 3))).toBe(false);
    expect(equalBytes(a, Uint8Array.of(1, 2, 4))).toBe(false);
    expect(equalBytes(a, Uint8Array.of(1, 2))).toBe(false);
    // A prefix is not equal, whichever side is longer, even when the extra byte is 0.
    expect(equalBytes(Uint8Array.of(1, 2), a)).toBe(false);
    expect(equalBytes(Uint8Array.of(1, 2, 0), Uint8Array.of(1, 2))).toBe(false);
    expect(equalBytes(new Uint8Array(0), new Uint8Array(0))).toBe(true);
  });
});

describe('Writer and Reader', () => {
  it('write big-endian integers and read them back', () => {
    const out = new Writer()
      .u8(0x1ab)
      .u16(0x0102)
      .u32(0xfedcba98)
      .bytes8(Uint8Array.of(9, 8))
      .raw(Uint8Array.of(7))
      .finish();
    expect(toHex(out)).toBe('ab' + '0102' + 'fedcba98' + '020908' + '07');
    const r = new Reader(out, 'msg');
    expect(r.u8('a')).toBe(0xab);
    expect(r.u16('b')).toBe(0x0102);
    expect(r.offset).toBe(3);
    expect(r.u32('c')).toBe(0xfedcba98);
    expect([...r.bytes8('d', 2, 2)]).toEqual([9, 8]);
    expect([...r.raw(1, 'e')]).toEqual([7]);
    r.end();
    expect(new Reader(Uint8Array.of(0xff, 0xff, 0xff, 0xff), 'm').u32('x')).toBe(0xffffffff);
    expect(new Reader(Uint8Array.of(0xff, 0xfe), 'm').u16('x')).toBe(0xfffe);
  });

  it('u16 and u32 round-trip every value (property, fixed seed)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0, max: 0xffffffff }), (a, b) => {
        const r = new Reader(new Writer().u16(a).u32(b).finish(), 'm');
        expect([r.u16('a'), r.u32('b')]).toEqual([a, b]);
        r.end();
      }),
      { seed: 1717, numRuns: 300 },
    );
  });

  it('the Writer grows past its first buffer, by doubling and by more at once', () => {
    const small = Uint8Array.from({ length: 200 }, (_, i) => i);
    const big = Uint8Array.from({ length: 1500 }, (_, i) => (i * 7) & 0xff);
    const w = new Writer().raw(small).raw(small).u8(1).raw(big).u32(0x01020304);
    const out = w.finish();
    expect(out.length).toBe(200 + 200 + 1 + 1500 + 4);
    expect(out.slice(0, 200)).toEqual(small);
    expect(out.slice(200, 400)).toEqual(small);
    expect(out[400]).toBe(1);
    expect(out.slice(401, 1901)).toEqual(big);
    expect([...out.slice(1901)]).toEqual([1, 2, 3, 4]);
    // One byte at a time across the boundary.
    const bytewise = new Writer();
    for (let i = 0; i < 600; i++) bytewise.u8(i);
    expect(bytewise.finish()).toEqual(Uint8Array.from({ length: 600 }, (_, i) => i & 0xff));
  });

  it('finish returns a copy: writing on does not change it', () => {
    const w = new Writer().u8(1);
    const first = w.finish();
    w.u8(2);
    expect([...first]).toEqual([1]);
    expect([...w.finish()]).toEqual([1, 2]);
  });

  it('the Reader refuses truncation and trailing bytes, naming the field and the offset', () => {
    expectThrow(
      () => new Reader(new Uint8Array(0), 'msg').u8('kind'),
      RangeError,
      'msg: truncated at kind (need 1 bytes at offset 0, have 0)',
    );
    const r = new Reader(Uint8Array.of(1, 2, 3), 'msg');
    r.u8('a');
    expectThrow(() => r.u32('count'), RangeError, 'msg: truncated at count (need 4 bytes at offset 1, have 2)');
    expectThrow(() => r.raw(3, 'body'), RangeError, 'msg: truncated at body (need 3 bytes at offset 1, have 2)');
    expect(r.u16('b')).toBe(0x0203);
    expectThrow(
      () => new Reader(Uint8Array.of(1), 'msg').u16('n'),
      RangeError,
      'msg: truncated at n (need 2 bytes at offset 0, have 1)',
    );
    expectThrow(
      () => new Reader(Uint8Array.of(1, 2, 3), 'msg').end(),
      RangeError,
      'msg: 3 trailing bytes after offset 0',
    );
    const two = new Reader(Uint8Array.of(5, 6), 'msg');
    two.u8('x');
    expectThrow(() => two.end(), RangeError, 'msg: 1 trailing bytes after offset 1');
  });

  it('bytes8 keeps its length inside [min, max], bounds included', () => {
    const three = Uint8Array.of(3, 1, 2, 3);
    expect([...new Reader(three, 'm').bytes8('id', 3, 3)]).toEqual([1, 2, 3]);
    expectThrow(() => new Reader(three, 'm').bytes8('id', 4, 9), RangeError, 'm: id length 3 outside 4..9');
    expectThrow(() => new Reader(three, 'm').bytes8('id', 0, 2), RangeError, 'm: id length 3 outside 0..2');
    expectThrow(
      () => new Reader(Uint8Array.of(4, 1), 'm').bytes8('id', 0, 9),
      RangeError,
      'm: truncated at id (need 4 bytes at offset 1, have 1)',
    );
    expectThrow(
      () => new Reader(new Uint8Array(0), 'm').bytes8('id', 0, 9),
      RangeError,
      'm: truncated at id length (need 1 bytes at offset 0, have 0)',
    );
  });
});
