/**
 * Group commit (src/app/group-commit.ts): what is asked while a write commits
 * goes in the next write, all together; each ask settles with its own write.
 */
import { describe, expect, it } from 'vitest';
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
  it('starts the first write at once, and writes what came meanwhile together in one write after it', async () => {
    const { writes, write } = manualWriter();
    const group = new GroupCommit(write);
    const first = settled(group.add('a'));
    expect(writes.map((w) => w.items)).toEqual([['a']]);
    const later = ['b', 'c', 'd'].map((item) => settled(group.add(item)));
    expect(writes).toHaveLength(1);
    writes[0]!.resolve();
    expect(await first).toBe('stored');
    await Promise.resolve();
    expect(writes.map((w) => w.items)).toEqual([['a'], ['b', 'c', 'd']]);
    writes[1]!.resolve();
    expect(await Promise.all(later)).toEqual(['stored', 'stored', 'stored']);
  });

  it('after a quiet spell, a write starts at once again', async () => {
    const { writes, write } = manualWriter();
    const group = new GroupCommit(write);
    const first = group.add('a');
    writes[0]!.resolve();
    await first;
    void group.add('b');
    expect(writes.map((w) => w.items)).toEqual([['a'], ['b']]);
  });

  it('a failed write rejects its own asks only, and those behind it are still written', async () => {
    const { writes, write } = manualWriter();
    const group = new GroupCommit(write);
    const first = settled(group.add('a'));
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
