/**
 * Transcripts of hands played under an older version of a game's rules
 * still verify, by those rules (src/games/rules-versions.ts,
 * src/verify/verify-rules.ts): fighting-cards-3p-rules1.json was recorded
 * before Fighting Cards' match carried the score table's rows (version 1),
 * fighting-cards-3p.json and fighting-cards-3p-rules2.json while it did
 * (version 2), fighting-cards-3p-rules3.json since it no longer does
 * (version 3, today's: the same match as version 1, so the same state
 * hashes). A file is replayed by the version its seats signed; a file whose
 * rules version is unknown, or altered, is refused with the versions named
 * and no seat blamed. New exports are format version 3 and record the rules
 * version. The versions a game keeps: one version is current with no change
 * to tell; Fighting Cards' version 3 is current and versions 2 and 1 say
 * what changed, newest first; the outcome is the live one until the audit
 * is in, then the one after it; and the first state hash of a set-up, or
 * null when a version's rules refuse it.
 */
import { describe, expect, it, test } from 'vitest';
import {
  fightingCardsModule,
  fightingCards,
  outcomeAfterAudit,
  type FightingState,
} from '../../src/games/fighting-cards/index.js';
import { fightingCardsBot } from '../../src/games/fighting-cards/bot.js';
import { fightingCardsV1, outcomeAfterAuditV1 } from '../../src/games/fighting-cards/rules-v1.js';
import { fightingCardsV2, outcomeAfterAuditV2 } from '../../src/games/fighting-cards/rules-v2.js';
import { currentRulesVersion, rulesVersions, initialHash } from '../../src/games/rules-versions.js';
import { setupArgs } from '../../src/table/hand/setup.js';
import {
  buildTranscriptFile,
  parseTranscriptFile,
  transcriptJson,
  type TranscriptFile,
} from '../../src/verify/transcript-file.js';
import { rulesForHand } from '../../src/verify/verify-rules.js';
import { verifyTranscript } from '../../src/verify/verify-transcript.js';
import { describeReport } from '../../src/verify/verify-words.js';
import { decodeEvent, fixture } from './transcripts.js';
import { stateHash, type ScenarioFile } from '../../src/engine/index.js';
import { runScenario } from '../../src/games/scenarios.js';
import { stressShed, type StressState } from '../../src/games/stress-shed/index.js';
import { play as playFighting } from '../games/fighting-cards/helpers.js';

const OLD = 'fighting-cards-3p-rules1.json';
const V2 = 'fighting-cards-3p-rules2.json';
const NOW = 'fighting-cards-3p-rules3.json';
const envelopesOf = (file: TranscriptFile) => file.hands[0]!.events.map((text) => decodeEvent(file, text));

