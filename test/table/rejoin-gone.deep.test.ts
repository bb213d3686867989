/**
 * Players who go, over the in-memory transport with the real cryptography
 * (the deep suite: each waits out the mesh's presence window). A player who is
 * thinking is never named as gone, one whose page is closed is, on its seat
 * and in the log, and End hand then names only that seat, also when it
 * closed right after disclosing. A seated peer
 * cannot move a page that came back out of its running hand by forging
 * events of the next hand. rejoin.test.ts is the rest of players coming and
 * going.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { handFinished, seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { seedFor } from '../helpers/depth.js';
import { closeAll, closePage } from '../helpers/table-page.js';
import { closeAfterDisclosing } from '../helpers/closing-page.js';

let running: SimulationPeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

describe('an attacker at the table', () => {
  it('cannot end or freeze a hand by forging events of the next hand, not even on a page that came back', async () => {
    const { peers, reload, table } = await seatPeers({
      game: 'stress-shed',
      players: 3,
      hands: 1,
      seed: 155,
      stallMs: 1_000,
    });
    running = peers;
    const [mallory, bob] = peers as [SimulationPeer, SimulationPeer, SimulationPeer];
    await until(() => (bob.session.current?.session.step ?? 0) > 6);
    // Mallory (seat 1) signs abandons for hand 2, which nobody has started.
    let n = 0;
    const forge = (): EnvelopeOf<'table-event'> =>
      signEnvelope(mallory.signer, {
        kind: 'table-event',
        table,
        seq: 50_000 + n,
        to: null,
        body: {
          hand: 1,
          n: n++,
          at: 0,
          hash: new Uint8Array(32),
          type: 'abandon',
          data: { reason: 'the table moved on' },
        },
      });
    const back = await reload(2);
    running = [mallory, bob, back];
    back.session.receive(forge(), 'test');
    await until(() => (back.session.current?.session.step ?? 0) > 0);
    const stepAtForge = back.session.current!.session.step;
    for (const victim of [bob, back]) victim.session.receive(forge(), 'test');
    // The forgeries only offer a rematch: both pages stay in hand 1 and keep moving.
    expect([bob, back].map((p) => p.session.rematchOffered)).toEqual([true, true]);
    await until(() => (back.session.current?.session.step ?? 0) > stepAtForge + 4 || handFinished(back));
    // Then Mallory forges once more and goes silent: the hand now waits on a seat that "showed" hand 2.
    for (const victim of [bob, back]) victim.session.receive(forge(), 'test');
    closePage(mallory);
    running = [bob, back];
    // Nobody leaves hand 1 on Mallory's word: both pages wait, name Mallory as gone, and only a person ends the hand.
    // (The hand cannot end without Mallory: the audit needs her keys.)
    await until(() =>
      [bob, back].every((p) => p.session.current?.stalled?.gone === true && p.session.current.stalled.canEnd),
    );
    expect([bob, back].map((p) => p.session.current?.handNo)).toEqual([0, 0]);
    expect([bob, back].map((p) => p.session.current?.session.phase)).not.toContain('halted');
    expect(bob.session.current?.stalled?.seats).toEqual([0]);
    bob.session.endHand();
    await until(() => [bob, back].every((p) => p.session.current?.session.phase === 'halted'));
    expect(back.session.current?.session.halt?.detail).toMatch(/nothing came from Bot 1/);
    expect([bob, back].map((p) => p.session.current?.handNo)).toEqual([0, 0]);
    mallory.session.close();
  }, 300_000);
});

describe('gone, not thinking', () => {
  it('names only a seat whose page is closed, on its seat and in the log, never the viewer or a live seat', async () => {
    const logs: string[][] = [[], [], []];
    const { peers } = await seatPeers({
      game: 'stress-shed',
      players: 3,
      hands: 1,
      seed: seedFor(153),
      stallMs: 1_000,
      onLog: (seat, line) => logs[seat]!.push(line),
    });
    running = peers;
    const [ann, , cid] = peers as [SimulationPeer, SimulationPeer, SimulationPeer];
    await until(() => (ann.session.current?.session.step ?? 0) > 8);
    // While everyone is connected nobody is a stall, however long the hand takes.
    expect(ann.session.current?.stalled).toBeNull();
    expect(ann.session.current?.goneSeats).toEqual([]);
    closePage(cid);
    await until(() => ann.session.current?.goneSeats.includes(2) === true);
    expect(ann.session.current?.goneSeats).toEqual([2]);
    expect(ann.session.lobby.view().seats[2]?.reachability).toBe('offline');
    expect(logs[0]!.some((line) => /Bot 3 has lost the connection/.test(line))).toBe(true);
    expect(logs[0]!.some((line) => /Bot 1 has lost|Bot 2 has lost/.test(line))).toBe(false);
    // The hand comes to wait for Cid: the stall names Cid only, as gone, and the turn timer lets the others end it.
    await until(() => ann.session.current?.stalled?.canEnd === true);
    const stall = ann.session.current!.stalled!;
    expect(stall.seats).toEqual([2]);
    expect(stall.gone).toBe(true);
    // Ann's own last move took effect on her page at once, but Bob may never take it in: it needs Cid's word,
    // and Cid is gone. So Ann's end, dated at her step, may wait on Bob's page for ever; Bob's page, stalled on
    // the same gone seat, ends the hand too, and both pages show the same verdict.
    ann.session.endHand();
    await until(() => peers.slice(0, 2).every((p) => p.session.current?.session.phase === 'halted'));
    expect(peers.slice(0, 2).map((p) => p.session.current?.session.halt?.code)).toEqual(['abandoned', 'abandoned']);
  }, 300_000);

  it('a page closed right after its seat disclosed, before it held the others’ disclosures, is the one named on both pages that stayed', async () => {
    // Its word for what it held outlives it (last-word.test.ts); for what came after it left, it owes its word.
    expect(await closeAfterDisclosing([])).toEqual([
      { phase: 'halted', named: 2 },
      { phase: 'halted', named: 2 },
    ]);
  }, 120_000);
});
