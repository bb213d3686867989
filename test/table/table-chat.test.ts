/**
 * The table chat over the in-memory mesh, with real signatures: a chat body
 * a peer may not send is dropped at the gate with the schema's reason and
 * nothing else it sends is lost; each receiver holds every key to a burst
 * and a pace, counting what it drops, and a page holds its own person to a
 * stricter one and says how long to wait; a page without a seat may chat
 * only where the creator's signed config lets watchers chat (and the seats
 * drop it otherwise, before passing it on); a line is named from the
 * receiver's roster, never from anything the sender says; and a chat sent
 * during a hand never enters its events, its storage or its state hash.
 */
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { keyHex, parseUnverified, signEnvelope, type Signer } from '../../src/net/envelope.js';
import { MemoryNetwork } from '../../src/net/memory-transport.js';
import { BODY_SCHEMAS, CHAT_TEXT_MAX, rosterSchema, type ChatBody, type TableConfig } from '../../src/net/messages.js';
import { newTableId } from '../../src/table/table-id.js';
import { OVER_RATE, RateLimit, RECEIVED_RATE, SENT_RATE, WATCHER_REFUSED } from '../../src/table/table-chat.js';
import { handFinished, seatPeers } from '../../tools/sim/simulation.js';
import { ChatState } from '../../src/app/chat.js';
import { testSigner } from '../helpers/signers.js';
import { closePage, openTablePage, type TablePage } from '../helpers/table-page.js';
import { until } from '../helpers/table-session-harness.js';

const TIMING = { heartbeatMs: 200, linkDeadAfterMs: 60_000, presenceMs: 1000, presenceFreshMs: 5000, reconnectMs: 100 };

type Page = TablePage;

let open: Page[] = [];
afterEach(() => {
  for (const p of open) closePage(p);
  open = [];
});

/** One page at `table`: the creator's opens it with `config`; `seat` false keeps a joiner from asking for a seat. */
async function page(
  network: MemoryNetwork,
  table: string,
  signer: Signer,
  name: string,
  options: { config?: TableConfig; seat?: boolean; meshName?: string } = {},
): Promise<Page> {
  const made = await openTablePage(network, table, signer, {
    name,
    timing: TIMING,
    meshName: options.meshName,
    config: options.config,
    beforeOpen: options.seat === false ? (session) => session.lobby.askNameFirst() : undefined,
  });
  open.push(made);
  return made;
}

const ann = testSigner(11);
const bob = testSigner(12);
const cat = testSigner(13);

/** Ann creates a 3-seat table (so no hand starts), Bob sits, Cat opens the link and watches. */
async function threePages(watchersChat: boolean, bobMeshName = 'Bob') {
  const network = new MemoryNetwork({ defaultDelayMs: 0 });
  const table = newTableId(keyHex(ann.publicKey), new Uint8Array(8).fill(watchersChat ? 3 : 4));
  const config: TableConfig = { game: 'stress-shed', seats: 3, options: {}, ...(watchersChat ? { watchersChat } : {}) };
  const a = await page(network, table, ann, 'Ann', { config });
  const b = await page(network, table, bob, 'Bob', { meshName: bobMeshName });
  const c = await page(network, table, cat, 'Cat', { seat: false });
  await until(() => [a, b, c].every((p) => p.session.lobby.view().seats[1]?.member?.name === 'Bob'));
  await until(() => a.session.watcherList().length === 1 && b.session.watcherList().length === 1);
  // Every pair linked directly, each side bound to the other's key by its hello.
  const linked = (x: Page, y: Page) => x.mesh.reachability(keyHex(y.signer.publicKey)) === 'direct';
  await until(() => [a, b, c].every((x) => [a, b, c].every((y) => x === y || linked(x, y))));
  return { a, b, c };
}

/** Signs a chat body as `from`'s page would, bypassing its own checks (a hostile or hurried peer). */
function chat(from: Page, body: unknown) {
  return signEnvelope(from.signer, {
    kind: 'chat',
    table: from.mesh.table,
    seq: from.mesh.nextSeq(),
    to: null,
    body: body as ChatBody,
  });
}

const texts = (p: Page) => p.session.chat.entries.map((e) => (e.body.type === 'text' ? e.body.text : e.body.reaction));

