/**
 * Fault reports: a peer whose hand halts signs and sends a `fault`
 * event with its verdict, so every screen shows the same one. Attack 1: a
 * cheater's move carries a wrong state hash; both honest peers halt with
 * `desync` naming it, and each holds the other's report and agrees with it.
 * Attack 2: a liar reports a fault that never happened, naming an honest
 * seat; nobody halts on the report alone, each honest peer shows it as not
 * reached on its own, and the accused victim can still end the hand.
 */
import { afterEach, expect, it } from 'vitest';
import { signEnvelope, type EnvelopeOf, type Signer } from '../../src/net/envelope.js';
import { until } from '../../tools/sim/simulation.js';
import { closeAll, tablePeers, type TablePeer } from './table-peers.js';

let running: TablePeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

const CHEATER = 2;
type Event = EnvelopeOf<'table-event'>;
const resign = (signer: Signer, e: Event, body: Event['body']): Event =>
  signEnvelope(signer, { kind: 'table-event', table: e.table, seq: e.seq, to: null, body });

it('honest peers that halt send their verdicts and agree with each other', async () => {
  let done = false;
  const { peers } = await tablePeers({
    game: 'stress-shed',
    players: 3,
    seed: 31,
    tamper: (seat, signer) =>
      seat === CHEATER
        ? (e) => {
            if (done || e.body.type !== 'act') return e;
            done = true;
            return resign(signer, e, { ...e.body, hash: new Uint8Array(32).fill(9) });
          }
        : undefined,
  });
  running = peers;
  await until(() =>
    [0, 1].every(
      (i) => peers[i]!.session.current?.session.halt && (peers[i]!.session.current?.reports.length ?? 0) > 0,
    ),
  );
  for (const i of [0, 1]) {
    const current = peers[i]!.session.current!;
    expect(current.session.halt?.code).toBe('desync');
    expect(current.session.halt?.seat).toBe(CHEATER);
    const report = current.reports.find((r) => r.reporter === 1 - i)!;
    expect(report).toMatchObject({ code: 'desync', seat: CHEATER, agrees: true });
  }
}, 240_000);

it('a false report halts nobody, is shown as not reached here, and the accused can end the hand', async () => {
  const { peers, table } = await tablePeers({ game: 'stress-shed', players: 3, seed: 32 });
  running = peers;
  await until(() => peers.every((p) => (p.session.current?.session.step ?? 0) > 2));
  const liar = peers[CHEATER]!;
  const f = liar.session.current!.session.follower;
  const lie = signEnvelope(liar.signer, {
    kind: 'table-event',
    table,
    seq: liar.mesh.nextSeq(),
    to: null,
    body: {
      hand: 0,
      n: f.pool.nextSeq(CHEATER) + 500,
      at: 0,
      hash: new Uint8Array(32),
      type: 'fault',
      data: { code: 'illegal-move', seat: 0, detail: 'seat 1 played a card it does not hold' },
    },
  });
  liar.mesh.broadcast(lie);
  await until(() => [0, 1].every((i) => (peers[i]!.session.current?.reports.length ?? 0) > 0));
  for (const i of [0, 1]) {
    const current = peers[i]!.session.current!;
    expect(current.reports[0]).toMatchObject({ reporter: CHEATER, code: 'illegal-move', seat: 0, agrees: false });
    expect(current.session.halt).toBeNull();
  }
  peers[0]!.session.endHand();
  await until(() => peers.every((p) => p.session.current?.session.halt !== null));
  for (const p of peers) expect(p.session.current!.session.halt?.code).toBe('abandoned');
  expect(peers[1]!.session.current!.session.halt?.detail).toContain('seat 1');
}, 240_000);
