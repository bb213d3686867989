/**
 * The small parts of a table, each checked on its own without a mesh or a
 * hand: table ids (the creator's key prefix in the link, the 8 random chars
 * from their alphabet), the in-memory store (values copied in and out, kept
 * per table, hand and seat), the watcher list (who is fresh, unseated and not
 * this page, sorted by name), the introducers a link names (`via=`: people
 * other than the creator, live ones first, one per seat at most) and the
 * lobby view built from a roster (who is me, which seat is a bot and who
 * hosts it, which connection state a seat shows). Fast and deterministic, so
 * the mutation run of these files can use it per mutant.
 */
import { describe, expect, it } from 'vitest';
import { loadedNow } from '../helpers/loaded-now.js';
import { CREATOR_PREFIX_HEX, newTableId, parseTableId, peerIdFor } from '../../src/table/table-id.js';
import { MemoryTableStore } from '../../src/table/memory-store.js';
import { Watchers } from '../../src/table/table-watchers.js';
import { formatIntroducers, introducerPeerIds, introducersOf, parseIntroducers } from '../../src/table/introducers.js';
import { lobbyView, type LobbyViewContext, type LobbyViewState } from '../../src/table/lobby-view.js';
import { tableFingerprint } from '../../src/table/fingerprint.js';
import type { Envelope } from '../../src/net/envelope.js';
import type { Roster, SeatMember } from '../../src/net/messages.js';
import type { HandSecrets } from '../../src/table/hand-session.js';
import type { HandRecord } from '../../src/table/hand/setup.js';

const CREATOR = '0123456789abcdef' + 'ff'.repeat(24);

