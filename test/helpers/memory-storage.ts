/**
 * A Web Storage (localStorage) in memory for Node tests: the whole interface,
 * in insertion order, with a quota in characters past which `setItem` throws
 * as a browser's does when the origin's storage is full.
 */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();

  constructor(private readonly quota = Infinity) {}

  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    let used = key.length + value.length;
    for (const [k, v] of this.items) if (k !== key) used += k.length + v.length;
    if (used > this.quota) throw new DOMException('the quota has been exceeded', 'QuotaExceededError');
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}
