/**
 * Several peers at one table over the in-memory transport, with the real
 * envelope signatures: they agree on the seats and the fingerprint, relay for
 * a pair that cannot link, reject hostile traffic with a reason and change
 * nothing, and a reloaded peer gets its seat back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryNetwork } from '../../src/net/memory-transport.js';
import { encodeEnvelope, signEnvelope } from '../../src/net/envelope.js';
import { testSigner } from '../helpers/signers.js';
import {
  MemoryRosterStore,
  eventually,
  peerIdOf,
  startLobbyPeer,
  tableFor,
  type LobbyPeer,
} from '../helpers/lobby-peers.js';

const config = { game: 'stress-shed' as const, seats: 3, options: {} };
let peers: LobbyPeer[] = [];
afterEach(() => {
  for (const peer of peers) peer.mesh.stop();
  peers = [];
});

async function threeAtATable(
  network = new MemoryNetwork({ defaultDelayMs: 2 }),
  before?: (n: MemoryNetwork, table: string) => void,
) {
  const table = tableFor(1);
  before?.(network, table);
  const ann = await startLobbyPeer(network, table, 1, 'Ann', { config });
  const bob = await startLobbyPeer(network, table, 2, 'Bob');
  const cat = await startLobbyPeer(network, table, 3, 'Cat');
  peers.push(ann, bob, cat);
  await eventually(() => {
    for (const peer of [ann, bob, cat]) {
      expect(peer.lobby.view().seats.map((s) => s.member?.name)).toEqual([
        'Ann',
        expect.any(String),
        expect.any(String),
      ]);
    }
  });
  return { network, table, ann, bob, cat };
}

describe('lobby over the mesh', () => {
  it('seats three peers and shows the same fingerprint everywhere', async () => {
    const { ann, bob, cat } = await threeAtATable();
    const names = ann.lobby
      .view()
      .seats.map((s) => s.member?.name)
      .sort();
    expect(names).toEqual(['Ann', 'Bob', 'Cat']);
    const prints = [ann, bob, cat].map((p) => p.lobby.view().fingerprint?.words);
    expect(prints[0]).toMatch(/^(\w+ ){7}\w+$/);
    expect(new Set(prints).size).toBe(1);
    expect([ann, bob, cat].map((p) => p.lobby.view().mySeat).sort()).toEqual([0, 1, 2]);
    await eventually(() => {
      for (const seat of bob.lobby.view().seats) expect(seat.reachability).toMatch(/self|direct/);
    });
  });

  it('relays between two peers that cannot link directly', async () => {
    const { bob, cat } = await threeAtATable(undefined, (network, table) =>
      network.blockPair(peerIdOf(table, 2), peerIdOf(table, 3)),
    );
    expect(bob.mesh.openLinks()).not.toContain(cat.mesh.peerId);
    await eventually(() => {
      expect(bob.mesh.reachability(cat.keyHex)).toBe('relayed');
      expect(cat.mesh.reachability(bob.keyHex)).toBe('relayed');
    });
    expect(bob.lobby.view().fingerprint).toEqual(cat.lobby.view().fingerprint);
  });

  it('admits a joiner who can never link to the creator, through an introducer the link names', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 2 });
    const table = tableFor(1);
    // Ann (creator) and Bob can never open a direct link; Cat is reachable by both.
    network.blockPair(peerIdOf(table, 1), peerIdOf(table, 2));
    const ann = await startLobbyPeer(network, table, 1, 'Ann', { config });
    const cat = await startLobbyPeer(network, table, 3, 'Cat');
    peers.push(ann, cat);
    await eventually(() => expect(cat.lobby.view().mySeat).not.toBeNull());
    // Bob's link was copied after Cat sat: it names Ann's and Cat's key prefixes.
    const bob = await startLobbyPeer(network, table, 2, 'Bob', {
      introducers: [ann.keyHex.slice(0, 16), cat.keyHex.slice(0, 16)],
    });
    peers.push(bob);
    await eventually(() => {
      expect(bob.lobby.view().mySeat).not.toBeNull();
      for (const peer of [ann, bob, cat])
        expect(
          peer.lobby
            .view()
            .seats.map((s) => s.member?.name)
            .sort(),
        ).toEqual(['Ann', 'Bob', 'Cat']);
    });
    // The creator seated him (its roster, relayed by Cat), and everyone sees the same seats.
    expect(ann.log).toContainEqual(expect.stringMatching(/^Bob sat down in seat/));
    expect(new Set([ann, bob, cat].map((p) => p.lobby.view().fingerprint?.words)).size).toBe(1);
    expect(bob.mesh.openLinks()).not.toContain(ann.mesh.peerId);
    expect(ann.mesh.openLinks()).not.toContain(bob.mesh.peerId);
    await eventually(() => {
      expect(bob.mesh.reachability(ann.keyHex)).toBe('relayed');
      expect(ann.mesh.reachability(bob.keyHex)).toBe('relayed');
    });
  });

  it('an introducer cannot seat a joiner: a roster it signs is refused, and the joiner waits for the creator', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 2 });
    const table = tableFor(1);
    network.blockPair(peerIdOf(table, 1), peerIdOf(table, 2));
    const ann = await startLobbyPeer(network, table, 1, 'Ann', { config });
    const cat = await startLobbyPeer(network, table, 3, 'Cat');
    peers.push(ann, cat);
    await eventually(() => expect(cat.lobby.view().mySeat).not.toBeNull());
    // Cat forges a roster seating Bob and pushes it down the link Bob opened to it.
    const bob = await startLobbyPeer(network, table, 2, 'Bob', { introducers: [cat.keyHex.slice(0, 16)] });
    peers.push(bob);
    await eventually(() => expect(cat.mesh.openLinks()).toContain(bob.mesh.peerId));
    const forged = signEnvelope(testSigner(3), {
      kind: 'roster',
      table,
      seq: Date.now() * 1000 + 5_000_000,
      to: null,
      body: {
        version: 99,
        config,
        seats: [
          { key: testSigner(3).publicKey, name: 'Cat', peerId: cat.mesh.peerId },
          { key: testSigner(2).publicKey, name: 'Bob', peerId: bob.mesh.peerId },
          null,
        ],
        hands: 0,
      },
    });
    expect(cat.mesh.sendRaw(bob.mesh.peerId, encodeEnvelope(forged))).toBe(true);
    await eventually(() =>
      expect(bob.rejections.map((r) => r.reason)).toContain('roster not signed by the table creator'),
    );
    // The real admission still comes from Ann, relayed by Cat: version 99 was never adopted.
    await eventually(() => expect(bob.lobby.view().mySeat).not.toBeNull());
    expect(bob.lobby.view().rosterVersion).toBe(ann.lobby.view().rosterVersion);
    expect(bob.lobby.view().rosterVersion).toBeLessThan(99);
  });

  it('rejects a malformed message with a reason and changes nothing', async () => {
    const { ann, bob } = await threeAtATable();
    const before = ann.lobby.view();
    await eventually(() => expect(bob.mesh.openLinks()).toContain(ann.mesh.peerId));
    expect(bob.mesh.sendRaw(ann.mesh.peerId, new Uint8Array([0xa1, 0x61, 0x76]))).toBe(true);
    await eventually(() =>
      expect(ann.rejections.map((r) => r.reason)).toContainEqual(expect.stringMatching(/not canonical CBOR/)),
    );
    expect(ann.rejections.find((r) => /CBOR/.test(r.reason))?.via).toBe(bob.mesh.peerId);
    expect(ann.lobby.view()).toEqual({ ...before, seats: expect.any(Array) });
    expect(ann.lobby.view().seats.map((s) => s.member?.name)).toEqual(before.seats.map((s) => s.member?.name));
  });

  it('rejects a roster forged by a seated peer that is not the creator', async () => {
    const { ann, bob, cat, table } = await threeAtATable();
    const forged = signEnvelope(testSigner(2), {
      kind: 'roster',
      table,
      seq: Date.now() * 1000 + 5_000_000,
      to: null,
      body: { version: 99, config, seats: [null, null, null], hands: 0 },
    });
    await eventually(() => expect(bob.mesh.openLinks()).toContain(cat.mesh.peerId));
    expect(bob.mesh.sendRaw(cat.mesh.peerId, encodeEnvelope(forged))).toBe(true);
    await eventually(() =>
      expect(cat.rejections.map((r) => r.reason)).toContain('roster not signed by the table creator'),
    );
    expect(cat.lobby.view().rosterVersion).toBeLessThan(99);
    expect(ann.lobby.view().rosterVersion).toBe(cat.lobby.view().rosterVersion);
  });

  it('rejects a leave from a key that holds no seat', async () => {
    const { ann, bob, table } = await threeAtATable();
    const stranger = signEnvelope(testSigner(7), {
      kind: 'leave',
      table,
      seq: 1,
      to: null,
      body: { rosterVersion: 1 },
    });
    await eventually(() => expect(bob.mesh.openLinks()).toContain(ann.mesh.peerId));
    expect(bob.mesh.sendRaw(ann.mesh.peerId, encodeEnvelope(stranger))).toBe(true);
    await eventually(() =>
      expect(ann.rejections.map((r) => r.reason)).toContainEqual(expect.stringMatching(/leave from an unknown seat/)),
    );
    expect(ann.lobby.view().seats.every((s) => s.member)).toBe(true);
  });

  it('gives a reloaded peer its seat back, and a left seat to the next comer', async () => {
    const { network, table, ann, bob } = await threeAtATable();
    const bobSeat = bob.lobby.view().mySeat;
    bob.mesh.stop();
    peers = peers.filter((p) => p !== bob);
    const reloaded = await startLobbyPeer(network, table, 2, 'Bob', { store: bob.store });
    peers.push(reloaded);
    await eventually(() => expect(reloaded.mesh.reachability(ann.keyHex)).toBe('direct'));
    await eventually(() => expect(reloaded.lobby.view().mySeat).toBe(bobSeat));

    reloaded.lobby.leave();
    await eventually(() => expect(ann.lobby.view().seats[bobSeat!]?.member).toBeNull());
    await eventually(() => expect(reloaded.lobby.view().mySeat).toBeNull());
    const dan = await startLobbyPeer(network, table, 4, 'Dan');
    peers.push(dan);
    await eventually(() => expect(dan.lobby.view().mySeat).toBe(bobSeat));
    reloaded.lobby.sit();
    await eventually(() => expect(ann.lobby.view().seats.filter((s) => s.member?.name === 'Bob')).toHaveLength(0));
    expect(ann.log).toContainEqual(expect.stringMatching(/Bob left seat/));
  });

  it('will not create a table whose options its game does not take, and says why', async () => {
    const table = tableFor(5);
    const bad = { game: 'stress-shed', seats: 5, options: { decks: 1 } };
    await expect(startLobbyPeer(new MemoryNetwork(), table, 5, 'Eve', { config: bad })).rejects.toThrow(
      'cannot create this table: Stress (shedding): Decks: One deck cannot be used with 5 players',
    );
    await expect(
      startLobbyPeer(new MemoryNetwork(), tableFor(6), 6, 'Fay', {
        config: { game: 'solitaire', seats: 2, options: {} },
      }),
    ).rejects.toThrow('cannot create this table: unknown game "solitaire"');
  });

  it('a joiner refuses the creator’s roster when its options are not valid for the game, and shows why', async () => {
    const network = new MemoryNetwork({ defaultDelayMs: 2 });
    const table = tableFor(1);
    // A creator whose stored roster carries an option the game does not have (e.g. written by another build).
    const store = new MemoryRosterStore();
    const ann = { key: testSigner(1).publicKey, name: 'Ann', peerId: peerIdOf(table, 1) };
    await store.saveRoster(table, {
      version: 3,
      config: { game: 'stress-shed', seats: 2, options: { jokers: true } },
      seats: [ann, null],
      hands: 0,
    });
    const creator = await startLobbyPeer(network, table, 1, 'Ann', { store });
    const joiner = await startLobbyPeer(network, table, 2, 'Bob');
    peers.push(creator, joiner);
    await eventually(() => expect(joiner.lobby.view().configProblem).toBe('Stress (shedding) has no option jokers'));
    expect(joiner.lobby.view().waitingForCreator).toBe(true);
    expect(joiner.log).toContain("refused the table's seating: Stress (shedding) has no option jokers");
  });
});
