/**
 * The table log's lines for whole recorded hands of every game (the
 * checked-in transcripts), told from the states the hand's follower hands
 * over (hand-session.ts `narrated`, hand-narrator.ts): the same lines, in
 * the same order, as the rules give when they are run again input by input
 * from the hand's set-up — while the log is being written the rules refuse
 * to run at all, so the narrator cannot be running them. The same lines on a
 * page reloaded mid-hand (its stored events fed back before it starts, as
 * table-hand-start.ts does) and on a watcher who joins mid-hand (the seatless
 * hand the table follows, hand-session.ts `watchingHand`: the events so far
 * arrive at once). The states are handed over once and dropped from the
 * follower once told, and a hand nobody narrates (a bot's, the verifier's)
 * keeps none.
 */
import { describe, expect, it } from 'vitest';
import { publicKnowledge, type AnyGame, type Input } from '../../src/engine/index.js';
import { describeInput, gameById, gameModule } from '../../src/games/index.js';
import type { EnvelopeOf } from '../../src/net/envelope.js';
import { HandSession } from '../../src/table/hand-session.js';
import { setupArgs, type HandSetup } from '../../src/table/hand/setup.js';
import { TableLog } from '../../src/table/table-log.js';
import type { LobbyView } from '../../src/table/lobby-view.js';
import { watchingHand } from '../../src/table/hand-session.js';
import { decodeEvent, fixture } from '../verify/transcripts.js';

/** One recorded transcript per game, played under today's rules (Fighting Cards: the match recorded under version 3). */
const FILES = [
  'stress-shed-2p.json',
  'stress-speed-2p.json',
  'fighting-cards-3p-rules3.json',
  'pesten-2p.json',
  'school-blackjack-2p.json',
];
const CLEAN = 'audit: clean — every shuffle, key and rule checked with all cards open';

interface Recorded {
  readonly setup: HandSetup;
  readonly game: AnyGame;
  readonly events: EnvelopeOf<'table-event'>[];
  readonly names: string[];
}

/** The first hand of transcript `name`: its set-up, its signed events in the file's order, its seats' names. */
function recorded(name: string): Recorded {
  const file = fixture(name);
  const { setup, events } = file.hands[0]!;
  const game = gameById(setup.game);
  if (!game) throw new Error(`no rules for ${setup.game}`);
  const names = setup.seatKeys.map((_, seat) => file.names[seat] || `Seat ${seat + 1}`);
  return { setup, game, events: events.map((text) => decodeEvent(file, text)), names };
}

/** `game`, whose set-up and reducer throw while `closed()` holds. */
function guarded(game: AnyGame, closed: () => boolean): AnyGame {
  const refuse = (what: string) => {
    if (closed()) throw new Error(`the rules' ${what} ran while the log was being written`);
  };
  return {
    ...game,
    setup: (...args: Parameters<AnyGame['setup']>) => (refuse('setup'), game.setup(...args)),
    reduce: (...args: Parameters<AnyGame['reduce']>) => (refuse('reduce'), game.reduce(...args)),
  } as AnyGame;
}

type Make = (game: AnyGame, changed: () => void) => HandSession;

/** A narrated seatless hand whose proofs are taken as checked (the log is under test here, not the crypto). */
const narrated =
  (rec: Recorded): Make =>
  (game, changed) =>
    new HandSession(
      { setup: rec.setup, game, mySeat: null, narrated: true, presumeProofs: () => true, presumeKey: () => true },
      { changed },
    );

/**
 * A page: a hand and the table's log, which follows the hand on each change (as table-session.ts does), the hand's
 * rules refusing to run meanwhile. `seat`: the seat the page plays (its private lines), or null.
 */
function page(rec: Recorded, seat: number | null, make: Make = narrated(rec)) {
  const lines: string[] = [];
  let writing = false;
  const log = new TableLog({
    onLog: (line) => lines.push(line),
    now: { names: rec.names, lobby: { seats: [] } as unknown as LobbyView, playingSeat: seat },
  });
  const session = make(
    guarded(rec.game, () => writing),
    () => {
      writing = true;
      try {
        log.follow(session);
      } finally {
        writing = false;
      }
    },
  );
  return { session, lines };
}

