/**
 * Players come and go, over the in-memory transport with the real
 * cryptography: a page closed mid-hand, while the others end that hand and
 * start the next, comes back into the table's current hand and plays it to a
 * clean audit; a player who leaves frees the seat once the hand has ended and a bot the
 * creator hosts takes it for the next hand, which carries the match on. A page that came back offers no move
 * until another seat has said which hand the table is at, and shows its
 * moves as soon as one does. A page reloaded before its first secrets were
 * stored (the write lost) comes back with a new ready, and nobody is named.
 * Who is named as gone, and forged events of the next hand, are
 * rejoin-gone.deep.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { keyHex } from '../../src/net/envelope.js';
import { MemoryTableStore } from '../../tools/sim/memory-store.js';
import type { Mesh } from '../../src/net/mesh.js';
import { handFinished, resultOf, seatPeers, until, type SimulationPeer } from '../../tools/sim/simulation.js';
import { closeAll, closePage } from '../helpers/table-page.js';
import { refusal } from '../helpers/refusal.js';
import { handViewOf } from '../../src/app/store-hand-view.js';
import type { TableSession } from '../../src/table/table-session.js';

let running: SimulationPeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

describe('a page that comes back', () => {
  it('closed mid-hand while the others ended it and started the next, lands in the current hand and plays it to a clean audit', async () => {
    // A turn timer of 1 s: when Ann's bot has just moved as she ends the hand, her abandon is dated at a step Bob's
    // page cannot reach without Cid, and Bob's page ends the hand itself once its own turn timer for Cid runs out
    // (table-catch-up.ts `followAbandon`): 30 s by default.
    const { peers, reload } = await seatPeers({ game: 'stress-shed', players: 3, hands: 1, seed: 151, stallMs: 1_000 });
    running = peers;
    const [ann, bob, cid] = peers as [SimulationPeer, SimulationPeer, SimulationPeer];
    await until(() => (cid.session.current?.session.step ?? 0) > 8);
    closePage(cid);
    // The others give up on hand 1 (Cid's page is closed) and start hand 2, which waits for Cid.
    await until(
      () =>
        ann.session.current?.session.waiting()?.seats.includes(2) === true &&
        bob.session.current?.session.waiting()?.seats.includes(2) === true,
    );
    ann.session.endHand();
    await until(
      () => ann.session.current?.session.phase === 'halted' && bob.session.current?.session.phase === 'halted',
    );
    ann.session.rematch();
    bob.session.rematch();
    await until(() => ann.session.current?.handNo === 1 && bob.session.current?.handNo === 1);
    // Cid reopens the link: the page restores hand 1 from its storage, but must follow the table to hand 2.
    const back = await reload(2);
    running = [ann, bob, back];
    expect(back.session.current?.handNo).toBe(0);
    await until(() => running.every((p) => p.session.current?.handNo === 1 && handFinished(p)), 20);
    const result = resultOf(running, 'stress-shed');
    expect(result.peers.map((p) => p.halt)).toEqual([null, null, null]);
    expect(result.allClean).toBe(true);
    expect(result.agreedHash).toMatch(/^[0-9a-f]{64}$/);
    // Its record of hand 1 ended too (it missed the abandon while away, and stopped the hand itself or fetched it).
    const old = await back.store.loadHandEvents(back.session.lobby.table, 0);
    expect(old.length).toBeGreaterThan(0);
  }, 300_000);

  it('reloaded mid-hand while the others are still in it, stays in that hand and finishes it; told where the table is while still loading, it is not held back', async () => {
    const { peers, reload } = await seatPeers({ game: 'stress-shed', players: 2, hands: 1, seed: 152 });
    running = peers;
    await until(() => (peers[0]!.session.current?.session.step ?? 0) > 6);
    // The creator's page comes back. The other seat's fetch (the hand it is at) arrives while the page still loads
    // its game, before its table (its roster) is restored.
    const back = await reload(0, { beforeOpen: (delivered) => until(() => delivered().includes('fetch')) });
    running = [back, peers[1]!];
    // So the page knows it is at the table's hand: a move is judged by the rules, not refused as "catching up".
    expect(refusal(back.session.act({ type: 'no-such-move' }))).not.toBe('catching-up');
    await until(() => running.every(handFinished), 20);
    const result = resultOf(running, 'stress-shed');
    expect(result.allClean).toBe(true);
    expect(back.session.current?.handNo).toBe(0);
  }, 300_000);

  it('reloaded while the write of its first secrets was still pending (so lost), comes back with a new ready and nobody is named', async () => {
    // Bob's store holds hand 1's secrets writes until the reload: the page makes its ready (the seal key it
    // announces) but cannot store its secret, so the ready must go nowhere, not even in a fetch answer. Had it gone,
    // the reloaded page would make other steps for the same slots, or keys that do not match its seal key, and an
    // honest seat would be named.
    const slow = new (class extends MemoryTableStore {
      hold = true;
      override saveHandSecrets(...args: Parameters<MemoryTableStore['saveHandSecrets']>): Promise<void> {
        return this.hold ? new Promise<void>(() => {}) : super.saveHandSecrets(...args);
      }
    })();
    const { peers, reload } = await seatPeers({
      game: 'stress-shed',
      players: 3,
      hands: 1,
      seed: 155,
      store: (seat) => (seat === 1 ? slow : undefined),
    });
    running = peers;
    const bob = peers[1]!;
    const bobKey = keyHex(bob.signer.publicKey);
    const ownReady = () =>
      bob.session.current?.session.events().some((e) => e.body.type === 'ready' && keyHex(e.from) === bobKey) === true;
    await until(ownReady);
    // The others wait on Bob's ready and ask their links again (table-echo.ts REFETCH_MS): Bob's page takes a fetch.
    let fetched = false;
    const receive = bob.session.receive.bind(bob.session);
    bob.session.receive = (envelope, via) => {
      if (envelope.kind === 'fetch') fetched = true;
      receive(envelope, via);
    };
    await until(() => fetched, 20);
    await new Promise((resolve) => setTimeout(resolve, 50));
    slow.hold = false;
    const back = await reload(1);
    running = [peers[0]!, back, peers[2]!];
    const halted = () => running.some((p) => p.session.current?.session.phase === 'halted');
    await until(() => running.every(handFinished) || halted(), 20);
    expect(running.map((p) => p.session.current?.session.halt ?? null)).toEqual([null, null, null]);
    expect(resultOf(running, 'stress-shed').allClean).toBe(true);
  }, 300_000);

  it('reloaded before any seat has said where the table is, offers no move and says so, and shows its moves the moment a seat does', async () => {
    let seatOneCurrent: () => TableSession['current'] = () => null;
    let inFetch = false;
    let noticedInFetch = false;
    const { peers, reload } = await seatPeers({
      game: 'stress-shed',
      players: 2,
      hands: 1,
      seed: 154,
      // The notice the app re-renders on: the one given while the page takes in the fetch that opens its moves.
      onChange: (seat) => {
        if (seat === 1 && inFetch && seatOneCurrent()?.catchingUp === false) noticedInFetch = true;
      },
    });
    running = peers;
    const [ann] = peers as [SimulationPeer, SimulationPeer];
    await until(() => (ann.session.current?.session.step ?? 0) > 6);
    // Ann's fetches (each names the hand she is at) are held back: Bob's reloaded page cannot know where the table is.
    const held: (() => void)[] = [];
    const send = ann.mesh.send.bind(ann.mesh);
    ann.mesh.send = ((kind, body, to) => {
      if (kind !== 'fetch') return send(kind, body, to);
      held.push(() => send(kind, body, to));
      return undefined;
    }) as Mesh['send'];
    const back = await reload(1);
    running = [ann, back];
    seatOneCurrent = () => back.session.current;
    const receive = back.session.receive.bind(back.session);
    back.session.receive = (envelope, via) => {
      inFetch = envelope.kind === 'fetch';
      receive(envelope, via);
      inFetch = false;
    };
    await until(() => held.length > 0);
    const blocked = handViewOf(back.session);
    expect(back.session.current?.catchingUp).toBe(true);
    expect(blocked?.catchingUp).toBe(true);
    expect(blocked?.table?.legal).toEqual([]);
    expect(blocked?.cardHints).toEqual({});
    expect(refusal(back.session.act({ type: 'no-such-move' }))).toBe('catching-up');
    ann.mesh.send = send;
    for (const release of held.splice(0)) release();
    await until(() => back.session.current?.catchingUp === false);
    expect(noticedInFetch).toBe(true);
    expect(handViewOf(back.session)?.catchingUp).toBe(false);
    await until(() => running.every(handFinished), 20);
    expect(resultOf(running, 'stress-shed').allClean).toBe(true);
  }, 300_000);

  it('reloaded mid-hand among three, with a seat whose fetch answers never reach it, finishes without asking again', async () => {
    // The hand clock stands still, so no page asks its links again (table-echo.ts REFETCH_MS) and no deadline runs
    // out; and Bob answers none of the reloaded page's fetches (as when its fetch budget is spent by catching up).
    // The reloaded page takes every event from Ann's answers, but each needs Bob's word too, and Bob needs its
    // word for what he took in while it was away: the hand finishes only because every page gives its word for
    // everything of the hand it holds on each link that opens.
    const { peers, reload } = await seatPeers({
      game: 'stress-shed',
      players: 3,
      hands: 1,
      seed: 153,
      handClock: () => 0,
    });
    running = peers;
    const [ann, bob, cid] = peers as [SimulationPeer, SimulationPeer, SimulationPeer];
    await until(() => (cid.session.current?.session.step ?? 0) > 6);
    closePage(cid);
    const bobResend = bob.mesh.resend.bind(bob.mesh);
    bob.mesh.resend = ((remote, envelope) =>
      remote !== cid.mesh.peerId && bobResend(remote, envelope)) as Mesh['resend'];
    // Ann and Bob take in what was on its way (what the others make now, Cid must fetch and give its word for).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const back = await reload(2);
    running = [ann, bob, back];
    await until(() => running.every(handFinished), 20);
    const result = resultOf(running, 'stress-shed');
    expect(result.peers.map((p) => p.halt)).toEqual([null, null, null]);
    expect(result.allClean).toBe(true);
  }, 300_000);
});

describe('leaving', () => {
  it('a player who leaves mid-hand ends it without a result; the seat is freed after it, a bot the creator hosts takes it and the next hand keeps the match', async () => {
    const { peers } = await seatPeers({ game: 'stress-shed', players: 3, hands: 1, seed: 154 });
    running = peers;
    const [ann, bob, cid] = peers as [SimulationPeer, SimulationPeer, SimulationPeer];
    await until(() => (ann.session.current?.session.step ?? 0) > 8);
    const firstSetup = ann.session.current!.session.config.setup;
    cid.session.leave();
    await until(() => [ann, bob, cid].every((p) => p.session.current?.session.phase === 'halted'));
    expect(ann.session.current?.session.halt?.detail).toMatch(/Bot 3 left the table/);
    // Once the hand has ended the creator frees the seat; every page sees it free.
    await until(() => [ann, bob, cid].every((p) => p.session.lobby.view().seats[2]?.member === null));
    expect(cid.session.lobby.mySeat()).toBeNull();
    // A free seat stops the next hand until it is taken.
    ann.session.rematch();
    expect(ann.session.current?.handNo).toBe(0);
    await ann.session.addBot(2);
    await until(() =>
      [ann, bob].every(
        (p) =>
          p.session.lobby.view().seats[2]?.member?.name === 'Bot 3' &&
          p.session.lobby.view().seats[2]?.keyHex !== firstSetup.seatKeys[2],
      ),
    );
    ann.session.rematch();
    bob.session.rematch();
    running = [ann, bob];
    await until(() => running.every((p) => p.session.current?.handNo === 1 && handFinished(p)), 20);
    const result = resultOf(running, 'stress-shed');
    expect(result.allClean).toBe(true);
    const second = ann.session.current!.session.config.setup;
    // The hand without a result leaves the match as it was: same dealer and carry, a new key in seat 3.
    expect(second.dealer).toBe(firstSetup.dealer);
    expect(second.carry).toEqual(firstSetup.carry);
    expect(second.seatKeys.slice(0, 2)).toEqual(firstSetup.seatKeys.slice(0, 2));
    expect(second.seatKeys[2]).not.toBe(firstSetup.seatKeys[2]);
    cid.session.close();
    cid.mesh.stop();
  }, 300_000);
});
