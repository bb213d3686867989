/**
 * The creator's change of a table's options as a pure step (src/table/roster-keeping.ts `withNewOptions`): only
 * between hands (while a hand runs it is refused, whatever the options, saying why), only options the game takes,
 * and a change it makes is the roster's next version. The rest of the creator's steps are checked through the lobby
 * (lobby-rules.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Roster } from '../../src/net/messages.js';
import { tableConfigProblem } from '../../src/table/lobby.js';
import { withNewOptions } from '../../src/table/roster-keeping.js';

const ROSTER: Roster = {
  version: 4,
  config: { game: 'stress-shed', seats: 2, options: {} },
  seats: [{ key: new Uint8Array(32).fill(0xc1), name: 'Ann', peerId: 'fd-ann' }, null],
  hands: 0,
};
const BAD = { decks: 3 };
const RUNNING = 'the options change between hands: this hand is being played';

describe('the creator changes the options', () => {
  it.each([
    ['between hands, options the game takes', { voluntaryPickup: true }, false, { voluntaryPickup: true }],
    ['between hands, options it does not take', BAD, false, tableConfigProblem({ ...ROSTER.config, options: BAD })],
    ['while a hand runs', { voluntaryPickup: true }, true, RUNNING],
    ['while a hand runs, options it does not take', BAD, true, RUNNING],
  ])('%s', (_what, options, handRunning, expected) => {
    const next = withNewOptions(ROSTER, options, handRunning);
    if (typeof expected === 'string') expect(next).toBe(expected);
    else expect(next).toEqual({ ...ROSTER, version: 5, config: { ...ROSTER.config, options: expected } });
  });
});
