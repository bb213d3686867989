/**
 * Group commit (src/app/group-commit.ts): what is asked in one task goes in
 * one write, once the task's code has run; what is asked while a write
 * commits goes in the next write, all together; each ask settles with its
 * own write.
 */
import { describe, expect, it, vi } from 'vitest';
import { GroupCommit } from '../../src/app/group-commit.js';

/** A writer whose writes the test settles by hand, in order. */
function manualWriter() {
  const writes: { items: readonly string[]; resolve: () => void; reject: (e: Error) => void }[] = [];
  const write = (items: readonly string[]) =>
    new Promise<void>((resolve, reject) => writes.push({ items: [...items], resolve, reject }));
  return { writes, write };
}

const settled = async <T>(promise: Promise<T>) =>
  promise.then(
    () => 'stored',
    (e: Error) => `failed: ${e.message}`,
  );

describe('group commit', () => {
  it('writes what one task asks for together, once its code has run, and what came meanwhile together after it', async () => {
    const { writes, write } = manualWriter();
    const group = new GroupCommit(write);
    const first = [settled(group.add('a')), settled(group.add('b'))];
    expect(writes).toHaveLength(0);
    await Promise.resolve();
    expect(writes.map((w) => w.items)).toEqual([['a', 'b']]);
    const later = ['c', 'd', 'e'].map((item) => settled(group.add(item)));
    await Promise.resolve();
    expect(writes).toHaveLength(1);
    writes[0]!.resolve();
    expect(await Promise.all(first)).toEqual(['stored', 'stored']);
    await Promise.resolve();
    expect(writes.map((w) => w.items)).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
    writes[1]!.resolve();
    expect(await Promise.all(later)).toEqual(['stored', 'stored', 'stored']);
  });

  it('after a quiet spell, a write starts as soon as the asking code has run, waiting for no timer', async () => {
    vi.useFakeTimers();
    try {
      const { writes, write } = manualWriter();
      const group = new GroupCommit(write);
      const first = group.add('a');
      await Promise.resolve();
      writes[0]!.resolve();
      await first;
      void group.add('b');
      await Promise.resolve();
      expect(writes.map((w) => w.items)).toEqual([['a'], ['b']]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed write rejects its own asks only, and those behind it are still written', async () => {
    const { writes, write } = manualWriter();
    const group = new GroupCommit(write);
    const first = settled(group.add('a'));
    await Promise.resolve();
    const second = [settled(group.add('b')), settled(group.add('c'))];
    writes[0]!.reject(new Error('quota'));
    expect(await first).toBe('failed: quota');
    await Promise.resolve();
    expect(writes[1]!.items).toEqual(['b', 'c']);
    const third = settled(group.add('d'));
    writes[1]!.reject(new Error('disk'));
    expect(await Promise.all(second)).toEqual(['failed: disk', 'failed: disk']);
    await Promise.resolve();
    writes[2]!.resolve();
    expect(await third).toBe('stored');
    expect(writes.map((w) => w.items)).toEqual([['a'], ['b', 'c'], ['d']]);
  });
});
