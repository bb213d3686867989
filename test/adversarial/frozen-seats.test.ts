/**
 * Seats are frozen while a hand runs (F10): the hand's seats come
 * from its agreed set-up, and a roster from the creator that moves a seat of
 * the running hand is refused (and logged) by every other peer. Attack: the
 * creator signs a newer roster mid-hand that gives the victim's seat to a key
 * of its own (which would make the mesh drop the victim's events as "from an
 * unknown seat"); the victim's events are still accepted and the hand
 * finishes with a clean audit on every screen.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { afterEach, expect, it } from 'vitest';
import { keyHex } from '../../src/net/envelope.js';
import type { Roster } from '../../src/net/messages.js';
import { until } from '../../tools/sim/simulation.js';
import { closeAll, tablePeers, type TablePeer } from './table-peers.js';

let running: TablePeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

it('a roster that re-seats the victim mid-hand is refused by every peer and the hand finishes', async () => {
  const { peers, table } = await tablePeers({ game: 'stress-shed', players: 3, seed: 12 });
  running = peers;
  const [creator, victim, witness] = [peers[0]!, peers[1]!, peers[2]!];
  await until(() => peers.every((p) => (p.session.current?.session.step ?? 0) > 3));
  const roster = (await creator.store.loadRoster(table))!;
  const mallory = ed25519.getPublicKey(new Uint8Array(32).fill(7));
  const stolen: Roster = {
    ...roster,
    version: roster.version + 5,
    seats: roster.seats.map((m, seat) => (seat === 1 ? { key: mallory, name: 'Mallory', peerId: m!.peerId } : m)),
  };
  creator.mesh.send('roster', stolen);
  await until(() => [victim, witness].every((p) => p.log.some((l) => l.line.includes('refused the table'))));
  for (const p of [victim, witness]) {
    expect(p.log.find((l) => l.line.includes('refused the table'))!.line).toContain('seat 2');
    expect(p.session.lobby.view().seats[1]!.keyHex).toBe(victim.mesh.selfKey);
    expect(p.session.lobby.view().rosterVersion).toBeLessThan(stolen.version);
  }
  expect(victim.session.lobby.mySeat()).toBe(1);
  await until(() =>
    peers.every((p) => p.session.current?.session.phase === 'done' || p.session.current?.session.phase === 'halted'),
  );
  expect(peers.map((p) => p.session.current!.session.halt)).toEqual([null, null, null]);
  expect(peers.map((p) => p.session.current!.session.auditResult?.clean)).toEqual([true, true, true]);
  // The victim kept its seat in the hand: its moves were taken in by everyone.
  const victimActs = witness.session.current!.session.loggedInputs().filter((i) => i.kind === 'act' && i.seat === 1);
  expect(victimActs.length).toBeGreaterThan(0);
  expect(keyHex(mallory)).not.toBe(victim.mesh.selfKey);
}, 240_000);
