/**
 * The outbox under a failing store (F9): a peer persists each of its
 * own events before sending it. A save that fails (quota exceeded) is retried
 * with backoff, so a passing failure costs nothing; one that keeps failing
 * stops the hand with this peer's own failure named on screen and in the log
 * — never a silent peer, never an unhandled rejection (vitest fails the run
 * on one).
 */
import { afterEach, expect, it } from 'vitest';
import { MemoryTableStore } from '../../tools/sim/memory-store.js';
import { until } from '../../tools/sim/simulation.js';
import { closeAll, tablePeers, type TablePeer } from './table-peers.js';

let running: TablePeer[] = [];
afterEach(() => {
  closeAll(running);
  running = [];
});

/** A store whose saves of this peer's own events fail `failures` times in a row, from the `from`-th on. */
class FlakyStore extends MemoryTableStore {
  failed = 0;
  private ownSaves = 0;
  own = '';
  constructor(
    private readonly failures: number,
    private readonly from: number,
  ) {
    super();
  }
  override async saveHandEvent(table: string, hand: number, key: string, bytes: Uint8Array): Promise<void> {
    if (this.own && key.startsWith(this.own) && this.ownSaves++ >= this.from && this.failed < this.failures) {
      this.failed++;
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return super.saveHandEvent(table, hand, key, bytes);
  }
}

async function playWith(failures: number) {
  const flaky = new FlakyStore(failures, 3);
  const { peers } = await tablePeers({
    game: 'stress-shed',
    players: 2,
    seed: 9,
    store: (seat) => (seat === 1 ? flaky : new MemoryTableStore()),
    extra: () => ({ saveRetryMs: 2 }),
  });
  running = peers;
  flaky.own = peers[1]!.mesh.selfKey;
  return { peers, flaky };
}

it('a save that fails a few times is retried and the hand finishes clean', async () => {
  const { peers, flaky } = await playWith(3);
  await until(() =>
    peers.every((p) => p.session.current?.session.phase === 'done' || p.session.current?.session.phase === 'halted'),
  );
  expect(flaky.failed).toBe(3);
  expect(peers.map((p) => p.session.current!.session.halt)).toEqual([null, null]);
  expect(peers.map((p) => p.session.current!.session.auditResult?.clean)).toEqual([true, true]);
  expect(peers[1]!.log.filter((l) => l.level === 'warn' && l.line.includes('trying again'))).toHaveLength(3);
}, 120_000);

it('a save that keeps failing stops the hand with the local failure named, not a silent peer', async () => {
  const { peers, flaky } = await playWith(1_000);
  await until(() => peers[1]!.session.current?.session.phase === 'halted');
  const halt = peers[1]!.session.current!.session.halt!;
  expect(halt.code).toBe('internal');
  expect(halt.seat).toBeNull();
  expect(halt.detail).toContain('could not store');
  expect(halt.detail).toContain('quota');
  expect(peers[1]!.log.some((l) => l.level === 'error' && l.line.includes('could not store'))).toBe(true);
  expect(flaky.failed).toBe(5);
}, 120_000);
