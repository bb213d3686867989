/**
 * The table's log as a player reads it (src/table/table-log.ts), fed with a
 * recorded hand instead of a played one: each move of the hand in its game's
 * words, once; each bounced real-time move naming its seat; how the hand
 * ended (a clean audit, an audit fault naming its seat or "unattributed", a
 * halt with or without a seat), once per hand; the result the audit settles
 * when it differs from the one shown before (two reneges in one deal); and a refused author's events
 * said once per author and hand, by seat name, seat number or key prefix.
 */
import { describe, expect, it, vi } from 'vitest';
import { TableLog, type TableLogHost } from '../../src/table/table-log.js';
import type { HandSession } from '../../src/table/hand-session.js';
import type { LobbyView, SeatView } from '../../src/table/lobby.js';
import type { EnvelopeOf } from '../../src/net/envelope.js';
import { type AnyState, type Input, type ScenarioFile } from '../../src/engine/index.js';
import { runScenario } from '../../src/games/scenarios.js';
import type { AppliedInput } from '../../src/table/hand/follower.js';
import { fightingCards, outcomeAfterAudit, viewAfterAudit } from '../../src/games/fighting-cards/index.js';
import twoReneges from '../scenarios/fighting-cards/two-reneges-earliest-counts.json';

type Line = [string, string | undefined];

// One stand-in game, 'peek', whose moves have a private line for the viewing seat (naming the seat and the card it knows
// as handle 1); every other game keeps its real words.
vi.mock('../../src/games/index.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/games/index.js')>();
  return {
    ...real,
    describeInput: (
      id: string,
      ...rest: Parameters<typeof real.describeInput> extends [string, ...infer R] ? R : never
    ) => (id === 'peek' ? 'a move' : real.describeInput(id, ...rest)),
    gameModule: (id: string) =>
      id === 'peek'
        ? {
            describePrivate: (
              _input: unknown,
              seat: number | null,
              know: (h: number) => string | null,
              _b: unknown,
              _a: unknown,
              names: readonly string[],
            ) => `only ${seat === null ? 'no seat' : names[seat]} sees ${know(1)}`,
          }
        : real.gameModule(id as never),
  };
});

/**
 * A school-blackjack hand whose follower hands over each input applied with stand-in states (no board of that game's,
 * so each move is told from the action alone: "Ann draws"); `apply` is its follower applying inputs.
 */
function fakeSession(over: Partial<Record<string, unknown>> = {}) {
  const applied: AppliedInput[] = [];
  const bounces: { seat: number }[] = [];
  const state = { game: 'stand-in', cards: {} } as unknown as AnyState;
  const apply = (...inputs: Input[]) =>
    applied.push(...inputs.map((input) => ({ input, before: state, after: state })));
  const session = {
    config: { game: { id: 'school-blackjack' } },
    privateView: { known: {} },
    takeApplied: () => applied.splice(0),
    bounces,
    phase: 'play',
    auditResult: null,
    halt: null,
    ...over,
  };
  return { session, apply, applied, bounces, as: session as unknown as HandSession };
}

function makeLog(names = ['Ann', 'Bo', 'Seat 3'], seats: SeatView[] = [], mySeat: number | null = 0) {
  const lines: Line[] = [];
  const host: TableLogHost = {
    onLog: (line, level) => lines.push([line, level]),
    now: { names, lobby: { seats } as unknown as LobbyView, playingSeat: mySeat },
  };
  return { log: new TableLog(host), lines };
}

const draw = (seat: number): Input => ({ kind: 'act', seat, action: { type: 'draw' } });