describe('a Fighting Cards transcript of rules version 1', () => {
  it('verifies clean, replayed by version 1, with the outcome and carry it claimed', () => {
    const file = fixture(OLD);
    expect(file.version).toBe(1);
    expect(file.rules).toBeUndefined();
    const report = verifyTranscript(file);
    expect(report.fault).toBeNull();
    expect(report.ok).toBe(true);
    const hand = report.hands[0]!;
    expect(hand.rules).toEqual({ version: 1, current: false, change: expect.stringContaining("score table's rows") });
    expect(hand.stateHash).toBe(file.hands[0]!.claimed!.stateHash);
    // Version 1's carry: the match without rows.
    expect(file.hands[0]!.claimed!.outcome!.carry).toEqual({ played: 1, totals: [-440, 0, 0] });
    expect(hand.outcome!.carry).toEqual({ played: 1, totals: [-440, 0, 0] });
    expect(describeReport(report).join('\n')).toContain('Replayed by version 1 of the fighting-cards rules');
  });

  it('is told from version 2 by what its seats signed; version 3 starts in the same state, so the older is named', () => {
    const file = fixture(OLD);
    const [v3, v2, v1] = rulesVersions('fighting-cards');
    expect([v3!.version, v2!.version, v1!.version]).toEqual([3, 2, 1]);
    const chosen = rulesForHand(file.game, undefined, file.hands[0]!.setup, envelopesOf(file), 0);
    expect(chosen.ok && chosen.value.version).toBe(1);
    const args = setupArgs(file.hands[0]!.setup);
    expect(initialHash(v3!, args)).toBe(initialHash(v1!, args));
    expect(initialHash(v2!, args)).not.toBe(initialHash(v1!, args));
    // The current fixture of version 2 (format version 1 too) is read by version 2, no longer the current one.
    const current = fixture('fighting-cards-3p.json');
    const again = rulesForHand(current.game, undefined, current.hands[0]!.setup, envelopesOf(current), 0);
    expect(again.ok && again.value.version).toBe(2);
    expect(verifyTranscript(current).hands[0]!.rules).toEqual({
      version: 2,
      current: false,
      change: expect.stringContaining("version 3 took the score table's rows out"),
    });
  });

  it('a file that says version 2 of it is refused as altered, blaming no seat', () => {
    const report = verifyTranscript({ ...fixture(OLD), version: 2, rules: 2 });
    expect(report.ok).toBe(false);
    expect(report.fault).toMatchObject({ code: 'rules-version', seat: null, hand: 0, event: null });
    expect(report.fault!.detail).toMatch(
      /version 2 of fighting-cards's rules, but its seats signed the first state of version 1: the file's "rules" was changed/,
    );
    expect(describeReport(report).join('\n')).toContain('no seat is to blame');
  });

  it('a rules version this verifier does not know is named, blaming no seat', () => {
    const report = verifyTranscript({ ...fixture(OLD), version: 2, rules: 9 });
    expect(report.fault).toMatchObject({ code: 'rules-version', seat: null, hand: 0 });
    expect(report.fault!.detail).toMatch(
      /hand 1 was played under version 9 of fighting-cards's rules, which this verifier does not know \(it knows version 1, 2, 3\)/,
    );
  });

  it('a version-1 hand no known version set up is named as such, not blamed on a seat', () => {
    const file = fixture(OLD);
    // The same signed events under a set-up no version starts from the state they signed (another deal count).
    const setup = { ...file.hands[0]!.setup, options: { deals: 5 } };
    const chosen = rulesForHand(file.game, undefined, setup, envelopesOf(file), 0);
    expect(chosen.ok).toBe(false);
    expect(!chosen.ok && chosen.error).toMatch(
      /hand 1 cannot be replayed: no seat signed the first state of any version of fighting-cards's rules this verifier knows \(version 1, 2, 3\)/,
    );
  });
});

describe('a whole Fighting Cards match of rules version 2, its carry holding the rows', () => {
  it('verifies clean, every hand replayed by version 2, the later ones set up from carries with rows', () => {
    const file = fixture(V2);
    expect(file.rules).toBe(2);
    expect(file.hands.map((hand) => (hand.setup.carry as { history?: unknown[] } | null)?.history?.length)).toEqual([
      undefined,
      1,
      2,
    ]);
    const report = verifyTranscript(file);
    expect(report.fault).toBeNull();
    expect(report.ok).toBe(true);
    for (const [i, hand] of report.hands.entries()) {
      expect(hand.rules).toEqual({ version: 2, current: false, change: expect.stringContaining('version 3 took') });
      expect(hand.stateHash).toBe(file.hands[i]!.claimed!.stateHash);
      // The carry with its rows, as the seats recorded it.
      expect(hand.outcome!.carry).toEqual(file.hands[i]!.claimed!.outcome!.carry);
    }
    expect(describeReport(report).join('\n')).toContain('Replayed by version 2 of the fighting-cards rules');
  });

  it("today's rules refuse its later set-ups (a carry with rows), so only version 2 replays it", () => {
    const setup = fixture(V2).hands[1]!.setup;
    expect(fightingCards.setup(setupArgs(setup)).ok).toBe(false);
    expect(fightingCardsV2.setup(setupArgs(setup)).ok).toBe(true);
  });

  it('the same match recorded now is version 3 (format 3 records it), its carries without rows', () => {
    const file = fixture(NOW);
    expect([file.version, file.rules]).toEqual([3, 3]);
    const report = verifyTranscript(file);
    expect(report.ok).toBe(true);
    expect(report.hands.map((hand) => hand.rules)).toEqual(
      file.hands.map(() => ({ version: 3, current: true, change: null })),
    );
    expect(file.hands.map((hand) => hand.setup.carry)).toEqual([
      null,
      { played: 1, totals: [-440, 0, 0] },
      { played: 2, totals: [-440, 142, 0] },
    ]);
  });
});

