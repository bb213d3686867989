/**
 * Which sound a change at the table calls for: the end of a hand, your turn
 * coming round, a card played; nothing on the first look, on a new hand, or
 * when nothing moved.
 */
import { describe, expect, test } from 'vitest';
import { soundCue, type CueState } from '../../src/app/sound.js';

const at = (over: Partial<CueState> = {}): CueState => ({ handNo: 0, step: 10, myTurn: false, over: false, ...over });

describe('soundCue', () => {
  test('a hand that ends chimes, even when the last move made it', () => {
    expect(soundCue(at(), at({ step: 12, over: true }))).toBe('over');
    expect(soundCue(at({ over: true }), at({ over: true, step: 11 }))).toBeNull();
  });
  test('your turn coming round beats the card that brought it', () => {
    expect(soundCue(at(), at({ step: 11, myTurn: true }))).toBe('turn');
    expect(soundCue(at({ myTurn: true }), at({ myTurn: true }))).toBeNull();
  });
  test('a card played clicks; nothing new, a first look or a new hand say nothing', () => {
    expect(soundCue(at(), at({ step: 11 }))).toBe('card');
    expect(soundCue(at(), at())).toBeNull();
    expect(soundCue(null, at({ myTurn: true }))).toBeNull();
    expect(soundCue(at({ handNo: 0 }), at({ handNo: 1, myTurn: true }))).toBeNull();
  });
});