describe('moves and bounces', () => {
  it("each move once, in its game's words, and each bounce once", () => {
    const { log, lines } = makeLog();
    const hand = fakeSession();
    hand.apply(draw(0), { kind: 'delivered', request: 1 }, draw(1));
    log.follow(hand.as);
    expect(lines).toEqual([
      ['Ann draws', undefined],
      ['Bo draws', undefined],
    ]);
    hand.bounces.push({ seat: 1 }, { seat: 7 });
    hand.apply(draw(2));
    log.follow(hand.as);
    log.follow(hand.as);
    expect(lines.slice(2)).toEqual([
      ['Seat 3 draws', undefined],
      ["Bo's move bounced: the other got there first", undefined],
      ["Seat 8's move bounced: the other got there first", undefined],
    ]);
  });

  it('a spectator reads the same public lines', () => {
    const { log, lines } = makeLog(['Ann', 'Bo'], [], null);
    const hand = fakeSession();
    hand.apply(draw(1));
    log.follow(hand.as);
    expect(lines).toEqual([['Bo draws', undefined]]);
  });

  it('a new hand is told from its first move; bounces count again from zero', () => {
    const { log, lines } = makeLog();
    const first = fakeSession();
    first.apply(draw(0));
    first.bounces.push({ seat: 0 });
    log.follow(first.as);
    log.newHand();
    const second = fakeSession();
    second.apply(draw(1));
    second.bounces.push({ seat: 1 });
    log.follow(second.as);
    expect(lines.map(([line]) => line)).toEqual([
      'Ann draws',
      "Ann's move bounced: the other got there first",
      'Bo draws',
      "Bo's move bounced: the other got there first",
    ]);
  });

  it('another session of the same hand is narrated from its own first move', () => {
    const { log, lines } = makeLog();
    const one = fakeSession();
    one.apply(draw(0));
    log.follow(one.as);
    const two = fakeSession();
    two.apply(draw(0), draw(1));
    log.follow(two.as);
    expect(lines.map(([line]) => line)).toEqual(['Ann draws', 'Ann draws', 'Bo draws']);
  });
});

describe('private lines', () => {
  /** A hand of the 'peek' game (above), whose moves have a private line for the viewing seat. */
  const peekSession = () => fakeSession({ config: { game: { id: 'peek' } }, privateView: { known: { 1: 'QH' } } });

  it('a seated page reads its own private lines, with the cards it knows', () => {
    const { log, lines } = makeLog(['Ann', 'Bo'], [], 1);
    const hand = peekSession();
    hand.apply(draw(0));
    log.follow(hand.as);
    expect(lines).toEqual([
      ['a move', undefined],
      ['only Bo sees QH', undefined],
    ]);
  });

  it('a spectator (no seat) reads no private line, whatever its page knows', () => {
    const { log, lines } = makeLog(['Ann', 'Bo'], [], null);
    const hand = peekSession();
    hand.apply(draw(0));
    log.follow(hand.as);
    expect(lines).toEqual([['a move', undefined]]);
  });

  it('seat 0 is a seat: its page reads its private lines too', () => {
    const { log, lines } = makeLog(['Ann', 'Bo'], [], 0);
    const hand = peekSession();
    hand.apply(draw(1));
    log.follow(hand.as);
    expect(lines.map(([line]) => line)).toEqual(['a move', 'only Ann sees QH']);
  });
});

