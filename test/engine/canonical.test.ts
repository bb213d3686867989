/**
 * Canonical serialization and the state hash: key order never matters,
 * only plain JSON is accepted, and the hash is SHA-256 of exactly the
 * canonical bytes (checked against node:crypto). Also the draft copier.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { canonicalJson, stateHash } from '../../src/engine/index.js';
import { cloneJson } from '../../src/engine/canonical.js';

describe('canonicalJson', () => {
  test.each<[string, unknown, string]>([
    ['sorted keys', { b: 1, a: 2 }, '{"a":2,"b":1}'],
    ['nested sorted keys', { z: { y: [1, { d: 0, c: null }] }, a: 'x' }, '{"a":"x","z":{"y":[1,{"c":null,"d":0}]}}'],
    ['negative zero', { n: -0 }, '{"n":0}'],
    ['strings escaped as JSON', ['a"b', 'é\n'], '["a\\"b","é\\n"]'],
    ['booleans and null', [true, false, null], '[true,false,null]'],
    ['code-unit key order', { b: 1, B: 2, _: 3 }, '{"B":2,"_":3,"b":1}'],
  ])('%s', (_name, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  test.each<[string, unknown]>([
    ['undefined', { a: undefined }],
    ['NaN', [Number.NaN]],
    ['Infinity', { x: Number.POSITIVE_INFINITY }],
    ['a function', { f: () => 1 }],
    ['a Date', { d: new Date(0) }],
    ['a Map', new Map()],
    ['a bigint', { n: 1n }],
  ])('refuses %s', (_name, value) => {
    expect(() => canonicalJson(value)).toThrow(TypeError);
  });

  test('equal states hash equal whatever the key order', () => {
    expect(stateHash({ a: 1, b: [1, 2] })).toBe(stateHash({ b: [1, 2], a: 1 }));
    expect(stateHash({ a: 1, b: [1, 2] })).not.toBe(stateHash({ a: 1, b: [2, 1] }));
  });

  test('the hash is SHA-256 of the canonical UTF-8 bytes', () => {
    const value = { step: 3, cards: [{ card: 'QH~2', seen: [0, 1] }], note: 'ä' };
    const expected = createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');
    expect(stateHash(value)).toBe(expected);
  });
});

describe('cloneJson', () => {
  test('copies deeply', () => {
    const original = { a: [1, { b: [2] }], c: null };
    const copy = cloneJson(original);
    expect(copy).toEqual(original);
    (copy.a[1] as { b: number[] }).b.push(3);
    expect(original.a[1]).toEqual({ b: [2] });
  });
});
