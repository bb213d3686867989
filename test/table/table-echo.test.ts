/**
 * The word a page gives for an event it takes in (table-echo.ts): its `holds`
 * frame leaves in the same task as the event was taken, so a page that closes
 * right after passing an event on (its mesh forwards every table event on
 * receipt, and that copy is not its word) cannot leave the event with no word
 * from it. The frame skips the author's page, but not for a disclosure.
 * Once this page's seat has disclosed, its word is also signed (an echo, which
 * other pages pass on when the link to this one is gone), in the same task.
 */
import { expect, it } from 'vitest';
import { keyHex, signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import type { Mesh } from '../../src/net/mesh.js';
import type { LobbyView } from '../../src/table/lobby.js';
import { TableEcho } from '../../src/table/table-echo.js';
import { newTableId } from '../../src/table/table-id.js';
import { testSigner } from '../helpers/signers.js';

const signers = [testSigner(71), testSigner(72), testSigner(73)];
const keys = signers.map((s) => keyHex(s.publicKey));
const table = newTableId(keys[0]!, new Uint8Array(8).fill(5));
const pages = ['page-ann', 'page-bob', 'page-cat'];

function echoOf(
  sent: [string, number][],
  echoes: { hand: number; events: Uint8Array[] }[] = [],
  held: EnvelopeOf<'table-event'>[] = [],
): TableEcho {
  const view = {
    table,
    seats: keys.map((keyHex, seat) => ({ seat, keyHex, member: { peerId: pages[seat]! } })),
  } as unknown as LobbyView;
  const mesh = {
    // This page is Cat's: linked to Ann's and Bob's.
    openLinks: () => ['page-ann', 'page-bob'],
    unlinkedPeers: () => [],
    sendHolds: (link: string, events: readonly EnvelopeOf<'table-event'>[]) => {
      sent.push([link, events.length]);
      return true;
    },
    send: (kind: string, body: { hand: number; events: Uint8Array[] }) => {
      if (kind === 'echo') echoes.push(body);
    },
  } as unknown as Mesh;
  // Cat's hand 0: the events it holds.
  const session = { config: { mySeat: 2, setup: { handNo: 0, seatKeys: keys } }, events: () => held };
  const hands = new Map([[2, { session }]]);
  return new TableEcho({ mesh, now: { lobby: view, handNo: 0, hands, playsSeat: true } as never });
}

const event = (type: 'act' | 'disclose', n: number): EnvelopeOf<'table-event'> =>
  signEnvelope(signers[1]!, {
    kind: 'table-event',
    table,
    seq: n,
    to: null,
    body: { hand: 0, n, at: n, hash: new Uint8Array(32), type, data: {} },
  });

it.each([
  ['an act', 'act', [['page-ann', 2]]],
  [
    'a disclosure (its author waits for every seat’s word too)',
    'disclose',
    [
      ['page-ann', 2],
      ['page-bob', 2],
    ],
  ],
] as const)('%s taken in: the word leaves before the task ends, one frame per link', async (_, type, expected) => {
  const sent: [string, number][] = [];
  const echo = echoOf(sent);
  // Two events taken in one task (one message's worth) share a frame.
  echo.taken(event(type, 0), keys);
  echo.taken(event(type, 1), keys);
  expect(sent).toEqual([]);
  await Promise.resolve();
  // Microtasks only, no timer has run: a page closed by the next task has already given its word.
  expect(sent).toEqual(expected);
});

it("once this page's seat has disclosed, its word is signed too: for what it holds, then for each event it takes in", async () => {
  const echoes: { hand: number; events: Uint8Array[] }[] = [];
  const own = signEnvelope(signers[2]!, {
    kind: 'table-event',
    table,
    seq: 9,
    to: null,
    body: { hand: 0, n: 9, at: 9, hash: new Uint8Array(32), type: 'disclose', data: {} },
  });
  const held = [event('act', 0), own, event('disclose', 1)];
  const echo = echoOf([], echoes, held);
  // In play, over a full mesh, a page's word is its holds frames only.
  echo.taken(event('act', 2), keys);
  await Promise.resolve();
  expect(echoes).toEqual([]);
  // Its seat disclosed: the other seats' events it holds are named in one echo before the task ends.
  echo.lastWord(0);
  echo.lastWord(0);
  await Promise.resolve();
  expect(echoes).toEqual([{ hand: 0, events: [held[0]!.sig, held[2]!.sig] }]);
  const later = event('disclose', 3);
  echo.taken(later, keys);
  await Promise.resolve();
  expect(echoes.at(-1)).toEqual({ hand: 0, events: [later.sig] });
  // Another hand's disclosure says nothing of this one.
  echo.lastWord(1);
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(echoes).toHaveLength(2);
});
