/**
 * A refused move in words (the table returns a typed code: src/table/hand/
 * move-refusal.ts): what the log says when a click did not make a move, with
 * what to do about it where there is something to do.
 */
import { engineWords } from '../games/card-hints.js';
import type { MoveRefusal } from '../table/hand/move-refusal.js';

export function moveRefusalWords(refusal: MoveRefusal): string {
  switch (refusal.code) {
    case 'not-playing':
      return 'you are not playing this hand';
    case 'catching-up':
      return 'this page is catching up with the table: a move waits until another seat has said which hand it is at';
    case 'stopped':
      return 'the hand has stopped';
    case 'not-in-play':
      return 'the hand is not in play';
    case 'not-a-move':
      return 'that is not a move of this game';
    case 'reveals-in-real-time':
      return 'real-time moves cannot reveal hidden cards';
    case 'not-dealt':
      return 'that card is not dealt yet: try again in a moment';
    case 'rules': {
      const said = engineWords(refusal.rule);
      return said ? `not allowed now: ${said}` : `not allowed now (${refusal.rule})`;
    }
  }
}
