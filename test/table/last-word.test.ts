/**
 * A page that closes right after its seat disclosed must leave its word for
 * what it held behind (table-echo.ts `lastWord`), or an honest page waits for
 * ever on a word that was lost with it (helpers/closing-page.ts plays it).
 * Cid closes once it has disclosed and holds Ann's disclosure: Ann and Bob
 * must both see the audit through, clean, naming nobody. The deep suite
 * closes Cid sooner (rejoin-gone.deep.test.ts).
 */
import { expect, it } from 'vitest';
import { closeAfterDisclosing } from '../helpers/closing-page.js';

it("Cid closes its page once it has disclosed and holds Ann's disclosure: Ann and Bob both end the hand clean", async () => {
  expect(await closeAfterDisclosing([0])).toEqual([
    { phase: 'done', named: null },
    { phase: 'done', named: null },
  ]);
}, 120_000);