describe('a Pesten transcript of rules version 1 (the last move kept in the board)', () => {
  it('verifies clean by version 1, whose state is today’s plus that event; today’s file by version 2', () => {
    const old = fixture('pesten-2p-rules1.json');
    const report = verifyTranscript(old);
    expect(report.fault).toBeNull();
    const hand = report.hands[0]!;
    expect(hand.rules).toEqual({
      version: 1,
      current: false,
      change: expect.stringContaining('stopped keeping what the last move did'),
    });
    expect(hand.stateHash).toBe(old.hands[0]!.claimed!.stateHash);
    expect(describeReport(report).join('\n')).toContain('Replayed by version 1 of the pesten rules');
    // The same seed recorded today: the same game, with other state hashes, read by version 2.
    const today = fixture('pesten-2p.json');
    const { stateHash: todayHash, ...todayResult } = today.hands[0]!.claimed!.outcome!;
    const { stateHash: oldHash, ...oldResult } = old.hands[0]!.claimed!.outcome!;
    expect(todayResult).toEqual(oldResult);
    expect(todayHash).not.toBe(oldHash);
    expect(verifyTranscript(today).hands[0]!.rules).toEqual({ version: 2, current: true, change: null });
  });

  it('version 1 keeps the event of each move in the board, as it did: a play, a draw and what it owed', () => {
    const [, v1] = rulesVersions('pesten');
    const report = verifyTranscript(fixture('pesten-2p-rules1.json'));
    const setup = fixture('pesten-2p-rules1.json').hands[0]!.setup;
    const made = v1!.rules.setup(setupArgs(setup));
    expect(made.ok && (made.value.board as { last?: unknown }).last).toBeNull();
    // Replayed input by input, every move of the hand leaves its own event in version 1's board.
    let state = made.ok ? made.value : null;
    const kinds: string[] = [];
    for (const input of report.hands[0]!.inputs) {
      const next = v1!.rules.reduce(state!, input);
      expect(next.ok).toBe(true);
      state = next.ok ? next.value : null;
      const last = (state!.board as { last: { kind: string; seat?: number } | null }).last;
      // (A pass on a 10 records an event only once the pass round is complete.)
      if (input.kind === 'act' && (input.action as { type: string }).type !== 'give') {
        expect(last).toMatchObject({ seat: input.seat });
        kinds.push(last!.kind);
      }
    }
    expect(kinds).toContain('play');
    expect(kinds).toContain('draw');
  });
});

describe("Fighting Cards' rules version 1", () => {
  it("sets up from the version-1 carry and refuses today's", () => {
    const args = setupArgs({ ...fixture(OLD).hands[0]!.setup, carry: { played: 1, totals: [-440, 0, 0] } });
    const made = fightingCardsV1.setup(args);
    expect(made.ok && made.value.board.match).toEqual({ played: 1, totals: [-440, 0, 0] });
    expect(fightingCardsV1.setup({ ...args, carry: { played: 1, totals: [-440, 0, 0], history: [] } }).ok).toBe(false);
    expect(fightingCardsV1.setup({ ...args, carry: { played: 3, totals: [0, 0, 0] } }).ok).toBe(false);
    // Version 2 refuses the version-1 carry (rows missing); today's takes it, the same match as version 1's.
    expect(fightingCardsV2.setup(args).ok).toBe(false);
    const today = fightingCardsModule.rules.setup(args);
    expect(today.ok && made.ok && stateHash(today.value)).toBe(made.ok && stateHash(made.value));
  });
});

describe('new transcript files', () => {
  it('are format version 3 and record the rules version of their game', () => {
    const file = fixture(NOW);
    const hand = file.hands[0]!;
    const built = buildTranscriptFile(
      [
        {
          setup: hand.setup,
          envelopes: envelopesOf(file),
          stateHash: hand.claimed!.stateHash,
          outcome: hand.claimed!.outcome,
        },
      ],
      [...file.names],
    );
    expect(built.version).toBe(3);
    expect(built.rules).toBe(currentRulesVersion('fighting-cards'));
    expect(built.rules).toBe(3);
    const text = transcriptJson(built);
    const parsed = parseTranscriptFile(text);
    expect(parsed.ok && parsed.value).toEqual(built);
    expect(verifyTranscript(text).ok).toBe(true);
    expect(currentRulesVersion('school-blackjack')).toBe(1);
  });
});

/** A Stress (shedding) position after both seats are ready: seat 0 holds 4♣ 8♦ Q♦ A♦ on a 9♥, the draw stack is empty. */
function shedPosition(): { state: StressState; open: Record<number, string> } {
  const deal: ScenarioFile['deal'] = {
    seats: [
      { hand: ['4C', '8D', 'QD', 'AD'], faceUp: ['5C', '6C', '9C', 'JC'], faceDown: ['QC', 'KC', 'AC', '7C'] },
      { hand: ['5D', '2H', '9S', 'KH'], faceUp: ['8S', '5S', '6S', 'JS'], faceDown: ['QS', 'KS', '2S', '4S'] },
    ],
    stack: ['9H'],
  };
  const run = runScenario(stressShed, {
    game: 'stress-shed',
    seats: 2,
    deal,
    actions: [
      { seat: 0, type: 'ready' },
      { seat: 1, type: 'ready' },
    ],
  });
  if (!run.ok || !run.state) throw new Error(run.failures.join('; '));
  return { state: run.state as StressState, open: run.open };
}

