/**
 * The word a page gives for an event it takes in (table-echo.ts): its `holds`
 * frame leaves in the same task as the event was taken, so a page that closes
 * right after passing an event on (its mesh forwards every table event on
 * receipt, and that copy is not its word) cannot leave the event with no word
 * from it. The frame skips the author's page, but not for a disclosure.
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

function echoOf(sent: [string, number][]): TableEcho {
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
  } as unknown as Mesh;
  return new TableEcho({ mesh, now: { lobby: view, handNo: 0, hands: new Map(), playsSeat: true } });
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
