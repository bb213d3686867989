/**
 * A page that takes a seat at a table it never sat at plays at once: it has
 * nothing stored to be behind in, so it does not wait (as a reloaded page
 * does) for a seat's `fetch` to say which hand the table is at. Here the
 * creator's fetches never reach the joiner at all, and the joiner's first
 * move of its first hand is still taken. Over the in-memory mesh with the
 * real cryptography; the creator's seat is its bot.
 */
import { afterEach, expect, it } from 'vitest';
import { seededRandom } from '../../crypto/index.js';
import { heuristicBot } from '../../src/bots/index.js';
import { keyHex } from '../../src/net/envelope.js';
import { MemoryNetwork } from '../../src/net/memory-transport.js';
import { newTableId } from '../../src/table/table-id.js';
import { until } from '../../tools/sim/simulation.js';
import { testSigner } from '../helpers/signers.js';
import { closeAll, openTablePage, type TablePage } from '../helpers/table-page.js';
import { refusal } from '../helpers/refusal.js';

let running: TablePage[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

it('a joiner new to the table makes its first move without any seat’s fetch having reached it', async () => {
  const network = new MemoryNetwork({ nextTurn: true });
  const annSigner = testSigner(81);
  const table = newTableId(keyHex(annSigner.publicKey), new Uint8Array(8).fill(3));
  const ann = await openTablePage(network, table, annSigner, {
    name: 'Ann',
    config: { game: 'stress-shed', seats: 2, options: {} },
    session: { rng: seededRandom('fresh-ann'), bot: heuristicBot(), botDelayMs: 0, autoplay: true },
  });
  running.push(ann);
  // The creator's fetches (each says which hand it is at) never leave its page.
  const send = ann.mesh.send.bind(ann.mesh);
  ann.mesh.send = ((kind: string, body: unknown) =>
    kind === 'fetch' ? true : send(kind as never, body as never)) as typeof ann.mesh.send;
  const bob = await openTablePage(network, table, testSigner(82), {
    name: 'Bob',
    session: { rng: seededRandom('fresh-bob') },
  });
  running.push(bob);
  bob.session.lobby.sit();
  // Once the deal is done the move is taken (before it, the rules say the cards are still being dealt).
  let answer: string | null = 'not tried';
  await until(() => {
    answer = bob.session.current ? refusal(bob.session.act({ type: 'ready', swaps: [] })) : 'no hand';
    return answer === null || !/awaiting-crypto|no hand|not-playing|not-in-play/.test(answer);
  });
  expect(answer).toBeNull();
}, 60_000);
