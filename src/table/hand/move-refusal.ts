/**
 * Why this page's move was not made, as a typed code: the table and the hand
 * refuse with one of these, and the UI turns it into words (src/app/
 * move-words.ts). `rules` carries the game's own error code (the reducer's,
 * src/games/<id>/rules.ts), so the words can be the game's.
 */
export type MoveRefusal =
  /** This page plays no seat of the current hand (a watcher, a bot's seat, no hand). */
  | { readonly code: 'not-playing' }
  /** This page came back and has not yet heard which hand the table is at. */
  | { readonly code: 'catching-up' }
  /** The hand has stopped (a fault named a seat, or it ended without a result). */
  | { readonly code: 'stopped' }
  /** The hand is being dealt, audited or is over. */
  | { readonly code: 'not-in-play' }
  /** Not an action of this game at all. */
  | { readonly code: 'not-a-move' }
  /** A real-time move may not claim a hidden card. */
  | { readonly code: 'reveals-in-real-time' }
  /** The card is not dealt yet (its packet is still being made). */
  | { readonly code: 'not-dealt' }
  /** The game's rules refuse it now. */
  | { readonly code: 'rules'; readonly rule: string };

export type MoveRefusalCode = MoveRefusal['code'];
