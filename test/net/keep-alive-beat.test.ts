/**
 * When the keep-alive's beat goes (src/net/keep-alive.ts `beatDue`): the
 * first always; later ones are left out only while this side's data has just
 * gone and the other side is being heard. The channel itself, over real
 * WebRTC, is tested in test/browser/peerjs-transport.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { beatDue } from '../../src/net/keep-alive.js';

const NOW = 100_000;
const PERIOD = 500;

describe('a keep-alive beat', () => {
  it.each([
    ['the first, whatever the link carries', 0, NOW - 10, NOW - 10, true],
    ['a later one on a link with nothing sent', 3, -Infinity, NOW - 10, true],
    ['data of ours just went and the other side was just heard', 3, NOW - 10, NOW - 10, false],
    ['data went 249 ms ago, the other side heard 749 ms ago', 3, NOW - 249, NOW - 749, false],
    ['our data is half a period old', 3, NOW - 250, NOW - 10, true],
    ['the other side silent for one and a half periods (a path gone)', 3, NOW - 10, NOW - 750, true],
    ['the other side never heard', 3, NOW - 10, -Infinity, true],
  ] as const)('%s: goes: %s', (_what, beats, sentMs, heardMs, due) => {
    expect(beatDue({ beats, nowMs: NOW, sentMs, heardMs, periodMs: PERIOD })).toBe(due);
  });
});
