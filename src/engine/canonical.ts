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
  const path: (string | number)[] = [];
  try {
    return write(value, path);
  } catch (error) {
    if (error instanceof NotJson)
      throw new TypeError(`canonicalJson: ${error.message} at ${pathText(path)}`, { cause: error });
    throw error;
  }
}

/** What `write` throws: the path stack still holds where it stopped (built into text only then). */
class NotJson extends Error {}

function pathText(path: readonly (string | number)[]): string {
  let out = '$';
  for (const step of path) out += typeof step === 'number' ? `[${step}]` : `.${step}`;
  return out;
}

/** The encoding of `value`; `path` is the stack of keys and indices down to it, popped on the way back. */
function write(value: unknown, path: (string | number)[]): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new NotJson('non-finite number');
      return Object.is(value, -0) ? '0' : JSON.stringify(value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ',';
          path.push(i);
          out += write(value[i] as unknown, path);
          path.pop();
        }
        return out + ']';
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) throw new NotJson('not a plain object');
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      let out = '{';
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        if (i > 0) out += ',';
        path.push(key);
        out += JSON.stringify(key) + ':' + write(record[key], path);
        path.pop();
      }
      return out + '}';
    }
    default:
      throw new NotJson(typeof value);
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
