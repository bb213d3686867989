/**
 * Who the next hand's change lines name as changing the game and options
 * (next-terms.ts): the table's creator by the name it sits under, wherever it
 * sits — not whoever sits in seat 1 — and "the table's creator" when it holds
 * no seat, has no name, or this page does not know its key yet. Asked again
 * with nothing changed, it gives the same array, before every seat's ready is
 * in as after (the lobby redraws when its `nextChanges` is a new array).
 */
import { describe, expect, it } from 'vitest';
import { keyHex } from '../../src/net/envelope.js';
import type { Roster, SeatMember } from '../../src/net/messages.js';
import type { HandSession } from '../../src/table/hand-session.js';
import { NextTerms } from '../../src/table/next-terms.js';
import { testSigner } from '../helpers/signers.js';

const [ann, bob, cat] = [testSigner(1), testSigner(2), testSigner(3)];
const member = (signer: typeof ann, name: string): SeatMember => ({ key: signer.publicKey, name, peerId: name });

/** The hand this page is at: pesten, Bob, Cat and Ann in seats 1–3, drawn cards played; every seat's ready in. */
const hand = {
  phase: 'done',
  config: {
    setup: {
      handNo: 0,
      game: 'pesten',
      options: { drawThenPlay: true },
      seatKeys: [bob, cat, ann].map((s) => keyHex(s.publicKey)),
    },
  },
  follower: { pool: { ready: () => ({ data: { name: '' } }) } },
} as unknown as HandSession;

/** The next hand's roster: the option switched off, the same seats (with `names`). */
function roster(seats: (SeatMember | null)[]): Roster {
  return { version: 5, hands: 1, config: { game: 'pesten', seats: 3, options: { drawThenPlay: false } }, seats };
}

function lines(next: Roster, creator: string | undefined): string[] {
  return new NextTerms({
    now: { current: hand, roster: next, creator, seated: true, hands: new Map() },
    onLog: () => {},
  }).changes();
}

const option = '“Play the drawn card”: yes → no';
const annKey = keyHex(ann.publicKey);
const cases: [string, Roster, string | undefined, string][] = [
  [
    'the creator sits in seat 3, another player in seat 1',
    roster([member(bob, 'Bob'), member(cat, 'Cat'), member(ann, 'Ann')]),
    annKey,
    `Ann changed ${option}`,
  ],
  [
    'the creator sits without a name',
    roster([member(bob, 'Bob'), member(cat, 'Cat'), member(ann, '')]),
    annKey,
    `the table's creator changed ${option}`,
  ],
  [
    'the creator is not known to this page yet',
    roster([member(bob, 'Bob'), member(cat, 'Cat'), member(ann, 'Ann')]),
    undefined,
    `the table's creator changed ${option}`,
  ],
];

describe('the change lines name the table’s creator', () => {
  it.each(cases)('%s', (_, next, creator, line) => {
    expect(lines(next, creator)).toEqual([line]);
  });

  it('a creator who holds no seat (it watches) is "the table’s creator", never seat 1’s player', () => {
    const dan = testSigner(4);
    const next = roster([member(bob, 'Bob'), member(cat, 'Cat'), member(dan, 'Dan')]);
    const changed = lines(next, annKey);
    expect(changed).toContain(`the table's creator changed ${option}`);
    expect(changed.join('\n')).not.toMatch(/^Bob changed/m);
  });
});

describe('the change lines, asked again with nothing changed', () => {
  /** The hand still waits for every seat's ready: nothing is cached by hand and roster yet. */
  const waiting = { ...hand, phase: 'ready', follower: { pool: { ready: () => undefined } } } as unknown as HandSession;
  const asked = (next: Roster) =>
    new NextTerms({
      now: { current: waiting, roster: next, creator: annKey, seated: true, hands: new Map() },
      onLog: () => {},
    });

  it('are the same array while they read the same', () => {
    const terms = asked(roster([member(bob, 'Bob'), member(cat, 'Cat'), member(ann, 'Ann')]));
    const first = terms.changes();
    expect(first).toEqual([`Ann changed ${option}`]);
    expect(terms.changes()).toBe(first);
  });

  it('no change at all is one empty array, not a new one at each view', () => {
    const same = roster([member(bob, 'Bob'), member(cat, 'Cat'), member(ann, 'Ann')]);
    const terms = asked({ ...same, config: { ...same.config, options: { drawThenPlay: true } } });
    const first = terms.changes();
    expect(first).toEqual([]);
    expect(terms.changes()).toBe(first);
  });
});