/** The lines of `inputs` as the rules give them, run again from the hand's set-up input by input. */
function rulesLines(rec: Recorded, inputs: readonly Input[], seat: number | null): string[] {
  const { game, names } = rec;
  const made = game.setup(setupArgs(rec.setup));
  if (!made.ok) throw new Error(made.error);
  const privately = seat !== null ? gameModule(game.id)?.describePrivate : undefined;
  const lines: string[] = [];
  let state = made.value;
  for (const input of inputs) {
    const next = game.reduce(state, input);
    if (!next.ok) throw new Error(next.error);
    lines.push(describeInput(game.id, input, names, next.value, state));
    if (privately) lines.push(privately(input, seat!, publicKnowledge(next.value), state, next.value, names));
    state = next.value;
  }
  return lines.filter((line) => line !== '');
}

describe('a whole hand of each game', () => {
  it.each(FILES)('%s: the lines the rules give, told from the follower’s states', (name) => {
    const rec = recorded(name);
    const { session, lines } = page(rec, 0);
    session.start();
    for (const event of rec.events) session.receive(event);
    expect(session.phase).toBe('done');
    expect(session.step).toBeGreaterThan(5);
    // (A real-time move that lost its race is said too, between the moves: not an input, no state.)
    const bounced = lines.filter((line) => line.endsWith('bounced: the other got there first'));
    expect(bounced).toHaveLength(session.bounces.length);
    expect(lines.filter((line) => !bounced.includes(line))).toEqual([
      ...rulesLines(rec, session.loggedInputs(), 0),
      CLEAN,
    ]);
    // Told, the states are gone from the follower.
    expect(session.takeApplied()).toEqual([]);
  });

  it('the states handed over are the follower’s, in order, each input once; a hand nobody narrates keeps none', () => {
    const rec = recorded('pesten-2p.json');
    const told = narrated(rec)(rec.game, () => {});
    const untold = new HandSession(
      { setup: rec.setup, game: rec.game, mySeat: null, presumeProofs: () => true, presumeKey: () => true },
      { changed: () => {} },
    );
    for (const session of [told, untold]) for (const event of rec.events) session.receive(event);
    expect(untold.step).toBe(told.step);
    expect(untold.takeApplied()).toEqual([]);
    const applied = told.takeApplied();
    expect(applied.map((a) => a.input)).toEqual(told.loggedInputs());
    applied.slice(1).forEach((a, i) => expect(a.before).toBe(applied[i]!.after));
    expect(applied.at(-1)!.after).toBe(told.engineState);
    expect(told.takeApplied()).toEqual([]);
  });
});

describe('mid-hand', () => {
  const rec = recorded('stress-shed-2p.json');
  const half = Math.floor(rec.events.length / 2);

  it('a page reloaded mid-hand tells the hand again from its first move, then goes on', () => {
    const first = page(rec, 1);
    first.session.start();
    for (const event of rec.events.slice(0, half)) first.session.receive(event);
    expect(first.session.phase).toBe('play');
    expect(first.lines.length).toBeGreaterThan(5);
    // Reloaded: a new hand and a new log, its stored events fed back before it starts.
    const again = page(rec, 1);
    again.session.preload(rec.events.slice(0, half));
    again.session.start();
    expect(again.lines).toEqual(first.lines);
    expect(again.session.takeApplied()).toEqual([]);
    for (const event of rec.events.slice(half)) again.session.receive(event);
    expect(again.lines).toEqual([...rulesLines(rec, again.session.loggedInputs(), 1), CLEAN]);
  });

  it('a watcher who joins mid-hand is told the hand from its first move', () => {
    const watcher = page(rec, null, (game, changed) => watchingHand(rec.setup, game, changed, false));
    watcher.session.start();
    expect(watcher.lines).toEqual([]);
    // Its fetch answered: the events so far arrive at once; then the rest as they are made.
    for (const event of rec.events.slice(0, half)) watcher.session.receive(event);
    const sofar = rulesLines(rec, watcher.session.loggedInputs(), null);
    expect(sofar.length).toBeGreaterThan(5);
    expect(watcher.lines).toEqual(sofar);
    for (const event of rec.events.slice(half)) watcher.session.receive(event);
    expect(watcher.session.phase).toBe('done');
    expect(watcher.lines).toEqual([...rulesLines(rec, watcher.session.loggedInputs(), null), CLEAN]);
  });
});
