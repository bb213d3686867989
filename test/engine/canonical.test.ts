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
    ['empty containers', { a: [], o: {} }, '{"a":[],"o":{}}'],
    ['numbers as JSON writes them', [1.5, -3, 1e21, 0], '[1.5,-3,1e+21,0]'],
    ['a bare null', null, 'null'],
    ['a bare string', 'x', '"x"'],
    ['a bare false', false, 'false'],
    ['keys escaped as JSON', { 'a"': 1 }, '{"a\\"":1}'],
    ['a null-prototype object', Object.assign(Object.create(null) as object, { b: 1, a: 2 }), '{"a":2,"b":1}'],
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

  test.each<[string, unknown, string]>([
    ['undefined', { a: [0, { b: undefined }] }, 'canonicalJson: undefined at $.a[1].b'],
    ['NaN', [1, Number.NaN], 'canonicalJson: non-finite number at $[1]'],
    ['-Infinity', Number.NEGATIVE_INFINITY, 'canonicalJson: non-finite number at $'],
    ['a function', { f: () => 1 }, 'canonicalJson: function at $.f'],
    ['a class instance', { list: [new Date(0)] }, 'canonicalJson: not a plain object at $.list[0]'],
    ['a bigint', { n: 1n }, 'canonicalJson: bigint at $.n'],
    ['a symbol', [Symbol('s')], 'canonicalJson: symbol at $[0]'],
  ])('names where it found %s', (_name, value, message) => {
    expect(() => canonicalJson(value)).toThrow(new TypeError(message));
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
  test.each<[string, unknown]>([
    ['null', null],
    ['a number', 3],
    ['a string', 'x'],
    ['a boolean', false],
  ])('returns %s as it is', (_name, value) => {
    expect(cloneJson(value)).toBe(value);
  });

  test('arrays stay arrays, objects plain objects, each a new one', () => {
    const original = { list: [[1], { a: null }], empty: [], nested: { deeper: { x: 'y' } } };
    const copy = cloneJson(original);
    expect(Array.isArray(copy.list)).toBe(true);
    expect(Array.isArray(copy.list[0])).toBe(true);
    expect(Array.isArray(copy.empty)).toBe(true);
    expect(canonicalJson(copy)).toBe(canonicalJson(original));
    expect(copy.list).not.toBe(original.list);
    expect(copy.list[1]).not.toBe(original.list[1]);
    expect(copy.nested.deeper).not.toBe(original.nested.deeper);
    expect(Object.getPrototypeOf(copy.nested)).toBe(Object.prototype);
  });

  test('copies deeply', () => {
    const original = { a: [1, { b: [2] }], c: null };
    const copy = cloneJson(original);
    expect(copy).toEqual(original);
    (copy.a[1] as { b: number[] }).b.push(3);
    expect(original.a[1]).toEqual({ b: [2] });
  });
});
