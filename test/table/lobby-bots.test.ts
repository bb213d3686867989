/**
 * Bots are labelled as bots on every screen: a bot the creator seats has no
 * link of its own (it sends through its host), so before this its seat read
 * "you" to its host and "offline" to everyone else. The lobby now tells a bot
 * from the roster alone (its peer id is its host's, not the one its key
 * derives) and shows it with its host's name and its host's connection.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryNetwork } from '../../src/net/memory-transport.js';
import { testSigner } from '../helpers/signers.js';
import { eventually, startLobbyPeer, tableFor, type LobbyPeer } from '../helpers/lobby-peers.js';

let peers: LobbyPeer[] = [];
afterEach(() => {
  for (const peer of peers) peer.mesh.stop();
  peers = [];
});

describe('a bot seat in the lobby', () => {
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
