/**
 * The transcript file's strict base64 reader (src/table/transcript-file.ts):
 * RFC 4648 §10's test vectors both ways, and the refusals that make each
 * byte string have exactly one text (padding, alphabet, unused bits, §3.5).
 */
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '../../src/table/transcript-file.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('strict base64', () => {
  it.each([
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
  ])('RFC 4648 §10: %j is %j', (plain, text) => {
    expect(bytesToBase64(bytes(plain))).toBe(text);
    expect(base64ToBytes(text)).toEqual(bytes(plain));
  });

  it('reads every byte value back', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (let n = 0; n <= all.length; n += 37)
      expect(base64ToBytes(bytesToBase64(all.subarray(0, n)))).toEqual(all.subarray(0, n));
  });

  it.each([
    ['no padding', 'Zg'],
    ['a length not a multiple of 4', 'Zm9vY'],
    ['padding inside', 'Zg==Zm9v'],
    ['a third pad', 'Z==='],
    ['only padding', '===='],
    ['a character outside the alphabet', 'Zm9-'],
    ['URL-safe base64', 'Zm9_'],
    ['a non-ASCII character', 'Zm9é'],
    ['white space', 'Zm9v\n'],
    ['unused bits set under one pad (non-canonical)', 'Zm9='],
    ['unused bits set under two pads (non-canonical)', 'Zh=='],
  ])('refuses %s', (_what, text) => {
    expect(base64ToBytes(text)).toBeNull();
  });
});
