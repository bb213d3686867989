/**
 * Who a table link names: the table id (8 random chars from an alphabet
 * without look-alikes, a dash, and the creator's 16-hex key prefix, which
 * every peer reads the creator from), the peer ids derived from it, and the
 * introducers (`via=`): people seated other than the creator, live ones
 * first, one per seat at most, never a bot, each named by its key prefix.
 */
import { describe, expect, it } from 'vitest';
import { CREATOR_PREFIX_HEX, newTableId, parseTableId, peerIdFor } from '../../src/table/table-id.js';
import { formatIntroducers, introducerPeerIds, introducersOf, parseIntroducers } from '../../src/table/introducers.js';

const CREATOR = '0123456789abcdef' + 'ff'.repeat(24);

describe('table ids', () => {
  it('are 8 chars of the alphabet, a dash and the creator key prefix', () => {
    // 0 → a, 31 → 9, 32 wraps to a, 8 → i, 10 → k (no l), 13 → p (no o), 255 % 32 → 9, 24 → 2; only the first 8 bytes count.
    const id = newTableId(CREATOR, new Uint8Array([0, 31, 32, 8, 10, 13, 255, 24, 7, 7]));
    expect(id).toBe('a9aikp92-0123456789abcdef');
    expect(CREATOR_PREFIX_HEX).toBe(16);
    expect(parseTableId(id)).toEqual({ ok: true, value: { table: id, creatorPrefix: '0123456789abcdef' } });
  });

  it('are random by default, still parseable', () => {
    const a = newTableId(CREATOR);
    const b = newTableId(CREATOR);
    expect(parseTableId(a).ok).toBe(true);
    expect(a).toMatch(/^[a-z2-9]{8}-0123456789abcdef$/);
    expect(a).not.toBe(b);
  });

  it.each([
    ['abcdefgh-0123456789abcde', 'too short a prefix'],
    ['abcdefgh-0123456789abcdef0', 'too long a prefix'],
    ['xabcdefgh-0123456789abcdef', 'text before'],
    ['abcdefgh-0123456789abcdefx', 'text after'],
    ['abcdefg-0123456789abcdef', 'seven chars'],
    ['abcdefgH-0123456789abcdef', 'a capital'],
    ['abcdefg1-0123456789abcdef', 'a 1 (not in the alphabet)'],
    ['abcdefgh-0123456789ABCDEF', 'capital hex'],
    ['abcdefgh_0123456789abcdef', 'no dash'],
    ['a-0123456789abcdef', 'one char'],
    ['abcdefgh-0', 'one hex digit'],
    ['abcdefgh-xxxxxxxxxxxxxxxx', 'a prefix that is not hex'],
  ])('refuses %s (%s), quoting it', (text) => {
    expect(parseTableId(text)).toEqual({ ok: false, error: `"${text}" is not a Fairdeck table id` });
  });

  it('quotes at most 40 chars of a long non-id', () => {
    const text = 'x'.repeat(50);
    expect(parseTableId(text)).toEqual({ ok: false, error: `"${'x'.repeat(40)}" is not a Fairdeck table id` });
  });

  it('derive peer ids from the table and the key prefix', () => {
    expect(peerIdFor('abcdefgh-0123456789abcdef', CREATOR)).toBe('fd-abcdefgh-0123456789abcdef-0123456789abcdef');
  });
});

describe('introducers', () => {
  const A = 'aaaaaaaaaaaaaaaa';
  const B = 'bbbbbbbbbbbbbbbb';
  const C = 'cccccccccccccccc';

  it('parse the prefixes a link names, dropping anything else and repeats', () => {
    expect(parseIntroducers(null)).toEqual([]);
    expect(parseIntroducers('')).toEqual([]);
    expect(parseIntroducers(`${A},${B},${A},x${C},${C}x,ABCDEFABCDEFABCD,${C.slice(1)},,0123456789abcdef`)).toEqual([
      A,
      B,
      '0123456789abcdef',
    ]);
  });

  it('name at most one per seat', () => {
    const many = Array.from({ length: 10 }, (_, i) => i.toString(16).repeat(16));
    expect(parseIntroducers(many.join(','))).toEqual(many.slice(0, 8));
    expect(formatIntroducers(many)).toBe(`via=${many.slice(0, 8).join(',')}`);
  });

  it('format whole keys as their prefixes, once each, or nothing', () => {
    expect(formatIntroducers([A + '11'.repeat(24), B, A + '22'.repeat(24), 'not-hex-at-all!!', 'abc'])).toBe(
      `via=${A},${B}`,
    );
    expect(formatIntroducers([])).toBeNull();
    expect(formatIntroducers(['xyz'])).toBeNull();
  });

  it('of a table are its seated people but the creator, the live ones when there are any', () => {
    const table = `abcdefgh-${C}`;
    const seat = (keyHex: string | null, bot: unknown = null, reachability: string | null = 'direct') => ({
      keyHex,
      bot,
      reachability,
    });
    expect(
      introducersOf(table, [
        seat(C + '00'.repeat(24)),
        seat(A + '00'.repeat(24)),
        seat(null),
        seat(B + '11'.repeat(24), { hostSeat: 0 }),
        seat(B + '00'.repeat(24)),
      ]),
    ).toEqual([A, B]);
    // An offline seat is left out while another is live…
    expect(introducersOf(table, [seat(C), seat(A, null, 'offline'), seat(B, null, 'relayed')])).toEqual([B]);
    expect(introducersOf(table, [seat(C), seat(A, null, 'offline'), seat(B)])).toEqual([B]);
    // …and kept when none is.
    expect(introducersOf(table, [seat(C), seat(A, null, 'offline'), seat(B, null, 'offline')])).toEqual([A, B]);
    expect(introducersOf(table, [seat(C), seat(A + '01'), seat(A + '02')])).toEqual([A]);
    expect(introducersOf(table, [seat(C)])).toEqual([]);
    // A bot is never named, whatever its key; only the creator's 16-hex prefix is left out.
    expect(introducersOf(table, [seat(C), seat(A, { hostSeat: 0 })])).toEqual([]);
    expect(introducersOf('abcdefgh-0123456789abcdef', [seat('89abcdef' + A), seat('0123456789abcdef' + A)])).toEqual([
      '89abcdef' + A.slice(8),
    ]);
  });

  it('of a full table of nine would still be eight', () => {
    const keys = Array.from({ length: 9 }, (_, i) => (i + 1).toString(16).repeat(16));
    expect(
      introducersOf(
        'abcdefgh-0000000000000000',
        keys.map((k) => ({ keyHex: k, bot: null })),
      ),
    ).toEqual(keys.slice(0, 8));
  });

  it('are linked to by their peer ids at the table', () => {
    expect(introducerPeerIds('abcdefgh-0123456789abcdef', [A, B])).toEqual([
      `fd-abcdefgh-0123456789abcdef-${A}`,
      `fd-abcdefgh-0123456789abcdef-${B}`,
    ]);
  });
});