describe('rules-versions.ts', () => {
  test('a game with one version: it is current, version 1, without a change', () => {
    const [only, ...rest] = rulesVersions('stress-shed');
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ version: 1, current: true, change: null });
    expect(only!.rules).toBe(stressShed);
    expect(currentRulesVersion('stress-shed')).toBe(1);
    expect(rulesVersions('no-such-game')).toEqual([]);
    expect(currentRulesVersion('no-such-game')).toBeNull();
  });

  test('Fighting Cards: version 3 is current, versions 2 and 1 say what changed; newest first', () => {
    const [v3, v2, v1] = rulesVersions('fighting-cards');
    expect(v3).toMatchObject({ version: 3, current: true, change: null });
    expect(v3!.rules).toBe(fightingCards);
    expect(v2).toMatchObject({ version: 2, current: false });
    expect(v2!.change).toContain("version 3 took the score table's rows out");
    expect(v2!.rules).toBe(fightingCardsV2);
    expect(v1).toMatchObject({ version: 1, current: false });
    expect(v1!.change).toContain("version 2 added the score table's rows");
    expect(v1!.rules).toBe(fightingCardsV1);
    expect(currentRulesVersion('fighting-cards')).toBe(3);
  });

  test('the outcome is the live one until the audit is in, then the one after the audit', () => {
    const result = playFighting({ players: 3 }, 5, [fightingCardsBot, fightingCardsBot, fightingCardsBot], {
      maxInputs: 300,
    });
    const state = result.state as FightingState;
    expect(state.board.result).not.toBeNull();
    const defender = ((state.board.declarer ?? 0) + 1) % 3;
    const report = {
      verdict: 'fault',
      index: 20,
      seat: defender,
      reason: 'must-follow-suit: false claim "x"',
    } as const;
    const [v3, v2, v1] = rulesVersions('fighting-cards');
    const live = fightingCards.outcome(state);
    const audited = outcomeAfterAudit(state, report);
    expect(audited).not.toEqual(live);
    expect(v3!.outcome(state, null)).toEqual(live);
    expect(v3!.outcome(state, report)).toEqual(audited);
    // Version 2 on its own board (the match with its rows, none yet here).
    const v2State = { ...state, board: { ...state.board, match: { ...state.board.match, history: [] } } };
    expect(v2!.outcome(v2State, report)).toEqual(outcomeAfterAuditV2(v2State, report));
    expect(v2!.outcome(v2State, null)).toEqual(fightingCardsV2.outcome(v2State));
    expect(v2!.outcome(v2State, report)).not.toEqual(v2!.outcome(v2State, null));
    expect(v1!.outcome(state, report)).toEqual(outcomeAfterAuditV1(state, report));
    expect(v1!.outcome(state, report)).not.toEqual(v1!.outcome(state, null));
    expect(v1!.outcome(state, null)).toEqual(fightingCardsV1.outcome(state));
    // A game without a score after the audit keeps the live outcome.
    const [shed] = rulesVersions('stress-shed');
    const { state: shedState } = shedPosition();
    expect(shed!.outcome(shedState, { verdict: 'clean', inputs: 2, claimsChecked: 0, cardsChecked: 0 })).toEqual(
      stressShed.outcome(shedState),
    );
  });

  test('the first state hash of a set-up, or null when these rules refuse it', () => {
    const [v3, v2, v1] = rulesVersions('fighting-cards');
    const args = { players: 3, dealer: 1 };
    const made = fightingCards.setup(args);
    if (!made.ok) throw new Error('set-up refused');
    expect(initialHash(v3!, args)).toBe(stateHash(made.value));
    expect(initialHash(v2!, args)).toMatch(/^[0-9a-f]{64}$/);
    expect(initialHash(v2!, args)).not.toBe(initialHash(v3!, args));
    // Version 3 went back to version 1's match: the same first state.
    expect(initialHash(v1!, args)).toBe(initialHash(v3!, args));
    expect(initialHash(v3!, { players: 4 })).toBeNull();
    // A version-2 carry (with rows) only version 2 sets up.
    const carried = { ...args, carry: { played: 0, totals: [0, 0, 0], history: [] } };
    expect(initialHash(v2!, carried)).toMatch(/^[0-9a-f]{64}$/);
    expect(initialHash(v3!, carried)).toBeNull();
    expect(initialHash(v1!, carried)).toBeNull();
  });
});
