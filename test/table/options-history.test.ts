/**
 * The options each hand is played under, as the creator's roster keeps them
 * (src/table/options-history.ts): a change made after a hand started keeps the
 * options played so far, a change before the next hand replaces the one not
 * played yet, the list is bounded (a change past the bound is refused, saying
 * why, and changes nothing), and the wire schema takes a roster with or
 * without it. A joiner's lobby refuses a roster whose earlier options do not
 * fit — out of order, past the hands started, or not playable — says why, and
 * keeps the roster it had. On a recording mesh, without links or crypto.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/net/envelope.js';
import type { Mesh } from '../../src/net/mesh.js';
import { MAX_OPTION_CHANGES, rosterSchema, type Roster } from '../../src/net/messages.js';
import { Lobby } from '../../src/table/lobby.js';
import { earlierOptionsProblem, optionsOfHand, withOptions } from '../../src/table/options-history.js';
import { peerIdFor } from '../../src/table/table-id.js';

const CREATOR_KEY = new Uint8Array(32).fill(0xc1);
const CREATOR = bytesToHex(CREATOR_KEY);
const TABLE = `abcdefgh-${CREATOR.slice(0, 16)}`;
const ON = { voluntaryPickup: true };
const OFF = { voluntaryPickup: false };

const roster = (hands: number, extra: Partial<Roster> = {}): Roster => ({
  version: 4,
  config: { game: 'stress-shed', seats: 2, options: {} },
  seats: [{ key: CREATOR_KEY, name: 'Ann', peerId: peerIdFor(TABLE, CREATOR) }, null],
  hands,
  ...extra,
});
const changed = (r: Roster, options: Roster['config']['options']): Roster => {
  const next = withOptions(r, options);
  if (typeof next === 'string') throw new Error(next);
  return next;
};

describe('the options of earlier hands', () => {
  it('a change after hands were played keeps the options they were played under', () => {
    const once = changed(roster(2), ON);
    expect(once.config.options).toEqual(ON);
    expect(once.earlierOptions).toEqual([{ untilHand: 2, options: {} }]);
    expect([0, 1, 2, 3].map((hand) => optionsOfHand(once, hand))).toEqual([{}, {}, ON, ON]);
    const twice = changed({ ...once, hands: 5 }, OFF);
    expect([1, 2, 4, 5].map((hand) => optionsOfHand(twice, hand))).toEqual([{}, ON, ON, OFF]);
    expect(earlierOptionsProblem(twice)).toBeNull();
  });

  it('before any hand, or again before the next hand, a change only replaces the options not played yet', () => {
    expect(changed(roster(0), ON)).toEqual({ ...roster(0), config: { ...roster(0).config, options: ON } });
    const once = changed(roster(2), ON);
    expect(changed(once, OFF).earlierOptions).toEqual([{ untilHand: 2, options: {} }]);
    // Back to the options the last hand was played under: nothing has changed, and nothing is kept.
    const undone = changed(once, {});
    expect(undone).toEqual(roster(2));
    expect('earlierOptions' in undone).toBe(false);
    // The same options again keep nothing either.
    expect(changed(roster(2), {})).toEqual(roster(2));
  });

  it('is bounded: the change past the bound is refused, saying why', () => {
    let r = roster(0);
    for (let hand = 1; hand <= MAX_OPTION_CHANGES; hand++) r = changed({ ...r, hands: hand }, hand % 2 ? ON : OFF);
    expect(r.earlierOptions).toHaveLength(MAX_OPTION_CHANGES);
    expect(v.safeParse(rosterSchema, r).success).toBe(true);
    expect(withOptions({ ...r, hands: MAX_OPTION_CHANGES + 1 }, {})).toMatch(/changed 16 times since play started/);
    // Still replaceable before the next hand.
    expect(typeof withOptions(r, {})).toBe('object');
    const tooMany = { ...r, earlierOptions: [...r.earlierOptions!, { untilHand: 99, options: {} }] };
    expect(v.safeParse(rosterSchema, tooMany).success).toBe(false);
  });

  it('on the wire: optional (older rosters read the same), and strict', () => {
    expect(v.safeParse(rosterSchema, roster(1)).success).toBe(true);
    expect(v.safeParse(rosterSchema, changed(roster(1), ON)).success).toBe(true);
    const odd = { ...roster(1), earlierOptions: [{ untilHand: 1, options: {}, note: 'x' }] };
    expect(v.safeParse(rosterSchema, odd).success).toBe(false);
  });

  it.each([
    [
      'out of order',
      [
        { untilHand: 3, options: {} },
        { untilHand: 2, options: ON },
      ],
      /out of order/,
    ],
    ['at hand 0', [{ untilHand: 0, options: {} }], /out of order/],
    ['past the hands started', [{ untilHand: 5, options: {} }], /past the 3 hands started/],
    ['with options the game does not take', [{ untilHand: 2, options: { nonsense: 1 } }], /hands 1 to 2 .*nonsense/],
  ])('a roster with earlier options %s has a problem', (_, earlierOptions, problem) => {
    expect(earlierOptionsProblem(roster(3, { earlierOptions }))).toMatch(problem);
  });
});

describe('a joiner’s lobby', () => {
  it('refuses a roster whose earlier options do not fit, says why, and keeps its roster; takes a good one', async () => {
    const selfKey = bytesToHex(new Uint8Array(32).fill(2));
    const mesh = {
      table: TABLE,
      selfKey,
      peerId: peerIdFor(TABLE, selfKey),
      authorize: () => {},
      send: () => {},
      want: () => {},
      reachability: () => 'direct' as const,
    };
    const log: string[] = [];
    const saved: Roster[] = [];
    const lobby = new Lobby({
      mesh: mesh as unknown as Mesh,
      store: { loadRoster: async () => roster(3), saveRoster: async (_, r) => void saved.push(r) },
      name: 'Bo',
      onChange: () => {},
      onLog: (line) => log.push(line),
    });
    await lobby.open();
    const receive = (body: Roster) => lobby.receive({ kind: 'roster', from: CREATOR_KEY, body } as unknown as Envelope);
    const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

    receive(
      roster(3, {
        version: 5,
        config: { ...roster(3).config, options: ON },
        earlierOptions: [{ untilHand: 7, options: {} }],
      }),
    );
    await flush();
    expect(log).toEqual([
      "refused the table's seating: its options of earlier hands are out of order or past the 3 hands started (a change before hand 8)",
    ]);
    expect(lobby.view().rosterVersion).toBe(4);
    expect(lobby.view().configProblem).toMatch(/out of order/);
    expect(saved).toEqual([]);

    const good = changed({ ...roster(3), version: 6 }, ON);
    receive(good);
    await flush();
    expect(lobby.view().configProblem).toBeNull();
    expect(saved).toEqual([good]);
    expect([2, 3].map((hand) => lobby.optionsOf(hand))).toEqual([{}, ON]);
  });
});
