/**
 * The table fingerprint (src/table/fingerprint.ts) is read aloud between
 * friends, possibly running different Fairdeck versions: the same table and
 * seat keys must give the same eight symbols and words everywhere. This
 * pins the 64-symbol table (each symbol with its word, in order) and the
 * derivation: SHA-256 over the domain, the table id, the seat count and each
 * seat's key (a free seat as 32 zero bytes), the first 48 bits read as eight
 * 6-bit indices, most significant first. Checked against an independent
 * computation here and against fixed vectors. The table is built when the
 * module loads, so the module is loaded afresh in each test (`loadedNow`).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { loadedNow } from '../helpers/loaded-now.js';

const load = () => loadedNow(() => import('../../src/table/fingerprint.js'));
const key = (n: number) => new Uint8Array(32).fill(n);

/** The symbols by index: changing one changes every fingerprint that shows it. */
const SYMBOLS: readonly (readonly [string, string])[] = [
  ['🦊', 'fox'],
  ['🐙', 'octopus'],
  ['🌵', 'cactus'],
  ['🍋', 'lemon'],
  ['🚲', 'bicycle'],
  ['🎻', 'violin'],
  ['🐝', 'bee'],
  ['🌙', 'moon'],
  ['🍄', 'mushroom'],
  ['🐢', 'turtle'],
  ['🎈', 'balloon'],
  ['🔑', 'key'],
  ['🦉', 'owl'],
  ['🍉', 'melon'],
  ['⚓', 'anchor'],
  ['🐳', 'whale'],
  ['🌻', 'sunflower'],
  ['🎩', 'hat'],
  ['🦀', 'crab'],
  ['🍒', 'cherry'],
  ['🚀', 'rocket'],
  ['🐧', 'penguin'],
  ['🌈', 'rainbow'],
  ['🎲', 'dice'],
  ['🦋', 'butterfly'],
  ['🍕', 'pizza'],
  ['⛵', 'sailboat'],
  ['🐌', 'snail'],
  ['🔔', 'bell'],
  ['🌶', 'pepper'],
  ['🦒', 'giraffe'],
  ['🍩', 'donut'],
  ['🪁', 'kite'],
  ['🐸', 'frog'],
  ['🌲', 'pine'],
  ['🎺', 'trumpet'],
  ['🦔', 'hedgehog'],
  ['🍇', 'grapes'],
  ['🧭', 'compass'],
  ['🐘', 'elephant'],
  ['❄', 'snowflake'],
  ['🎯', 'target'],
  ['🦜', 'parrot'],
  ['🥕', 'carrot'],
  ['🏮', 'lantern'],
  ['🐞', 'ladybug'],
  ['🌊', 'wave'],
  ['🧩', 'puzzle'],
  ['🦩', 'flamingo'],
  ['🍓', 'strawberry'],
  ['🔭', 'telescope'],
  ['🐿', 'squirrel'],
  ['🌋', 'volcano'],
  ['🎸', 'guitar'],
  ['🦓', 'zebra'],
  ['🥨', 'pretzel'],
  ['🛶', 'canoe'],
  ['🐬', 'dolphin'],
  ['🌰', 'chestnut'],
  ['🪐', 'planet'],
  ['🦚', 'peacock'],
  ['🍍', 'pineapple'],
  ['🧲', 'magnet'],
  ['🐨', 'koala'],
];

/** The fingerprint computed here, independently of the module. */
function expected(table: string, keys: readonly (Uint8Array | null)[]): { emoji: string; words: string } {
  const text = new TextEncoder();
  const parts = [...text.encode('fairdeck/fingerprint/v1\0'), ...text.encode(table), keys.length];
  for (const k of keys) parts.push(...(k ?? new Uint8Array(32)));
  const digest = sha256(Uint8Array.from(parts));
  const picked: (readonly [string, string])[] = [];
  for (let i = 0; i < 8; i++) {
    // Bits 6i .. 6i+5 of the digest, most significant bit first.
    let index = 0;
    for (let bit = 6 * i; bit < 6 * i + 6; bit++) index = (index << 1) | ((digest[bit >> 3]! >> (7 - (bit & 7))) & 1);
    picked.push(SYMBOLS[index]!);
  }
  return { emoji: picked.map(([e]) => e).join(''), words: picked.map(([, w]) => w).join(' ') };
}

