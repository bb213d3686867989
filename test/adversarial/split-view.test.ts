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
import { describe, expect, it } from 'vitest';
import { runCheat } from '../../tools/sim/cheat-run.js';
import { itNamesTheCheater, SPLIT_CASES } from './split-cases.js';

describe('split views and a relay that drops', () => {
  itNamesTheCheater(SPLIT_CASES, 5);

  // Pesten, 4 seats, seats 1 and 2 unlinked: the cheater (seat 4) gives one card of a pass round to seats 1 and 2 and
  // another to seat 3. Seat 3's mesh passes the first version on to seat 2 while its page refuses it. Were that copy
  // seat 3's word (it is not: table-echo.ts copyWord), the round would take effect on seat 2 alone, which would
  // forward the card it passed (5H, handle 6) sealed to seat 1: a card seat 1's ledger never showed it.
  it('a split move whose other version a relay passes on while refusing it shows no honest seat a card', async () => {
    const report = await runCheat({
      game: 'pesten',
      players: 4,
      kind: 'split-move',
      seed: 442125519,
      blocked: [[0, 1]],
    });
    expect(report!.why).toBe('');
  }, 600_000);
});
