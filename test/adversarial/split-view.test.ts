/**
 * Split views and hostile relays (docs/SECURITY.md "One event per slot on
 * every screen"): bot peers with the real cryptography over the in-memory
 * mesh, full or partial (pairs of seats that cannot link, so relays carry
 * what passes between them). The cheater (the last seat) sends one validly
 * signed version of its shuffle step, or of a move, to some peers and
 * another to the rest, and never passes its own events on; or it relays
 * everything but seat 1's disclosure. Every honest peer must name the
 * cheater — `equivocation` whichever version it saw first, `no-disclosure`
 * for the relay that withholds its word — and no honest seat, and no honest
 * peer may read a card the rules do not show it. The same table shapes with
 * other seeds run in split-view.deep.test.ts.
 */
import { describe } from 'vitest';
import { itNamesTheCheater, SPLIT_CASES } from './split-cases.js';

describe('split views and a relay that drops', () => {
  itNamesTheCheater(SPLIT_CASES, 5);
});
