/**
 * A harness of lobby peers over the in-memory transport: each has its own
 * identity, mesh, lobby and roster store, and records what its log and its
 * mesh's rejections said, so tests can assert on both.
 */
import { vi } from 'vitest';
import { Mesh } from '../../src/net/mesh.js';
import type { Rejection } from '../../src/net/mesh-types.js';
import type { MemoryNetwork } from '../../src/net/memory-transport.js';
import type { Roster, TableConfig } from '../../src/net/messages.js';
import { keyHex } from '../../src/net/envelope.js';
import { Lobby, type RosterStore } from '../../src/table/lobby.js';
import { newTableId, peerIdFor } from '../../src/table/table-id.js';
import { testSigner } from './signers.js';

const FAST_TIMING = {
  heartbeatMs: 50,
  linkDeadAfterMs: 3000,
  presenceMs: 80,
  presenceFreshMs: 1500,
  reconnectMs: 100,
};

export class MemoryRosterStore implements RosterStore {
  readonly rosters = new Map<string, Roster>();
  async loadRoster(table: string) {
    return this.rosters.get(table);
  }
  async saveRoster(table: string, roster: Roster) {
    this.rosters.set(table, structuredClone(roster));
  }
}

export interface LobbyPeer {
  readonly name: string;
  readonly seed: number;
  readonly keyHex: string;
  readonly mesh: Mesh;
  readonly lobby: Lobby;
  readonly store: MemoryRosterStore;
  readonly log: string[];
  readonly rejections: Rejection[];
}

export function tableFor(creatorSeed: number): string {
  return newTableId(keyHex(testSigner(creatorSeed).publicKey), new Uint8Array(8).fill(creatorSeed));
}

export function peerIdOf(table: string, seed: number): string {
  return peerIdFor(table, keyHex(testSigner(seed).publicKey));
}

export async function startLobbyPeer(
  network: MemoryNetwork,
  table: string,
  seed: number,
  name: string,
  options: { config?: TableConfig; store?: MemoryRosterStore; introducers?: readonly string[] } = {},
): Promise<LobbyPeer> {
  const signer = testSigner(seed);
  const hex = keyHex(signer.publicKey);
  const transport = network.createTransport(peerIdFor(table, hex));
  const mesh = new Mesh({ table, signer, transport, name, timing: FAST_TIMING });
  const store = options.store ?? new MemoryRosterStore();
  const log: string[] = [];
  const rejections: Rejection[] = [];
  const lobby = new Lobby({ mesh, store, name, onChange: () => {}, onLog: (line) => log.push(line) });
  await mesh.start({
    message: (envelope) => lobby.receive(envelope),
    rejected: (rejection) => rejections.push(rejection),
    changed: () => {},
    problem: () => {},
  });
  if (options.introducers) lobby.introduce(options.introducers);
  await lobby.open(options.config);
  return { name, seed, keyHex: hex, mesh, lobby, store, log, rejections };
}

/** Waits until `check` passes (it throws until then); a failure guard, not a speed limit. */
export async function eventually(check: () => void): Promise<void> {
  await vi.waitFor(check, { timeout: 20_000, interval: 20 });
}
