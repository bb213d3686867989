/**
 * The replay of a transcript file in the page: the file is verified by the
 * same offline verifier `npm run verify` runs (the seatless follower, in the
 * browser), then every hand is stepped through input by input, by the states
 * that follower applied (the rules are not run again for them), with every
 * card face up (the cards the end-of-hand audit opened), with the score
 * table rows of the earlier hands of its match where the game keeps them
 * outside the state (scores.ts `matchRows`). It produces plain
 * view data (a `HandView` for the game's own table element, the move in
 * words, the verdict) for components/fd-replay.ts; nothing here is sent
 * anywhere.
 */
import type { AnyState } from '../engine/index.js';
import { describeInput, gameModule, gameTable, handViewAfterAudit, handViewWithMatchRows } from '../games/index.js';
import { rulesVersions } from '../games/rules-versions.js';
import { seatsInPlayOrder } from '../games/seating.js';
import { setupArgs } from '../table/hand/setup.js';
import { verifyTranscript, type TranscriptReport } from '../verify/verify-transcript.js';
import { describeReport } from '../verify/verify-words.js';
import { matchRows } from './scores.js';
import type { HandView } from './store.js';

export interface ReplayView {
  readonly ok: boolean;
  /** The verifier's words, line by line. */
  readonly report: readonly string[];
  readonly hands: number;
  readonly hand: number;
  readonly step: number;
  readonly steps: number;
  /** The input that led to this step, in words ('' at the start). */
  readonly caption: string;
  /** The table at this step with every card face up, for the game's element; null when the hand cannot be shown. */
  readonly table: HandView | null;
}

interface ReplayHand {
  readonly states: readonly AnyState[];
  readonly captions: string[];
  readonly view: (step: number) => HandView | null;
}

export class Replay {
  readonly report: TranscriptReport;
  private readonly hands: ReplayHand[];
  private handIndex = 0;
  private stepIndex = 0;

  constructor(text: string) {
    this.report = verifyTranscript(text, { states: true });
    const file = this.report.file;
    this.hands = [];
    if (!file) return;
    // The names the seats signed in their readies; a file written before names were signed has only its own list.
    const signed = this.report.hands[0]?.names ?? [];
    const names = file.hands[0]!.setup.seatKeys.map(
      (_, seat) => signed[seat] || file.names[seat] || `Seat ${seat + 1}`,
    );
    for (const [i, result] of this.report.hands.entries()) {
      const setup = file.hands[i]!.setup;
      // A later hand may seat other players (a newcomer in a freed seat): its own signed names.
      const handNames = names.map((fallback, seat) => result.names[seat] || fallback);
      // The rules the hand was verified by (an old transcript: the version it was played under).
      const game = rulesVersions(setup.game).find((r) => r.version === result.rules?.version)?.rules ?? null;
      // The states the verifier's follower applied: the dealt one, then one after each input (none: never dealt).
      const states = result.states ?? [];
      if (!game || states.length === 0) continue;
      const captions = [
        '',
        ...result.inputs.map(
          (input, k) => describeInput(game.id, input, handNames, states[k + 1]!, states[k]!) || input.kind,
        ),
      ];
      // The score table rows of the match's earlier hands in the file, from their outcomes, as a table keeps them.
      const rows = matchRows(
        this.report.hands.slice(0, i).map((earlier, j) => ({
          handNo: file.hands[j]!.setup.handNo,
          result: {
            matchOver: earlier.outcome !== null && earlier.outcome.scores !== null && earlier.outcome.carry === null,
            ...(earlier.outcome?.row != null ? { row: earlier.outcome.row } : {}),
          },
        })),
        setup.handNo,
      );
      const known = result.open ?? {};
      // The last step of a hand the audit opened shows the result the audit settled (today's rules only).
      const current = rulesVersions(setup.game).find((r) => r.version === result.rules?.version)?.current === true;
      const last = states.length - 1;
      const audited = current && result.open ? game.audit(setupArgs(setup), result.inputs, result.open) : null;
      this.hands.push({
        states,
        captions,
        view: (step) => {
          const state = states[step]!;
          const seen = game.view(state, null, { known });
          const table = gameTable(
            game.id,
            handViewWithMatchRows(
              game.id,
              step === last ? handViewAfterAudit(game.id, state, audited, seen) : seen,
              rows,
            ),
            [],
          );
          return {
            handNo: setup.handNo,
            game: game.id,
            phase: 'replay',
            table,
            cardHints: {},
            lastMoves: [],
            busy: false,
            catchingUp: false,
            mySeat: null,
            names: handNames,
            seatOrder: seatsInPlayOrder(handNames.length, null, gameModule(game.id)?.playDirection ?? 'ascending'),
            waiting: null,
            stalled: null,
            gone: [],
            halt: null,
            audit: null,
            outcome: null,
            rematchOffered: false,
            nextChanges: [],
            hash: null,
            step,
            myBounces: 0,
            pendingMoves: 0,
            bounces: 0,
            verdict: result.verdict,
            // The replay shows every card face up at every step already; no end-of-hand panel over it.
            summary: null,
            // One transcript, no table around it: no score strip.
            scores: null,
            reports: [],
          };
        },
      });
    }
  }

  get view(): ReplayView {
    const hand = this.hands[this.handIndex];
    return {
      ok: this.report.ok,
      report: describeReport(this.report),
      hands: this.hands.length,
      hand: this.handIndex,
      step: this.stepIndex,
      steps: hand ? hand.states.length - 1 : 0,
      caption: hand?.captions[this.stepIndex] ?? '',
      table: hand ? hand.view(this.stepIndex) : null,
    };
  }

  /** Moves `delta` steps (clamped to the hand). */
  stepBy(delta: number): void {
    const hand = this.hands[this.handIndex];
    if (!hand) return;
    this.stepIndex = Math.max(0, Math.min(hand.states.length - 1, this.stepIndex + delta));
  }

  /** Shows hand `index` from its start. */
  showHand(index: number): void {
    if (index < 0 || index >= this.hands.length) return;
    this.handIndex = index;
    this.stepIndex = 0;
  }
}
