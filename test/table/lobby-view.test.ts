/**
 * The lobby view's fingerprint (src/table/lobby-view.ts), kept per roster
 * object: it equals `tableFingerprint` of the roster's table and seat keys,
 * repeated views of one roster agree, and a new roster (a seat taken or
 * freed) or another table gives the fingerprint of its own seats, never a
 * stale one.
 */
import { describe, expect, it } from 'vitest';
import { lobbyView, type LobbyViewContext } from '../../src/table/lobby-view.js';
import { tableFingerprint } from '../../src/table/fingerprint.js';
import type { Roster } from '../../src/net/messages.js';

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

describe('lobby view fingerprint', () => {
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
