/**
 * What the lobby shows of a table (src/table/lobby-view.ts), built from a
 * roster: each seat with its key, its connection and whether it is this
 * page's; a bot labelled as a bot on every screen, with its host's name and
 * its host's connection — a bot the creator seats has no link of its own
 * (it sends through its host), so the lobby tells it from the roster alone
 * (its peer id is its host's, not the one its key derives); the table's
 * state before any roster; and the fingerprint, kept per roster object: it
 * equals `tableFingerprint` of the roster's table and seat keys, repeated
 * views of one roster agree, and a new roster (a seat taken or freed) or
 * another table gives the fingerprint of its own seats, never a stale one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { lobbyView, type LobbyViewContext, type LobbyViewState } from '../../src/table/lobby-view.js';
import { tableFingerprint } from '../../src/table/fingerprint.js';
import { peerIdFor } from '../../src/table/table-id.js';
import { MemoryNetwork } from '../../src/net/memory-transport.js';
import type { Roster, SeatMember } from '../../src/net/messages.js';
import { testSigner } from '../helpers/signers.js';
import { eventually, startLobbyPeer, tableFor, type LobbyPeer } from '../helpers/lobby-peers.js';

describe('the fingerprint', () => {
  const key = (b: number) => new Uint8Array(32).fill(b);
  const context = (table: string): LobbyViewContext => ({
    table,
    selfKey: 'none',
    selfPeerId: 'none',
    botKeys: [],
    reachability: () => 'direct',
  });
  const state = { mySeat: null, isCreator: false, configProblem: null, handRunning: false };
  const roster: Roster = {
    version: 1,
    config: { game: 'stress-shed', seats: 3, options: {} },
    seats: [{ key: key(1), name: 'Ann', peerId: 'p-ann' }, null, { key: key(3), name: 'Cy', peerId: 'p-cy' }],
    hands: 0,
  };

  it('is the table fingerprint of the roster, the same on every view', () => {
    const expected = tableFingerprint('tbl-a', [key(1), null, key(3)]);
    expect(lobbyView(roster, context('tbl-a'), state).fingerprint).toEqual(expected);
    expect(lobbyView(roster, context('tbl-a'), state).fingerprint).toEqual(expected);
  });

  it('follows a new roster and another table, never a stale one', () => {
    lobbyView(roster, context('tbl-a'), state);
    const taken: Roster = {
      ...roster,
      version: 2,
      seats: [roster.seats[0]!, { key: key(2), name: 'Bo', peerId: 'p-bo' }, roster.seats[2]!],
    };
    const fpTaken = lobbyView(taken, context('tbl-a'), state).fingerprint;
    expect(fpTaken).toEqual(tableFingerprint('tbl-a', [key(1), key(2), key(3)]));
    expect(fpTaken).not.toEqual(tableFingerprint('tbl-a', [key(1), null, key(3)]));
    expect(lobbyView(roster, context('tbl-b'), state).fingerprint).toEqual(
      tableFingerprint('tbl-b', [key(1), null, key(3)]),
    );
    expect(lobbyView(undefined, context('tbl-a'), state).fingerprint).toBeNull();
  });
});

describe('the seats of a roster', () => {
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

describe('a bot seat in the lobby of peers over a mesh', () => {
  let peers: LobbyPeer[] = [];
  afterEach(() => {
    for (const peer of peers) peer.mesh.stop();
    peers = [];
  });

  it('reads "bot, hosted by Ann" with Ann’s connection on every screen; players are not bots', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 2 });
    const table = tableFor(1);
    const ann = await startLobbyPeer(network, table, 1, 'Ann', {
      config: { game: 'stress-shed', seats: 3, options: {} },
    });
    const bob = await startLobbyPeer(network, table, 2, 'Bob');
    peers.push(ann, bob);
    await eventually(() => expect(ann.lobby.view().seats[1]?.member?.name).toBe('Bob'));
    ann.lobby.seatBot(testSigner(77).publicKey, 2);
    await eventually(() => {
      expect(bob.lobby.view().seats[2]?.member?.name).toBe('Bot 3');
      expect(bob.lobby.view().seats[0]?.reachability).toBe('direct');
    });
    const onBob = bob.lobby.view().seats;
    expect(onBob[2]!.bot).toEqual({ hostSeat: 0, hostName: 'Ann', hostIsMe: false });
    // The bot is as reachable as its host, never "offline" while Ann is here.
    expect(onBob[2]!.reachability).toBe('direct');
    expect(onBob[0]!.bot).toBeNull();
    expect(onBob[1]!.bot).toBeNull();
    const onAnn = ann.lobby.view().seats;
    expect(onAnn[2]!.bot).toEqual({ hostSeat: 0, hostName: 'Ann', hostIsMe: true });
    expect(onAnn[2]!.isMe).toBe(false);
    expect(onAnn[1]!.bot).toBeNull();
  });
});
