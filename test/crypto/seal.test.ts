/**
 * The seal context (crypto/seal.ts `sealAad`), the associated data every
 * pairwise sealed payload is bound to: every malformed field is refused with
 * its own message. Its byte layout: seal-vectors.test.ts; payloads bound to
 * it (sealWith / openWith): seal-pair.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { sealAad } from '../../crypto/index.js';

const ctx = { tableId: new TextEncoder().encode('table'), handNo: 3, packet: 0, purpose: 'keys', from: 1, to: 0 };

describe('the seal context', () => {
  test.each([
    ['empty table id', { ...ctx, tableId: new Uint8Array(0) }, RangeError, /tableId: expected 1\.\.64 bytes, got 0/],
    ['hand number out of range', { ...ctx, handNo: 2 ** 32 }, RangeError, /handNo: expected 0\.\.4294967295/],
    ['fractional packet', { ...ctx, packet: 1.5 }, TypeError, /packet: expected an integer/],
    ['empty purpose', { ...ctx, purpose: '' }, RangeError, /purpose: expected 1\.\.64 bytes, got 0/],
    ['recipient 256', { ...ctx, to: 256 }, RangeError, /to: expected 0\.\.255/],
    [
      'sender 255 (only a recipient may be every seat)',
      { ...ctx, from: 255 },
      RangeError,
      /^seal context from: expected 0\.\.254/,
    ],
  ])('refuses a malformed seal context (%s)', (_n, c, type, message) => {
    expect(() => sealAad(c)).toThrow(type);
    expect(() => sealAad(c)).toThrow(message);
  });
});