describe('table ids', () => {
  it('are 8 chars of the alphabet, a dash and the creator key prefix', () => {
    // 0 → a, 31 → 9, 32 wraps to a, 8 → i, 10 → k (no l), 13 → p (no o), 255 % 32 → 9, 24 → 2; only the first 8 bytes count.
    const id = newTableId(CREATOR, new Uint8Array([0, 31, 32, 8, 10, 13, 255, 24, 7, 7]));
    expect(id).toBe('a9aikp92-0123456789abcdef');
    expect(CREATOR_PREFIX_HEX).toBe(16);
    expect(parseTableId(id)).toEqual({ ok: true, table: id, creatorPrefix: '0123456789abcdef' });
  });

  it('use their alphabet and pattern as loaded (module-level constants)', async () => {
    const ids = await loadedNow(() => import('../../src/table/table-id.js'));
    expect(ids.newTableId(CREATOR, new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7]))).toBe('abcdefgh-0123456789abcdef');
    expect(ids.parseTableId('abcdefgh-0123456789abcdef')).toEqual({
      ok: true,
      table: 'abcdefgh-0123456789abcdef',
      creatorPrefix: '0123456789abcdef',
    });
    for (const text of [
      'xabcdefgh-0123456789abcdef',
      'abcdefgh-0123456789abcdef0',
      'a-0123456789abcdef',
      'ABCDEFGH-0123456789abcdef',
      'abcdefgh-0',
      'abcdefgh-xxxxxxxxxxxxxxxx',
    ]) {
      expect(ids.parseTableId(text).ok).toBe(false);
    }
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

describe('the memory store', () => {
  const roster: Roster = {
    version: 3,
    config: { game: 'stress-shed', seats: 2, options: {} },
    seats: [null, null],
    hands: 1,
  };

  it('keeps rosters per table, as copies', async () => {
    const store = new MemoryTableStore();
    expect(await store.loadRoster('t1')).toBeUndefined();
    const mine = structuredClone(roster);
    await store.saveRoster('t1', mine);
    mine.version = 99;
    const loaded = await store.loadRoster('t1');
    expect(loaded).toEqual(roster);
    loaded!.version = 50;
    expect((await store.loadRoster('t1'))!.version).toBe(3);
    expect(await store.loadRoster('t2')).toBeUndefined();
  });

  it('keeps hand events per table and hand, by key, as copies', async () => {
    const store = new MemoryTableStore();
    expect(await store.loadHandEvents('t1', 0)).toEqual([]);
    const bytes = new Uint8Array([1, 2, 3]);
    await store.saveHandEvent('t1', 0, 'a:0', bytes);
    await store.saveHandEvent('t1', 0, 'a:1', new Uint8Array([4]));
    await store.saveHandEvent('t1', 0, 'a:0', new Uint8Array([5])); // same key: replaced
    await store.saveHandEvent('t1', 1, 'a:0', new Uint8Array([6]));
    await store.saveHandEvent('t2', 0, 'a:0', new Uint8Array([7]));
    bytes[0] = 9;
    const loaded = await store.loadHandEvents('t1', 0);
    expect(loaded).toEqual([new Uint8Array([5]), new Uint8Array([4])]);
    loaded[0]![0] = 42;
    expect(await store.loadHandEvents('t1', 0)).toEqual([new Uint8Array([5]), new Uint8Array([4])]);
    expect(await store.loadHandEvents('t1', 1)).toEqual([new Uint8Array([6])]);
    expect(await store.loadHandEvents('t2', 0)).toEqual([new Uint8Array([7])]);
  });

  it('keeps the first event too, copied when saved', async () => {
    const store = new MemoryTableStore();
    const bytes = new Uint8Array([1, 2, 3]);
    await store.saveHandEvent('t1', 0, 'a:0', bytes);
    bytes[0] = 9;
    expect(await store.loadHandEvents('t1', 0)).toEqual([new Uint8Array([1, 2, 3])]);
  });

  it('keeps secrets per table, hand and seat key, as copies', async () => {
    const store = new MemoryTableStore();
    const secrets = { marker: [1, 2] } as unknown as HandSecrets;
    expect(await store.loadHandSecrets('t1', 0, 'k1')).toBeUndefined();
    await store.saveHandSecrets('t1', 0, 'k1', secrets);
    (secrets as unknown as { marker: number[] }).marker.push(3);
    const loaded = await store.loadHandSecrets('t1', 0, 'k1');
    expect(loaded).toEqual({ marker: [1, 2] });
    (loaded as unknown as { marker: number[] }).marker.push(4);
    expect(await store.loadHandSecrets('t1', 0, 'k1')).toEqual({ marker: [1, 2] });
    expect(await store.loadHandSecrets('t1', 0, 'k2')).toBeUndefined();
    expect(await store.loadHandSecrets('t1', 1, 'k1')).toBeUndefined();
    expect(await store.loadHandSecrets('t2', 0, 'k1')).toBeUndefined();
  });

  it('keeps hand records per table and hand, as copies', async () => {
    const store = new MemoryTableStore();
    const record = { outcome: { winner: 1 } } as unknown as HandRecord;
    expect(await store.loadHandRecord('t1', 0)).toBeUndefined();
    await store.saveHandRecord('t1', 0, record);
    (record as unknown as { outcome: { winner: number } }).outcome.winner = 2;
    const loaded = await store.loadHandRecord('t1', 0);
    expect(loaded).toEqual({ outcome: { winner: 1 } });
    (loaded as unknown as { outcome: { winner: number } }).outcome.winner = 3;
    expect(await store.loadHandRecord('t1', 0)).toEqual({ outcome: { winner: 1 } });
    expect(await store.loadHandRecord('t1', 1)).toBeUndefined();
    expect(await store.loadHandRecord('t2', 0)).toBeUndefined();
  });

  it('keeps bot keys per table, in order, as copies', async () => {
    const store = new MemoryTableStore();
    expect(await store.loadBots('t1')).toEqual([]);
    const first = new Uint8Array([1]);
    await store.saveBot('t1', first);
    await store.saveBot('t1', new Uint8Array([2]));
    first[0] = 9;
    const loaded = await store.loadBots('t1');
    expect(loaded).toEqual([new Uint8Array([1]), new Uint8Array([2])]);
    loaded[0]![0] = 7;
    expect(await store.loadBots('t1')).toEqual([new Uint8Array([1]), new Uint8Array([2])]);
    expect(await store.loadBots('t2')).toEqual([]);
  });
});

describe('watchers', () => {
  const key = (b: number) => new Uint8Array(32).fill(b);
  const hex = (b: number) => b.toString(16).padStart(2, '0').repeat(32);
  const heard = (kind: string, b: number, name: string) =>
    ({ kind, from: key(b), body: { name } }) as unknown as Envelope;

  it('are the fresh unseated peers other than this page, sorted by name then key', () => {
    const watchers = new Watchers();
    watchers.observe(heard('hello', 1, 'Zed'), 1000);
    watchers.observe(heard('presence', 2, 'Amy'), 1000);
    watchers.observe(heard('presence', 3, 'Amy'), 1000);
    watchers.observe(heard('hello', 4, 'Seated'), 1000);
    watchers.observe(heard('hello', 5, 'Me'), 1000);
    watchers.observe(heard('join', 6, 'Joiner'), 1000);
    watchers.observe(heard('roster', 7, 'Roster'), 1000);
    expect(watchers.list(new Set([hex(4)]), hex(5), 1000)).toEqual([
      { keyHex: hex(2), name: 'Amy' },
      { keyHex: hex(3), name: 'Amy' },
      { keyHex: hex(1), name: 'Zed' },
    ]);
  });

  it('stay 20 s after they were last heard, and the latest name counts', () => {
    const watchers = new Watchers();
    watchers.observe(heard('hello', 1, 'Old'), 0);
    watchers.observe(heard('presence', 1, 'New'), 5000);
    watchers.observe(heard('hello', 2, 'Bea'), 0);
    expect(watchers.list(new Set(), 'me', 20_000)).toEqual([
      { keyHex: hex(2), name: 'Bea' },
      { keyHex: hex(1), name: 'New' },
    ]);
    expect(watchers.list(new Set(), 'me', 20_001)).toEqual([{ keyHex: hex(1), name: 'New' }]);
    expect(watchers.list(new Set(), 'me', 25_001)).toEqual([]);
  });

  it('keep no seat of their own', async () => {
    expect((await loadedNow(() => import('../../src/table/table-watchers.js'))).WATCHING_SEAT).toBe(-1);
  });
});

describe('introducers', () => {
  const A = 'aaaaaaaaaaaaaaaa';
  const B = 'bbbbbbbbbbbbbbbb';
  const C = 'cccccccccccccccc';

  it('check prefixes with the pattern as loaded (module-level)', async () => {
    const intro = await loadedNow(() => import('../../src/table/introducers.js'));
    expect(intro.parseIntroducers(`${A},x`)).toEqual([A]);
    expect(intro.formatIntroducers([B])).toBe(`via=${B}`);
  });

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

describe('the lobby view', () => {
  const TABLE = 'abcdefgh-0101010101010101';
  const key = (b: number) => new Uint8Array(32).fill(b);
  const hex = (b: number) => b.toString(16).padStart(2, '0').repeat(32);
  const person = (b: number, name: string): SeatMember => ({ key: key(b), name, peerId: peerIdFor(TABLE, hex(b)) });
  const botOf = (b: number, host: number, name = `Bot`): SeatMember => ({
    key: key(b),
    name,
    peerId: peerIdFor(TABLE, hex(host)),
  });
  const state: LobbyViewState = { mySeat: 1, isCreator: false, configProblem: 'odd', handRunning: true };
  const context = (self: number, botKeys: string[] = [], reach: Record<string, string> = {}): LobbyViewContext => ({
    table: TABLE,
    selfKey: hex(self),
    selfPeerId: peerIdFor(TABLE, hex(self)),
    botKeys,
    reachability: (k) => (reach[k] ?? 'offline') as never,
  });
  const roster: Roster = {
    version: 7,
    config: { game: 'stress-shed', seats: 5, options: {} },
    seats: [person(1, 'Ann'), person(2, ''), null, botOf(9, 1), botOf(8, 5)],
    hands: 2,
  };

  it('shows each seat with its key, its connection, whether it is me and who hosts a bot', () => {
    const view = lobbyView(roster, context(2, [], { [hex(1)]: 'direct', [hex(2)]: 'self' }), state);
    expect(view.seats).toEqual([
      { seat: 0, member: roster.seats[0], keyHex: hex(1), reachability: 'direct', isMe: false, bot: null },
      { seat: 1, member: roster.seats[1], keyHex: hex(2), reachability: 'self', isMe: true, bot: null },
      { seat: 2, member: null, keyHex: null, reachability: null, isMe: false, bot: null },
      // A bot reads as reachable as its host.
      {
        seat: 3,
        member: roster.seats[3],
        keyHex: hex(9),
        reachability: 'direct',
        isMe: false,
        bot: { hostSeat: 0, hostName: 'Ann', hostIsMe: false },
      },
      // A bot whose host holds no seat: "another player", its own key's state.
      {
        seat: 4,
        member: roster.seats[4],
        keyHex: hex(8),
        reachability: 'offline',
        isMe: false,
        bot: { hostSeat: null, hostName: 'another player', hostIsMe: false },
      },
    ]);
    expect(view).toMatchObject({
      table: TABLE,
      config: roster.config,
      rosterVersion: 7,
      mySeat: 1,
      isCreator: false,
      waitingForCreator: false,
      handsStarted: 2,
      configProblem: 'odd',
      handRunning: true,
    });
    expect(view.fingerprint).toEqual(tableFingerprint(TABLE, [key(1), key(2), null, key(9), key(8)]));
  });

  it('on the host, its bots read "self" and hosted by me; an unnamed host is named by its seat', () => {
    const hosted: Roster = { ...roster, seats: [person(1, ''), person(2, 'Bo'), null, botOf(9, 1), botOf(8, 2)] };
    const view = lobbyView(hosted, context(1, [hex(9)], { [hex(2)]: 'relayed' }), state);
    expect(view.seats[3]).toMatchObject({
      reachability: 'self',
      isMe: false,
      bot: { hostSeat: 0, hostName: 'Seat 1', hostIsMe: true },
    });
    // hostIsMe alone makes a bot read "self" even if this page lost its key.
    expect(view.seats[4]).toMatchObject({
      reachability: 'relayed',
      bot: { hostSeat: 1, hostName: 'Bo', hostIsMe: false },
    });
    const mine = lobbyView(hosted, context(2, [], { [hex(1)]: 'direct' }), state);
    expect(mine.seats[4]).toMatchObject({ reachability: 'self', bot: { hostSeat: 1, hostName: 'Bo', hostIsMe: true } });
    expect(mine.seats[3]).toMatchObject({
      reachability: 'direct',
      bot: { hostSeat: 0, hostName: 'Seat 1', hostIsMe: false },
    });
  });

  it('a bot key this page hosts is a bot even when its peer id is the one its key derives', () => {
    const own: Roster = { ...roster, seats: [person(1, 'Ann'), person(9, 'Bot 2')] };
    const view = lobbyView(own, context(1, [hex(9)], {}), state);
    expect(view.seats[1]).toMatchObject({
      reachability: 'self',
      bot: { hostSeat: 1, hostName: 'Bot 2', hostIsMe: false },
    });
    expect(view.seats[0]).toMatchObject({ reachability: 'offline', bot: null });
  });

  it('a seat sharing a peer id with a host that is itself a bot is hosted by the seat whose key derives it', () => {
    const shared: Roster = { ...roster, seats: [botOf(9, 1), person(1, 'Ann')] };
    expect(lobbyView(shared, context(3), state).seats[0]!.bot).toEqual({
      hostSeat: 1,
      hostName: 'Ann',
      hostIsMe: false,
    });
  });

  it('before any roster: no seats, waiting for the creator', () => {
    expect(
      lobbyView(undefined, context(1), { mySeat: null, isCreator: true, configProblem: null, handRunning: false }),
    ).toEqual({
      table: TABLE,
      config: null,
      rosterVersion: 0,
      seats: [],
      mySeat: null,
      isCreator: true,
      fingerprint: null,
      waitingForCreator: true,
      handsStarted: 0,
      configProblem: null,
      handRunning: false,
    });
  });
});