describe('the chat body', () => {
  const verdict = (body: unknown) => {
    const parsed = v.safeParse(BODY_SCHEMAS.chat, body);
    return parsed.success ? 'ok' : parsed.issues[0].message;
  };
  it.each<[string, unknown, string]>([
    ['a line', { type: 'text', text: 'nice hand' }, 'ok'],
    ['a line of the longest length', { type: 'text', text: 'x'.repeat(CHAT_TEXT_MAX) }, 'ok'],
    ['markup, which is only text', { type: 'text', text: '<img src=x onerror=alert(1)>' }, 'ok'],
    ['a reaction', { type: 'reaction', reaction: 'bravo' }, 'ok'],
    ['one too long', { type: 'text', text: 'x'.repeat(CHAT_TEXT_MAX + 1) }, `chat text longer than ${CHAT_TEXT_MAX}`],
    ['a number for text', { type: 'text', text: 42 }, 'chat text must be a string'],
    ['blank', { type: 'text', text: '   ' }, 'chat text is blank'],
    ['a newline', { type: 'text', text: 'a\nb' }, 'chat text has control or direction-override characters'],
    [
      'a right-to-left override',
      { type: 'text', text: 'Ann: \u202Eih' },
      'chat text has control or direction-override characters',
    ],
    ['an unknown reaction', { type: 'reaction', reaction: 'skull' }, 'unknown reaction'],
    ['an unknown type', { type: 'sticker', text: 'hi' }, 'chat must be a text or a reaction'],
    ['a claimed name', { type: 'text', text: 'hi', name: 'Ann' }, expect.stringMatching(/name/) as unknown as string],
    ['a list', ['text', 'hi'], 'chat must be a text or a reaction'],
  ])('%s → %s', (_what, body, expected) => {
    expect(verdict(body)).toEqual(expected);
  });

  it('a roster stored before watchersChat existed still reads, and one with it reads it', () => {
    const roster = { version: 1, config: { game: 'pesten', seats: 2, options: {} }, seats: [null, null], hands: 0 };
    expect(v.safeParse(rosterSchema, roster).success).toBe(true);
    const allowing = { ...roster, config: { ...roster.config, watchersChat: true } };
    expect(v.parse(rosterSchema, allowing).config.watchersChat).toBe(true);
    expect(v.safeParse(rosterSchema, { ...roster, config: { ...roster.config, watchersChat: 'yes' } }).success).toBe(
      false,
    );
  });
});

describe('the rate limit', () => {
  it('lets a burst through, then one per interval, per key', () => {
    const limit = new RateLimit({ burst: 3, everyMs: 2000 });
    expect([1, 2, 3, 4].map(() => limit.take('a', 0))).toEqual([true, true, true, false]);
    expect(limit.take('b', 0)).toBe(true);
    expect(limit.waitMs('a', 0)).toBe(2000);
    expect(limit.take('a', 1999)).toBe(false);
    expect(limit.take('a', 2000)).toBe(true);
    expect(limit.take('a', 2001)).toBe(false);
    // A long silence refills only up to the burst.
    expect([1, 2, 3, 4].map(() => limit.take('a', 60_000))).toEqual([true, true, true, false]);
  });

  it('receivers allow at least what a sender lets itself send, at the same pace', () => {
    expect(RECEIVED_RATE.burst).toBeGreaterThanOrEqual(SENT_RATE.burst);
    expect(RECEIVED_RATE.everyMs).toBeLessThanOrEqual(SENT_RATE.everyMs);
  });
});

