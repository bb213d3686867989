/**
 * A copy of a follower's whole mutable state for the deep session fuzz: one
 * settled follower is copied before each mutant, so a mutant that halts it
 * costs a copy, not a replay of the hand (every shuffle argument verified
 * again). Every object is copied (plain objects, arrays, Maps, Sets, class
 * instances with their prototype), with cycles kept, except what is immutable
 * by convention and shared: functions, frozen objects (engine states), byte
 * strings, curve points (classes named …Point) and the objects in `shared`
 * (the game, the hand parameters) or that `share` picks (held events).
 */
export function deepClone<T>(
  root: T,
  shared: readonly unknown[] = [],
  share: (value: object) => boolean = () => false,
): T {
  const memo = new Map<unknown, unknown>(shared.map((s) => [s, s]));
  const copy = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    if (memo.has(value)) return memo.get(value);
    if (ArrayBuffer.isView(value) || Object.isFrozen(value) || share(value)) return value;
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      memo.set(value, out);
      for (const item of value) out.push(copy(item));
      return out;
    }
    if (value instanceof Map) {
      const out = new Map();
      memo.set(value, out);
      for (const [k, v] of value) out.set(k, copy(v));
      return out;
    }
    if (value instanceof Set) {
      const out = new Set();
      memo.set(value, out);
      for (const v of value) out.add(copy(v));
      return out;
    }
    const proto = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
    if (/Point$/.test(proto?.constructor?.name ?? '')) return value;
    const out = Object.create(proto) as Record<string | symbol, unknown>;
    memo.set(value, out);
    for (const key of Reflect.ownKeys(value)) {
      const desc = Object.getOwnPropertyDescriptor(value, key)!;
      if ('value' in desc) desc.value = copy(desc.value);
      Object.defineProperty(out, key, desc);
    }
    return out;
  };
  return copy(root) as T;
}