/** Tables whose fingerprints (seats keyed 0x01…, 0x02…) together show all 64 symbols. */
const VECTORS: [string, string, string][] = [
  ['tbl-0', '🚲🐨🧭🍍🦊🦜🌊🦒', 'bicycle koala compass pineapple fox parrot wave giraffe'],
  ['tbl-1', '🎺🦉🦊🦜🍋🛶🦔🍋', 'trumpet owl fox parrot lemon canoe hedgehog lemon'],
  ['tbl-2', '🧭🧲⚓🚲🦜🥨🦋🚲', 'compass magnet anchor bicycle parrot pretzel butterfly bicycle'],
  ['tbl-3', '🍋🐝🦊🎩🧩🎻🦓🎯', 'lemon bee fox hat puzzle violin zebra target'],
  ['tbl-4', '🌊🍒🦔🦀⛵🦊🚀🐧', 'wave cherry hedgehog crab sailboat fox rocket penguin'],
  ['tbl-5', '🍉🌵🎻🦉🌲🔑🎲🧲', 'melon cactus violin owl pine key dice magnet'],
  ['tbl-6', '🍒🌵🍒🥕🎯🦚🐨🐌', 'cherry cactus cherry carrot target peacock koala snail'],
  ['tbl-7', '🌰🐙🦚🐘🦒🎩🍩🍋', 'chestnut octopus peacock elephant giraffe hat donut lemon'],
  ['tbl-8', '🧩🦊🐬🐝🌶🪁🧩🍍', 'puzzle fox dolphin bee pepper kite puzzle pineapple'],
  ['tbl-9', '🦩🐙🌵🔔🍄⛵🐢🧩', 'flamingo octopus cactus bell mushroom sailboat turtle puzzle'],
  ['tbl-10', '🐳⚓🍉🐞🎺🎯🚲🦓', 'whale anchor melon ladybug trumpet target bicycle zebra'],
  ['tbl-11', '🐸🐝🌵🌲🦉🐢🍇🍉', 'frog bee cactus pine owl turtle grapes melon'],
  ['tbl-12', '🐢🎸🦚🥨🌻🧩🍉🔭', 'turtle guitar peacock pretzel sunflower puzzle melon telescope'],
  ['tbl-13', '🎲❄🚀🎲🪁🍇🧭🐸', 'dice snowflake rocket dice kite grapes compass frog'],
  ['tbl-14', '🍄🌰🐨🐝🚀🌰🧲🍓', 'mushroom chestnut koala bee rocket chestnut magnet strawberry'],
  ['tbl-17', '🎺🦩🔭🎈🍓🍋🍉🐘', 'trumpet flamingo telescope balloon strawberry lemon melon elephant'],
  ['tbl-19', '🦩🦚🌙🎈🎺🌲🦔🪐', 'flamingo peacock moon balloon trumpet pine hedgehog planet'],
  ['tbl-21', '🍕🍒🎸🦊🎈🐳🍇🍄', 'pizza cherry guitar fox balloon whale grapes mushroom'],
  ['tbl-25', '🔭🍓🧭🐿🌻🎸🎻🍕', 'telescope strawberry compass squirrel sunflower guitar violin pizza'],
  ['tbl-32', '🦓🍓🦒🐳🐞🦉🌙🌋', 'zebra strawberry giraffe whale ladybug owl moon volcano'],
  ['tbl-40', '🏮🌙🎸🍇🦀🐳🐳🐢', 'lantern moon guitar grapes crab whale whale turtle'],
  ['tbl-41', '🐞🔑🐬🐬🎸🌈🍉🦋', 'ladybug key dolphin dolphin guitar rainbow melon butterfly'],
];

describe('tableFingerprint', () => {
  it('the symbol table has 64 distinct symbols and words', () => {
    expect(SYMBOLS).toHaveLength(64);
    expect(new Set(SYMBOLS.map(([e]) => e)).size).toBe(64);
    expect(new Set(SYMBOLS.map(([, w]) => w)).size).toBe(64);
  });

  it('the fixed vectors show every one of the 64 symbols', () => {
    const words = new Set(VECTORS.flatMap(([, , w]) => w.split(' ')));
    expect([...words].sort()).toEqual(SYMBOLS.map(([, w]) => w).sort());
  });

  it.each(VECTORS)('table %s, two seats: %s (%s)', async (table, emoji, words) => {
    const { tableFingerprint } = await load();
    expect(tableFingerprint(table, [key(1), key(2)])).toEqual({ emoji, words });
    expect(expected(table, [key(1), key(2)])).toEqual({ emoji, words });
  });

  it.each([
    ['a free second seat', 't', [key(1), null]],
    ['one seat', 't', [key(1)]],
    ['three seats, two free', 't', [key(1), null, null]],
    ['no seat, empty table id', '', []],
    ['eight seats', 'table-0123456789abcdef', [key(9), key(8), key(7), key(6), key(5), key(4), key(3), key(255)]],
  ] as [string, string, (Uint8Array | null)[]][])(
    '%s: the derivation computed independently',
    async (_what, table, keys) => {
      const { tableFingerprint } = await load();
      expect(tableFingerprint(table, keys)).toEqual(expected(table, keys));
    },
  );

  it('a free seat reads as 32 zero bytes, and filling it changes the fingerprint', async () => {
    const { tableFingerprint } = await load();
    expect(tableFingerprint('t', [key(1), null])).toEqual({
      emoji: '🦓⛵🦜🛶🦊🎲🍉🐨',
      words: 'zebra sailboat parrot canoe fox dice melon koala',
    });
    expect(tableFingerprint('t', [key(1), new Uint8Array(32)])).toEqual(tableFingerprint('t', [key(1), null]));
    expect(tableFingerprint('t', [key(1), key(2)])).not.toEqual(tableFingerprint('t', [key(1), null]));
    // The seat count is hashed: one more free seat is another fingerprint.
    expect(tableFingerprint('t', [key(1), null, null]).words).toBe(
      'snail snowflake flamingo moon dolphin chestnut butterfly owl',
    );
    expect(tableFingerprint('t', [key(1)]).words).toBe('pretzel cherry peacock magnet whale bell penguin octopus');
  });
});
