/**
 * Keeps what did not change the same object. The store builds its view
 * afresh on every change (store-view.ts), so every array and object in it is
 * new even when it holds what it held before; Lit re-renders an element when
 * a property is a different object. `keepSame(before, after)` returns
 * `after` with every part that equals (by value) the same part of `before`
 * replaced by that part of `before` — `before` itself when nothing changed —
 * so the shell skips a change that shows nothing new and a table whose hand
 * did not change is not drawn again. An array's item that is one of the
 * old array's items, at any place, stays as it is. Plain objects and arrays
 * are compared by value; anything else (a class instance, a function, a
 * Map) only by identity.
 */

const plain = (x: unknown): x is Record<string, unknown> => {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const proto = Object.getPrototypeOf(x) as unknown;
  return proto === Object.prototype || proto === null;
};

export function keepSame<T>(before: T, after: T): T {
  if (Object.is(before, after)) return before;
  if (Array.isArray(before) && Array.isArray(after)) {
    // An item that was already there, wherever it was, is itself: a full log that drops its oldest line shifts every
    // other line by one, and comparing each with its old neighbour would copy all of them on every change.
    const there = new Set<unknown>(before);
    const kept = after.map((item: unknown, i) =>
      there.has(item) || i >= before.length ? item : keepSame(before[i] as unknown, item),
    );
    const same = before.length === after.length && kept.every((item, i) => item === before[i]);
    return (same ? before : kept) as T;
  }
  if (plain(before) && plain(after)) {
    const keys = Object.keys(after);
    const kept: Record<string, unknown> = {};
    let same = keys.length === Object.keys(before).length;
    for (const key of keys) {
      const value = key in before ? keepSame(before[key], after[key]) : after[key];
      kept[key] = value;
      if (value !== before[key] || !(key in before)) same = false;
    }
    return (same ? before : kept) as T;
  }
  return after;
}
