/**
 * Canonical serialization and the state hash that peers cross-check. The
 * encoding is JSON with object keys sorted (UTF-16 code unit order), no
 * whitespace, and only plain JSON values: anything else (undefined, NaN,
 * functions, class instances) is a programming error and throws, so two
 * peers can never hash "the same" state differently. Also a fast deep copy of
 * such plain JSON data (the reducer's drafts).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  write(value, parts, '$');
  return parts.join('');
}

function write(value: unknown, out: string[], path: string): void {
  if (value === null) {
    out.push('null');
    return;
  }
  switch (typeof value) {
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: non-finite number at ${path}`);
      out.push(Object.is(value, -0) ? '0' : JSON.stringify(value));
      return;
    case 'string':
      out.push(JSON.stringify(value));
      return;
    case 'object': {
      if (Array.isArray(value)) {
        out.push('[');
        value.forEach((item, i) => {
          if (i > 0) out.push(',');
          write(item, out, `${path}[${i}]`);
        });
        out.push(']');
        return;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null)
        throw new TypeError(`canonicalJson: not a plain object at ${path}`);
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      out.push('{');
      keys.forEach((key, i) => {
        if (i > 0) out.push(',');
        out.push(JSON.stringify(key), ':');
        write(record[key], out, `${path}.${key}`);
      });
      out.push('}');
      return;
    }
    default:
      throw new TypeError(`canonicalJson: ${typeof value} at ${path}`);
  }
}

/** SHA-256 (hex) of the canonical encoding: the state hash every event carries. */
export function stateHash(state: unknown): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalJson(state))));
}

/** Deep copy of plain JSON data (arrays, plain objects, primitives); much faster than structuredClone for states. */
export function cloneJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = cloneJson(value[i] as unknown);
    return copy as T;
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = cloneJson((value as Record<string, unknown>)[key]);
  return copy as T;
}