describe('chat at a table', () => {
  it('a line and a reaction from a seat reach every page, named from each page’s roster', async () => {
    // Bob's page calls itself "Ann" in its hello and presence: the roster's name for his key is what is shown.
    const { a, b, c } = await threePages(false, 'Ann');
    expect(b.session.chat.say('  good luck  ')).toBeNull();
    expect(b.session.chat.react('nice')).toBeNull();
    await until(() => a.session.chat.entries.length === 2 && c.session.chat.entries.length === 2);
    for (const p of [a, c]) {
      expect(texts(p)).toEqual(['good luck', 'nice']);
      expect(p.session.chat.entries.map((e) => [e.seat, e.seatName, e.mine])).toEqual([
        [1, 'Bob', false],
        [1, 'Bob', false],
      ]);
    }
    const view = new ChatState().view(a.session.chat.entries, a.session.chat.closed, false, []);
    expect(view.lines.map((l) => `${l.who}: ${l.text ?? l.reaction!.words}`)).toEqual([
      'Bob: good luck',
      'Bob: nice one',
    ]);
    expect(b.session.chat.entries.map((e) => e.mine)).toEqual([true, true]);
  }, 30_000);

  it('bad chat from a seat is dropped with its reason; what it sends next still arrives', async () => {
    const { a, b } = await threePages(false);
    for (const body of [
      { type: 'text', text: 'x'.repeat(CHAT_TEXT_MAX + 1) },
      { type: 'text', text: 7 },
      { type: 'reaction', reaction: 'skull' },
    ])
      b.mesh.broadcast(chat(b, body));
    b.mesh.broadcast(chat(b, { type: 'text', text: '<img src=x onerror=alert(1)>' }));
    await until(() => a.session.chat.entries.length === 1);
    expect(texts(a)).toEqual(['<img src=x onerror=alert(1)>']);
    expect(a.rejected).toEqual([
      `bad chat body: text: chat text longer than ${CHAT_TEXT_MAX}`,
      'bad chat body: text: chat text must be a string',
      'bad chat body: reaction: unknown reaction',
    ]);
    // Bob is still seated and heard.
    expect(a.session.lobby.view().seats[1]?.member?.name).toBe('Bob');
  }, 30_000);

  it('a flood is cut to the burst at every page, counted, and not passed on; its own page would have refused it', async () => {
    const { a, b, c } = await threePages(false);
    for (let i = 0; i < 20; i++) b.mesh.broadcast(chat(b, { type: 'text', text: `spam ${i}` }));
    await until(() => a.session.chat.entries.length === RECEIVED_RATE.burst);
    await until(() => c.session.chat.entries.length === RECEIVED_RATE.burst);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(a.session.chat.entries.length).toBe(RECEIVED_RATE.burst);
    expect(a.session.chat.dropped).toBe(20 - RECEIVED_RATE.burst);
    expect(a.rejected.filter((r) => r === OVER_RATE).length).toBe(20 - RECEIVED_RATE.burst);
    expect(a.rejected.filter((r) => r !== OVER_RATE)).toEqual([]);
    // Cat hears Bob directly and through Ann: Ann passed on only what she admitted, so Cat dropped no more than Ann did.
    expect(c.session.chat.dropped).toBeLessThanOrEqual(20 - RECEIVED_RATE.burst);
    // Bob's own page would not have sent them: its person is told to wait.
    for (let i = 0; i < SENT_RATE.burst; i++) expect(b.session.chat.say(`hello ${i}`)).toBeNull();
    expect(b.session.chat.say('one more')).toMatch(
      /^Not sent: wait \d s\. Chat takes 5 messages at once, then one every 2 s\.$/,
    );
    expect(texts(b).at(-1)).toBe(`hello ${SENT_RATE.burst - 1}`);
  }, 30_000);

  it('a watcher’s chat is dropped where the table keeps chat for its players, and its page says why', async () => {
    const { a, b, c } = await threePages(false);
    expect(c.session.chat.closed).toBe('Chat is for the players at this table: its creator has not let watchers chat.');
    expect(c.session.chat.say('hi all')).toBe(c.session.chat.closed);
    // A watcher page that sends anyway is refused by each seat, which does not pass it on.
    c.mesh.broadcast(chat(c, { type: 'text', text: 'hi all' }));
    await until(() => a.rejected.includes(WATCHER_REFUSED) && b.rejected.includes(WATCHER_REFUSED));
    expect(a.session.chat.entries).toEqual([]);
    expect(b.session.chat.entries).toEqual([]);
    expect(a.session.chat.closed).toBeNull();
  }, 30_000);

  it('a watcher may chat where the creator allows it, named as watching', async () => {
    const { a, b, c } = await threePages(true);
    expect(c.session.chat.closed).toBeNull();
    expect(c.session.chat.say('go Bob')).toBeNull();
    await until(() => a.session.chat.entries.length === 1 && b.session.chat.entries.length === 1);
    expect(a.session.chat.entries[0]).toMatchObject({ seat: null, seatName: null, key: keyHex(cat.publicKey) });
    const watchers = a.session.watcherList();
    const line = new ChatState().view(a.session.chat.entries, null, false, watchers).lines[0]!;
    expect(`${line.who}: ${line.text}`).toBe('Cat (watching): go Bob');
  }, 30_000);

  it('the folded chat counts the lines that came meanwhile, never its own', async () => {
    const { a, b } = await threePages(false);
    const state = new ChatState();
    expect(state.view(a.session.chat.entries, null, true, []).unread).toBe(0);
    b.session.chat.say('one');
    b.session.chat.react('wow');
    a.session.chat.say('mine');
    await until(() => a.session.chat.entries.length === 3);
    expect(state.view(a.session.chat.entries, null, true, []).unread).toBe(2);
    // Unfolded, everything is seen; folded again, the count starts afresh.
    expect(state.view(a.session.chat.entries, null, false, []).unread).toBe(0);
    expect(state.view(a.session.chat.entries, null, true, []).unread).toBe(0);
  }, 30_000);
});

it('chat during a hand never enters its events, its storage or its state hash', async () => {
  const { peers } = await seatPeers({ game: 'stress-shed', players: 2, hands: 1, seed: 8 });
  open = peers.map((p) => ({ ...p, rejected: [] }));
  await until(() => (peers[0]!.session.current?.session.step ?? 0) > 3);
  expect(peers[0]!.session.chat.say('mid-hand')).toBeNull();
  expect(peers[1]!.session.chat.react('wow')).toBeNull();
  await until(() => peers.every((p) => p.session.chat.entries.length === 2));
  await until(() => peers.every(handFinished));
  const hands = peers.map((p) => p.session.current!.session);
  expect(hands.map((h) => h.halt)).toEqual([null, null]);
  expect(new Set(hands.map((h) => h.hash)).size).toBe(1);
  for (const [i, hand] of hands.entries()) {
    expect(hand.events().every((e) => e.kind === 'table-event')).toBe(true);
    const stored = await peers[i]!.store.loadHandEvents(peers[i]!.mesh.table, 0);
    expect(stored.length).toBeGreaterThan(0);
    const kinds = stored.map((bytes) => {
      const parsed = parseUnverified(bytes, peers[i]!.mesh.table);
      return parsed.ok ? parsed.value.kind : parsed.error;
    });
    expect(new Set(kinds)).toEqual(new Set(['table-event']));
  }
}, 120_000);
