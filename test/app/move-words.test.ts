/**
 * A refused move in the log's words: the table hands the UI a typed code
 * (move-refusal.ts) and these words are the only place it becomes text.
 */
import { describe, expect, it } from 'vitest';
import { moveRefusalWords } from '../../src/app/move-words.js';
import type { MoveRefusal } from '../../src/table/hand/move-refusal.js';

describe('moveRefusalWords', () => {
  const rows: [MoveRefusal, string][] = [
    [{ code: 'not-playing' }, 'you are not playing this hand'],
    [
      { code: 'catching-up' },
      'this page is catching up with the table: a move waits until another seat has said which hand it is at',
    ],
    [{ code: 'stopped' }, 'the hand has stopped'],
    [{ code: 'not-in-play' }, 'the hand is not in play'],
    [{ code: 'not-a-move' }, 'that is not a move of this game'],
    [{ code: 'reveals-in-real-time' }, 'real-time moves cannot reveal hidden cards'],
    [{ code: 'not-dealt' }, 'that card is not dealt yet: try again in a moment'],
    // The engine's own refusals are said as every game's card hints say them; a game's own code is named as it is.
    [{ code: 'rules', rule: 'not-your-turn' }, 'not allowed now: Wait for your turn.'],
    [{ code: 'rules', rule: 'awaiting-crypto' }, 'not allowed now: Wait a moment: cards are on their way.'],
    [{ code: 'rules', rule: 'too-late' }, 'not allowed now (too-late)'],
  ];
  it.each(rows)('%o → %s', (refusal, words) => {
    expect(moveRefusalWords(refusal)).toBe(words);
  });
});
