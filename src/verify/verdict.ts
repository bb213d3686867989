/**
 * The verdict of a hand in words, as plain data: what was checked (every
 * seat contributed to the shuffle and proved it, no card duplicated or
 * replaced, every key matched its commitment, every move legal with all
 * cards open, every seat's signed state hashes agree) with the counts behind
 * each check and the events it rests on — or the first fault, the seat to
 * blame and why. Built from a follower's own result (its halt or its audit)
 * and the events it holds, so the screen after a hand and `npm run verify`
 * say the same thing from the same code. Components render it; they never
 * compute it.
 */
import type { HandFollower } from '../table/hand/follower.js';
import { seatName, type HaltCode } from '../table/hand/halt.js';

export type CheckKey = 'signatures' | 'shuffle' | 'cards' | 'keys' | 'moves' | 'hashes';

/** An event of the hand, named as every peer can find it: its author and the author's sequence number. */
export interface EventRef {
  readonly seat: number;
  readonly n: number;
  readonly type: string;
}

export interface VerdictCheck {
  readonly key: CheckKey;
  /** The claim, in words. */
  readonly title: string;
  /** true: checked and holds; false: this is where the fault is; null: not reached (the hand stopped earlier). */
  readonly ok: boolean | null;
  /** How we know: which events and which proofs. */
  readonly how: string;
  readonly events: readonly EventRef[];
}

export interface VerdictCounts {
  readonly events: number;
  readonly shuffleSteps: number;
  readonly reshuffleSteps: number;
  readonly lockProofs: number;
  readonly keyShares: number;
  readonly disclosures: number;
  readonly moves: number;
  readonly cryptoInputs: number;
  readonly hashesCrossChecked: number;
  readonly cards: number;
}

export interface VerdictSummary {
  readonly handNo: number;
  readonly status: 'clean' | 'fault' | 'no-result' | 'pending';
  /** One sentence: the verdict. */
  readonly headline: string;
  readonly fault: { readonly code: HaltCode; readonly seat: number | null; readonly detail: string } | null;
  readonly counts: VerdictCounts;
  readonly checks: readonly VerdictCheck[];
}

const CHECK_OF: Record<HaltCode, CheckKey | null> = {
  'bad-event': 'signatures',
  'bad-setup': 'signatures',
  equivocation: 'signatures',
  'bad-step': 'shuffle',
  'crypto-fault': 'cards',
  'unknown-handle': 'cards',
  'bad-seal-key': 'keys',
  'wrong-key': 'keys',
  'missing-key': 'keys',
  unsealable: 'keys',
  'bad-disclosure': 'keys',
  'no-disclosure': 'keys',
  'reveal-mismatch': 'moves',
  'not-a-move': 'moves',
  'illegal-move': 'moves',
  'false-claim': 'moves',
  'rules-fault': 'moves',
  desync: 'hashes',
  'future-step': 'hashes',
  flood: 'signatures',
  'no-reveal': 'moves',
  abandoned: null,
  'false-report': 'signatures',
  internal: null,
};

const ref = (e: { seat: number; type: string; envelope: { body: { n: number } } }): EventRef => ({
  seat: e.seat,
  n: e.envelope.body.n,
  type: e.type,
});

