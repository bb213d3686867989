/**
 * The table log says where this page sits once, until it changes: a session
 * opened again for the same table states the seat afresh, and the log keeps
 * only the first of two equal seat lines. Watchers are named or numbered.
 */
import { expect, test } from 'vitest';
import { repeatsSeatLine, watcherNames } from '../../src/app/log-lines.js';

const log = (...lines: string[]) => lines.map((text) => ({ text }));

test.each([
  ['the same seat again', log('you sit in seat 2'), 'you sit in seat 2', true],
  ['the same seat, other lines between', log('you sit in seat 2', 'Bob sat down in seat 3'), 'you sit in seat 2', true],
  ['a first seat line', log('Bob sat down in seat 3'), 'you sit in seat 2', false],
  ['another seat', log('you sit in seat 2'), 'you sit in seat 3', false],
  ['seated again after leaving', log('you sit in seat 2', 'you left your seat'), 'you sit in seat 2', false],
  ['left twice', log('you sit in seat 2', 'you left your seat'), 'you left your seat', true],
  ['an empty log', log(), 'you sit in seat 2', false],
  ['a move may repeat', log('Ann played 7♣'), 'Ann played 7♣', false],
  ['a seat line quoted in another line', log('you sit in seat 2'), 'Bob: you sit in seat 2', false],
] as const)('%s', (_what, entries, text, repeats) => {
  expect(repeatsSeatLine(entries, text)).toBe(repeats);
});

test.each([
  ['named watchers keep their names', ['Cat', 'Dan'], ['Cat', 'Dan']],
  ['unnamed ones are numbered in order', ['', 'Cat', ' '], ['Watcher 1', 'Cat', 'Watcher 2']],
  ["a key's digits are no name", ['Player 35c1', 'Player Two'], ['Watcher 1', 'Player Two']],
  ['none', [], []],
] as const)('%s', (_what, names, shown) => {
  expect(watcherNames(names.map((name) => ({ name })))).toEqual(shown);
});