describe('how a hand ended', () => {
  it('a clean audit, once', () => {
    const { log, lines } = makeLog();
    const hand = fakeSession({ phase: 'done', auditResult: { clean: true, seat: null, detail: '' } });
    log.follow(hand.as);
    log.follow(hand.as);
    expect(lines).toEqual([['audit: clean — every shuffle, key and rule checked with all cards open', 'info']]);
  });

  it('a clean audit that settles another result than the table showed says the settled one; an unchanged one says nothing more', () => {
    const run = runScenario(fightingCards, twoReneges as unknown as ScenarioFile, {
      view: viewAfterAudit,
      outcome: outcomeAfterAudit,
    });
    const clean = { clean: true, seat: null, detail: '' };
    const audited = (rules: unknown) =>
      fakeSession({
        phase: 'done',
        engineState: run.state,
        config: { game: { id: 'fighting-cards' } },
        auditResult: { ...clean, rules },
      }).as;
    const { log, lines } = makeLog(['Ann', 'Bo', 'Cleo']);
    log.follow(audited(run.audit));
    expect(lines.map(([line]) => line)).toEqual([
      'audit: clean — every shuffle, key and rule checked with all cards open',
      expect.stringMatching(/^audit: the result changes — .*Ann/),
    ]);
    expect(lines[1]![0]).not.toMatch(/seats? \d/);
    // The same hand audited with nothing found beyond what the table showed: no second line.
    const { log: quiet, lines: quietLines } = makeLog(['Ann', 'Bo', 'Cleo']);
    quiet.follow(audited(null));
    expect(quietLines).toHaveLength(1);
  });

  it('an audit fault naming its seat, or unattributed', () => {
    const { log, lines } = makeLog();
    log.follow(fakeSession({ phase: 'done', auditResult: { clean: false, seat: 1, detail: 'a bad key' } }).as);
    log.follow(fakeSession({ phase: 'done', auditResult: { clean: false, seat: null, detail: 'a bad shuffle' } }).as);
    expect(lines).toEqual([
      ['audit: FAULT — Bo: a bad key', 'error'],
      ['audit: FAULT — unattributed: a bad shuffle', 'error'],
    ]);
  });

  it('nothing while done without an audit yet, nor while playing', () => {
    const { log, lines } = makeLog();
    const hand = fakeSession({ phase: 'done', auditResult: null });
    log.follow(hand.as);
    log.follow(fakeSession({ phase: 'play', auditResult: { clean: true, seat: null, detail: '' } }).as);
    expect(lines).toEqual([]);
    hand.session.auditResult = { clean: true, seat: null, detail: '' } as never;
    log.follow(hand.as);
    expect(lines.length).toBe(1);
  });

  it('a halt, with its seat or without, once', () => {
    const { log, lines } = makeLog();
    const halted = fakeSession({ phase: 'halted', halt: { code: 'timeout', seat: 2, detail: 'no move for 60 s' } });
    log.follow(halted.as);
    log.follow(halted.as);
    log.follow(
      fakeSession({ phase: 'halted', halt: { code: 'abandoned', seat: null, detail: 'Ann left the table' } }).as,
    );
    expect(lines).toEqual([
      ['hand stopped: Seat 3 — no move for 60 s', 'error'],
      ['hand stopped: Ann left the table', 'error'],
    ]);
  });
});

describe('refused events', () => {
  const key = (b: number) => new Uint8Array(32).fill(b);
  const hex = (b: number) => b.toString(16).padStart(2, '0').repeat(32);
  const event = (b: number, hand: number) =>
    ({ kind: 'table-event', from: key(b), body: { hand } }) as unknown as EnvelopeOf<'table-event'>;
  const seat = (n: number, b: number, name: string | null): SeatView =>
    ({
      seat: n,
      keyHex: hex(b),
      member: name === null ? null : { name },
      reachability: null,
      isMe: false,
      bot: null,
    }) as unknown as SeatView;

  it('once per author and hand, by name, seat number or key prefix', () => {
    const { log, lines } = makeLog(['Ann', 'Bo'], [seat(0, 1, 'Ann'), seat(1, 2, ''), seat(2, 3, null)]);
    log.refuse(event(1, 0), 'too many');
    log.refuse(event(1, 0), 'too many again');
    log.refuse(event(1, 1), 'later hand');
    log.refuse(event(2, 0), 'odd');
    log.refuse(event(3, 0), 'odd');
    log.refuse(event(9, 0), 'stranger');
    expect(lines).toEqual([
      ["refused Ann's events: too many", 'warn'],
      ["refused Ann's events: later hand", 'warn'],
      ["refused seat 2's events: odd", 'warn'],
      ["refused seat 3's events: odd", 'warn'],
      [`refused ${hex(9).slice(0, 8)}…'s events: stranger`, 'warn'],
    ]);
  });
});
