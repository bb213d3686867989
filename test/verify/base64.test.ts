/**
 * The transcript file's strict base64 (src/verify/transcript-file.ts): RFC
 * 4648 §10's test vectors both ways, each of the 64 characters standing for
 * its value and every byte value read back, and the refusals that make each
 * byte string have exactly one text (padding, alphabet, characters above
 * 127, unused bits, §3.5), with the used bits under each padding read.
 */
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '../../src/verify/transcript-file.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('strict base64', () => {
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

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

  it('each of the 64 characters stands for its value, both ways', () => {
    // Three bytes per four characters: value i in the last six bits of every group.
    for (let i = 0; i < 64; i++) {
      const text = `AAA${ALPHABET[i]}`;
      expect(base64ToBytes(text)).toEqual(new Uint8Array([0, 0, i]));
      expect(bytesToBase64(new Uint8Array([0, 0, i]))).toBe(text);
      const high = `${ALPHABET[i]}AAA`;
      expect(base64ToBytes(high)).toEqual(new Uint8Array([i << 2, 0, 0]));
      expect(bytesToBase64(new Uint8Array([i << 2, 0, 0]))).toBe(high);
    }
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (let n = 0; n <= all.length; n++)
      expect(base64ToBytes(bytesToBase64(all.subarray(0, n)))).toEqual(all.subarray(0, n));
    expect(bytesToBase64(Uint8Array.from([0xfb, 0xff, 0xbf]))).toBe('+/+/');
    expect(base64ToBytes('+/+/')).toEqual(Uint8Array.from([0xfb, 0xff, 0xbf]));
  });

  it.each([
    ['no padding', 'Zg'],
    ['a length not a multiple of 4', 'Zm9vY'],
    ['padding inside', 'Zg==Zm9v'],
    ['one pad inside', 'Zm8=Zm9v'],
    ['a third pad', 'Z==='],
    ['only padding', '===='],
    ['a character outside the alphabet', 'Zm9-'],
    ['a character outside the alphabet, first', '-m9v'],
    ['a character outside the alphabet, second', 'Z-9v'],
    ['a character outside the alphabet, third', 'Zm-v'],
    ['a character outside the alphabet before a pad', 'Zm-='],
    ['URL-safe base64', 'Zm9_'],
    ['a non-ASCII character', 'Zm9é'],
    ['a DEL character', 'Zm9\u007f'],
    ['a character above 127 whose low bits are a letter', `Zm9${String.fromCharCode(0x80 + 65)}`],
    ['the first character above 127 (U+0080), last', 'Zm9\u0080'],
    ['the first character above 127 (U+0080), first', '\u0080AAA'],
    ['white space', 'Zm9v\n'],
    ['unused bits set under one pad (non-canonical)', 'Zm9='],
    ['the lowest unused bit set under one pad', 'Zm5='],
    ['the second unused bit set under one pad', 'Zm+='],
    ['unused bits set under two pads (non-canonical)', 'Zh=='],
    ['the lowest unused bit set under two pads', 'ZB=='],
    ['the highest unused bit set under two pads', 'ZI=='],
  ])('refuses %s', (_what, text) => {
    expect(base64ToBytes(text)).toBeNull();
  });

  it.each([
    ['the highest used bits under one pad', 'Zm8=', [0x66, 0x6f]],
    ['the highest used bit under two pads', 'Zw==', [0x67]],
    ['every used bit under two pads', '/w==', [0xff]],
    ['every used bit under one pad', '//8=', [0xff, 0xff]],
    ['a pad-free group then one pad', 'Zm9vZm8=', [0x66, 0x6f, 0x6f, 0x66, 0x6f]],
  ])('reads %s', (_what, text, out) => {
    expect(base64ToBytes(text)).toEqual(Uint8Array.from(out));
  });
});