/** The verdict of the hand `follower` follows, with `names` for the seats (default "seat N"). */
export function handVerdict(follower: HandFollower, names: readonly string[] = []): VerdictSummary {
  const who = (seat: number | null) => (seat === null ? 'nobody' : (names[seat] ?? seatName(seat)));
  const events = follower.pool.events();
  const of = (...types: string[]) => events.filter((e) => types.includes(e.type));
  const shuffles = of('shuffle');
  const reshuffles = of('reshuffle');
  const locks = of('lock');
  const keyEvents = of('keys');
  const acts = of('act');
  const disclosures = of('disclose');
  const keyShares =
    keyEvents.reduce((sum, e) => sum + (e.data as { shares: unknown[] }).shares.length, 0) +
    acts.reduce((sum, e) => sum + (e.data as { keys: unknown[] }).keys.length, 0);
  const crossChecked = events.filter((e) => !['ready', 'disclose', 'abandon'].includes(e.type)).length;
  const moves = follower.inputs.filter((i) => i.kind === 'act').length;
  const counts: VerdictCounts = {
    events: events.length,
    shuffleSteps: shuffles.length,
    reshuffleSteps: reshuffles.length,
    lockProofs: locks.length,
    keyShares,
    disclosures: disclosures.length,
    moves,
    cryptoInputs: follower.inputs.length - moves,
    hashesCrossChecked: crossChecked,
    cards: follower.state?.deck.length ?? 0,
  };
  const audit = follower.audit;
  const halt = follower.halt;
  const fault =
    halt && halt.code !== 'abandoned'
      ? halt
      : audit && !audit.clean
        ? { code: audit.code!, seat: audit.seat, detail: audit.detail }
        : null;
  const done = follower.phase === 'done';
  // Ended without a result before the audit: only what each event's arrival checked, and no more, is claimed.
  const stopped = !fault && halt?.code === 'abandoned' && !done;
  const failed = fault ? CHECK_OF[fault.code] : null;
  // Once the audit ran, every live check held; an audit fault leaves the audit's other checks unsettled, a halt all of them.
  const state = (key: CheckKey, audited: boolean): boolean | null => {
    if (failed === key) return false;
    if (stopped) return true;
    if (!done) return null;
    return fault && audited ? null : true;
  };
  const contributors = new Set(shuffles.map((e) => e.seat));
  const checks: VerdictCheck[] = [
    {
      key: 'signatures',
      title: `every one of the ${counts.events} events is signed by its seat, for this table, and every seat agreed to the same set-up`,
      ok: state('signatures', false),
      how: `each event's ed25519 signature (RFC 8032, strict) verified through the same gate the mesh uses; each seat's ready commits to the set-up's hash; no seat sent two different events for one slot`,
      events: of('ready').map(ref),
    },
    {
      key: 'shuffle',
      title: `every seat contributed to the shuffle and proved it (${contributors.size} of ${follower.players} seats, ${counts.shuffleSteps} shuffle steps${counts.reshuffleSteps ? `, ${counts.reshuffleSteps} re-shuffles` : ''})`,
      ok: state('shuffle', false),
      how: `each shuffle step carries a shuffle argument (crypto/shuffle-proof.ts) verified when it arrived, in seat order per packet; at the end each step was recomputed from its seat's disclosed permutation and keys`,
      events: [...shuffles, ...reshuffles].map(ref),
    },
    {
      key: 'cards',
      title: `no card duplicated or replaced: every packet opened to the ${counts.cards} cards of the deck, each once (${counts.lockProofs} lock proofs)`,
      ok: state('cards', true),
      how: `each lock step's proof verified on arrival; the audit re-ran every packet with every seat's disclosed secrets (crypto/audit.ts) and recovered a permutation of the deck`,
      events: locks.map(ref),
    },
    {
      key: 'keys',
      title: `every key matched its commitment (${counts.keyShares} key shares checked, ${counts.disclosures} disclosures matched)`,
      ok: state('keys', true),
      how: `each key share verified against its seat's commitment when it was published; sealed shares were opened with their recipient's disclosed seal key and checked the same way; each disclosed seal key matches the one announced in ready`,
      events: [...keyEvents, ...disclosures].map(ref),
    },
    {
      key: 'moves',
      title: `every move legal with all cards open (${counts.moves} moves and ${counts.cryptoInputs} deals and reveals replayed)`,
      ok: state('moves', true),
      how: `each move was checked by the rules when it was made (with the keys of the cards it plays); after the hand the rules replayed every input with every card open, re-checking every claim`,
      events: acts.map(ref),
    },
    {
      key: 'hashes',
      title: `every seat's signed state hashes agree (${counts.hashesCrossChecked} hashes cross-checked)`,
      ok: state('hashes', false),
      how: `every step, key and move event carries its author's hash of the game state at the step it names; each was compared with this replay's hash at that step`,
      events: [],
    },
  ];
  if (stopped) checks.splice(0, checks.length, ...liveChecks(checks, counts, contributors.size, follower.players));
  let status: VerdictSummary['status'];
  let headline: string;
  if (fault) {
    status = 'fault';
    headline = `${fault.seat === null ? 'Fault (no seat to blame)' : `${who(fault.seat)} is to blame`}: ${fault.detail}`;
  } else if (halt?.code === 'abandoned') {
    status = 'no-result';
    headline = stopped
      ? `No result: ${halt.detail}. Up to the stop, every event, proof, key share and move was checked as it came; the cards were never all opened, so the audit did not run.`
      : `No result: ${halt.detail}. The hand was played to its end and every check held.`;
  } else if (done && audit?.clean) {
    status = 'clean';
    headline = 'Clean: every shuffle, key, move and hash of this hand was checked, with all cards open.';
  } else {
    status = 'pending';
    headline = 'Not finished: the audit runs once every seat has disclosed its secrets.';
  }
  return {
    handNo: follower.setup.handNo,
    status,
    headline,
    fault: fault ? { code: fault.code, seat: fault.seat, detail: fault.detail } : null,
    counts,
    checks,
  };
}

/**
 * The checks of a hand that stopped before its audit: each says what was
 * checked as the events came, up to the stop, and claims nothing the audit
 * would have checked (the deck recovered whole, the moves replayed with all
 * cards open).
 */
function liveChecks(
  checks: readonly VerdictCheck[],
  counts: VerdictCounts,
  contributors: number,
  players: number,
): VerdictCheck[] {
  const live: Record<CheckKey, { title: string; how: string }> = {
    signatures: {
      title: `every one of the ${counts.events} events so far is signed by its seat, for this table`,
      how: `each event's ed25519 signature (RFC 8032, strict) verified through the same gate the mesh uses as it arrived`,
    },
    shuffle: {
      title: `every shuffle step so far came with a proof that held (${counts.shuffleSteps + counts.reshuffleSteps} steps, from ${contributors} of ${players} seats)`,
      how: `each shuffle step's argument (crypto/shuffle-proof.ts) verified when it arrived; the steps were never recomputed, since the seats' secrets were not disclosed`,
    },
    cards: {
      title: `every lock step so far came with a proof that held (${counts.lockProofs} lock proofs)`,
      how: `each lock step's proof verified on arrival; the deck was not opened, so whether every packet opens to the whole deck was not checked`,
    },
    keys: {
      title: `every key share published so far matched its commitment (${counts.keyShares} key shares)`,
      how: `each key share verified against its seat's commitment when it was published`,
    },
    moves: {
      title: `every move was legal by the rules when it was made (${counts.moves} moves)`,
      how: `each move was checked by the rules with the keys of the cards it plays; the moves were not replayed with all cards open`,
    },
    hashes: {
      title: `every seat's signed state hashes so far agree (${counts.hashesCrossChecked} hashes cross-checked)`,
      how: `every step, key and move event carries its author's hash of the game state at the step it names; each was compared with this page's hash at that step`,
    },
  };
  return checks.map((check) => ({ ...check, ...live[check.key], ok: true }));
}
