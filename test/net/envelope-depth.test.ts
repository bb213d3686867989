/**
 * The envelope gate never throws, however deep the nesting (`decodeEnvelope`,
 * src/net/envelope.ts, with cbor-depth.ts): a validly signed act whose move
 * nests 2,500 levels deep used to throw RangeError (call stack exceeded) on a
 * cold process — the decoder and the signing bytes' encoder recurse once per
 * level, and a cold process's frames are larger. Now anything deeper than
 * MAX_NESTING is refused before either runs, with one reason, in this
 * (warm) process and as the first thing a fresh process does; and the depth
 * scan agrees with the depth of any value cborg encodes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode as cborEncode } from 'cborg';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NESTING, nestingProblem } from '../../src/net/cbor-depth.js';
import { decodeEnvelope, encodeEnvelope, signEnvelope } from '../../src/net/envelope.js';
import { runs, seedFor } from '../helpers/depth.js';
import { testSigner } from '../helpers/signers.js';

const TABLE = 'deeptbl-0011223344556677';
const mallory = testSigner(9);
const repo = join(import.meta.dirname, '..', '..');
const tsx = join(repo, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const PLACEHOLDER = 'nested-move-goes-here';
const REFUSED = `nested deeper than ${MAX_NESTING} levels`;

/** CBOR of `depth` arrays, each holding the next, the innermost empty: [[[…[]…]]]. */
function nested(depth: number): Uint8Array {
  const out = new Uint8Array(depth);
  out.fill(0x81, 0, depth - 1);
  out[depth - 1] = 0x80;
  return out;
}

function splice(bytes: Uint8Array, what: Uint8Array, by: Uint8Array): Uint8Array {
  const hex = Buffer.from(bytes).toString('hex');
  const at = hex.indexOf(Buffer.from(what).toString('hex'));
  if (at < 0 || at % 2) throw new Error('placeholder not found');
  return concatBytes(bytes.slice(0, at / 2), by, bytes.slice(at / 2 + what.length));
}

/**
 * A validly signed act whose move is `depth` arrays deep, built without recursing: the move is a placeholder while
 * the envelope is encoded, then its bytes are replaced by the nested ones, in the signed bytes and in the envelope.
 */
function deepAct(depth: number): Uint8Array {
  const body = {
    hand: 0,
    n: 0,
    at: 0,
    hash: new Uint8Array(32),
    type: 'act' as const,
    data: { action: PLACEHOLDER, keys: [] },
  };
  const unsigned = { v: 1, kind: 'table-event', table: TABLE, from: mallory.publicKey, seq: 1, to: null, body };
  const placeholder = cborEncode(PLACEHOLDER);
  const move = nested(depth);
  const signing = concatBytes(utf8ToBytes('fairdeck/envelope/v1\0'), splice(cborEncode(unsigned), placeholder, move));
  const sig = mallory.sign(signing);
  return splice(cborEncode({ ...unsigned, sig }), placeholder, move);
}

describe('in this process', () => {
  it.each([MAX_NESTING + 1, 100, 2_500, 100_000, 400_000])(
    'a signed act %i levels deep is refused, no throw',
    (depth) => {
      const decoded = decodeEnvelope(deepAct(depth), TABLE);
      expect(decoded).toEqual({ ok: false, error: REFUSED });
    },
  );

  it('a signed act just within the limit decodes and its signature holds (the splice signs what it sends)', () => {
    // Envelope, body and data take three levels; a move of d nested arrays (the innermost empty) d − 1.
    const decoded = decodeEnvelope(deepAct(MAX_NESTING - 2), TABLE);
    expect(decoded.ok).toBe(true);
    const over = decodeEnvelope(deepAct(MAX_NESTING - 1), TABLE);
    expect(over).toEqual({ ok: false, error: REFUSED });
  });

  it('honest envelopes pass the scan', () => {
    const hello = signEnvelope(mallory, {
      kind: 'hello',
      table: TABLE,
      seq: 3,
      to: null,
      body: { peerId: 'fd-x-1', name: 'M' },
    });
    expect(nestingProblem(encodeEnvelope(hello))).toBeNull();
    expect(decodeEnvelope(encodeEnvelope(hello), TABLE).ok).toBe(true);
  });
});

it('a fresh process decodes a signed act 2,500 and 400,000 levels deep as its first work, without throwing', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'fairdeck-depth-')), 'payloads.txt');
  writeFileSync(file, [2_500, 400_000].map((d) => Buffer.from(deepAct(d)).toString('base64')).join('\n'));
  const run = spawnSync(process.execPath, [tsx, join(repo, 'test', 'fixtures', 'decode-cold.ts'), file, TABLE], {
    cwd: repo,
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const lines = run.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);
  expect(lines).toEqual([
    { ok: false, error: REFUSED },
    { ok: false, error: REFUSED },
  ]);
}, 60_000);

describe('the depth scan', () => {
  /** Nesting of a value as cborg encodes it: a non-empty array or map adds one level (an empty one holds nothing to recurse into). */
  function depthOf(value: unknown): number {
    const children = Array.isArray(value)
      ? value
      : value !== null && typeof value === 'object' && !(value instanceof Uint8Array)
        ? Object.values(value)
        : [];
    return children.length ? 1 + Math.max(...children.map(depthOf)) : 0;
  }

  it('agrees with the depth of any encoded value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 12 }), fc.integer({ min: 1, max: 12 }), (value, max) => {
        const bytes = cborEncode(value);
        expect(nestingProblem(bytes, max) === null).toBe(depthOf(value) <= max);
      }),
      { numRuns: runs(300, 5_000), seed: seedFor(31) },
    );
  });

  it.each([
    ['a map counts a key and a value per entry', { a: 1, b: [[[1]]] }, 3, 'nested deeper than 3 levels'],
    ['a map within the limit', { a: [[1]], b: 2 }, 3, null],
    ['a map nested past the limit', { a: { b: { c: { d: 1 } } } }, 3, 'nested deeper than 3 levels'],
    [
      'byte strings are skipped whole, even when they look like arrays',
      concatBytes(Uint8Array.of(0x81, 0x59, 0x01, 0x2c), new Uint8Array(300).fill(0x81)),
      1,
      null,
    ],
    ['a tag is one level', new Uint8Array([0xc1, 0x81, 0x81, 0x80]), 2, 'nested deeper than 2 levels'],
    [
      'a length beyond the bytes is left to the decoder',
      new Uint8Array([0x9b, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]),
      1,
      null,
    ],
    ['an indefinite length is left to the decoder', new Uint8Array([0x9f, 0x81, 0x81, 0x80, 0xff]), 1, null],
  ] as const)('%s', (_what, input, max, expected) => {
    const bytes = input instanceof Uint8Array ? input : cborEncode(input);
    expect(nestingProblem(bytes, max)).toBe(expected);
  });
});
