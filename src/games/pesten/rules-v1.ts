/**
 * Pesten as its rules were in rules version 1 (docs/TRANSCRIPT.md "Rules
 * versions"), kept so transcripts of hands played then still verify.
 * Version 1 kept what the last move did (`board.last`: a play with its
 * announcement and penalty, a draw and its count, a wish, a kept card, the
 * end of a pass round, the start card) in the board, for the log's words;
 * the state hash covered it, so every hash differs from today's, where the
 * log derives it instead (last-event.ts). Version 1 is today's rules with
 * that event put back into the board after each accepted move and each
 * finished piece of crypto work, with the same functions the log uses, and
 * `last: null` at set-up. Play, scoring, views and the audit never read it.
 */
import { defineGame, type Core, type CryptoRequest, type Json, type Knowledge, type Seat } from '../../engine/index.js';
import type { PestenAction } from './actions.js';
import type { PestenBoard, PestenState } from './board.js';
import { pestenSpec } from './game.js';
import { actEvent, boardBefore, cryptoEvent, type LastEvent } from './last-event.js';
import type { PestenOptions } from './options.js';
import { act, afterCrypto, type PestenError } from './rules.js';
import { setup } from './setup.js';
import type { PestenView } from './views.js';

/** The board as version 1 hashed it. */
type BoardV1 = PestenBoard & { last: LastEvent | null };

function setupV1(core: Core<PestenOptions>, layout: unknown, carry: Json | null): BoardV1 | null {
  const board = setup(core, layout, carry);
  return board && { ...board, last: null };
}

function actV1(draft: PestenState, seat: Seat, action: PestenAction, know: Knowledge): PestenError | null {
  const before = boardBefore(draft.board, seat);
  const error = act(draft, seat, action, know);
  if (error !== null) return error;
  const card = action.type === 'play' ? know(action.handle) : null;
  const event = actEvent(seat, action, before, draft.board, card);
  if (event) (draft.board as BoardV1).last = event;
  return null;
}

function afterCryptoV1(draft: PestenState, done: CryptoRequest, know: Knowledge): PestenError | null {
  const phase = draft.board.phase;
  const error = afterCrypto(draft, done, know);
  if (error !== null) return error;
  const event = cryptoEvent(phase, draft.board, know);
  if (event) (draft.board as BoardV1).last = event;
  return null;
}

export const pestenV1 = defineGame<PestenBoard, PestenAction, PestenOptions, PestenError, PestenView>({
  ...pestenSpec,
  setup: setupV1,
  act: actV1,
  afterCrypto: afterCryptoV1,
});
