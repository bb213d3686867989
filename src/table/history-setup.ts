/**
 * The set-up of a hand this page did not play, found from what its seats
 * signed (a newcomer, a watcher, a player who left and watches). A
 * hand's seats are those of the roster when it started, which a page that
 * came later cannot know (a player may have left since). But every seat's
 * first event, `ready`, commits to the hash of the set-up it agreed to
 * (hand/setup.ts), and everything in a set-up but its seat keys and options
 * follows from the previous hand's record (`nextSetup`: dealer, carried match
 * state, previous outcome hash), which this page derived itself by following
 * that hand. The options are those the creator's roster records for that hand
 * (options-history.ts: they may have changed since), taken on its word only
 * because the hash checks them too. So the seat keys are the order of the
 * ready authors whose set-up hashes to what they all signed: the set-up is
 * then agreed by every seat of the hand and chains from the hands this page
 * verified. Readies that commit to another dealer, carry or options than ours
 * match no order (`mismatch`): the history offered is not the one this page
 * derived, and it is refused.
 *
 * A hand called off before every seat agreed (a ready under other terms, an
 * agreement withdrawn: next-terms.ts) has no set-up every seat signed, and
 * no card was dealt in it. Such a hand ended without a result, so the next
 * hand's set-up chains from it as from any hand without one (hand/setup.ts
 * `nextSetup`: the same dealer and carry, no previous outcome). A later hand
 * whose every seat signed exactly that set-up shows the hands between were
 * called off (`calledOffUntil`); until one does, the called-off hand is as
 * incomplete as a withheld one, and a later hand that signs another chain
 * (the hand between had an outcome) steps over nothing.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Json } from '../engine/index.js';
import { keyHex, type EnvelopeOf } from '../net/envelope.js';
import { nextSetup, setupHash, type HandRecord, type HandSetup } from './hand/setup.js';
import { parseEvent, type EventData } from './transcript.js';

/** What a hand's set-up holds apart from its seat keys and the previous hand's record. */
export interface HistoryBase {
  readonly table: string;
  readonly game: string;
  /** The options hand `handNo` was played under, as the creator's roster records them (options-history.ts). */
  readonly optionsOf: (handNo: number) => Json;
  readonly seats: number;
}

export type SetupSearch =
  | { readonly kind: 'found'; readonly setup: HandSetup }
  | { readonly kind: 'waiting'; readonly readies: number }
  | { readonly kind: 'mismatch'; readonly detail: string };

/** The most seat orders tried per hash (8 seats: 8! = 40,320 orders; the roster's own order is tried first). */
const MAX_ORDERS = 50_000;

/**
 * Hand `handNo`'s set-up from the readies among `events`, given the previous
 * hand's record (undefined only for the first hand). `hint` (the current
 * roster's seat keys) is tried first, so an unchanged table costs one hash.
 */
export function setupFromReadies(
  base: HistoryBase,
  handNo: number,
  previous: HandRecord | undefined,
  events: readonly EnvelopeOf<'table-event'>[],
  hint: readonly (string | null)[],
): SetupSearch {
  const authorsByHash = new Map<string, Set<string>>();
  for (const envelope of events) {
    if (envelope.body.hand !== handNo || envelope.body.type !== 'ready') continue;
    const parsed = parseEvent(envelope, -1);
    if (!parsed.ok) continue;
    const hash = bytesToHex((parsed.value.data as EventData<'ready'>).setup);
    const authors = authorsByHash.get(hash) ?? new Set<string>();
    authors.add(keyHex(envelope.from));
    authorsByHash.set(hash, authors);
  }
  const template = nextSetup(
    { table: base.table, game: base.game, options: base.optionsOf(handNo), seatKeys: [] },
    handNo,
    previous,
  );
  let readies = 0;
  let complete = false;
  for (const [hash, authors] of authorsByHash) {
    readies = Math.max(readies, authors.size);
    if (authors.size < base.seats) continue;
    complete = true;
    const order = seatOrder(
      [...authors].sort(),
      base.seats,
      hint,
      (seatKeys) => bytesToHex(setupHash({ ...template, seatKeys })) === hash,
    );
    if (order) return { kind: 'found', setup: { ...template, seatKeys: order } };
  }
  if (!complete) return { kind: 'waiting', readies };
  return {
    kind: 'mismatch',
    detail: `the seats of hand ${handNo + 1} signed a set-up that does not follow from the hands before it (dealer ${template.dealer + 1}, the match state carried, the previous hand's outcome) under the options the table's roster gives it`,
  };
}

/** The first order of `seats` distinct authors (the hint's seat by seat first) that `matches`, or null. */
function seatOrder(
  authors: readonly string[],
  seats: number,
  hint: readonly (string | null)[],
  matches: (keys: string[]) => boolean,
): string[] | null {
  const chosen: string[] = [];
  const used = new Set<string>();
  let budget = MAX_ORDERS;
  const extend = (seat: number): boolean => {
    if (seat === seats) return budget-- > 0 && matches(chosen);
    const first = hint[seat];
    const candidates = first && authors.includes(first) ? [first, ...authors.filter((a) => a !== first)] : authors;
    for (const author of candidates) {
      if (used.has(author) || budget <= 0) continue;
      used.add(author);
      chosen.push(author);
      if (extend(seat + 1)) return true;
      chosen.pop();
      used.delete(author);
    }
    return false;
  };
  return extend(0) ? [...chosen] : null;
}

/** Hands stepped over (each recorded as ended without a result) up to the first later hand whose seats signed the chain. */
export interface CalledOff {
  readonly skipped: readonly HandRecord[];
  /** The first hand after them with a set-up every seat signed, and that set-up. */
  readonly hand: number;
  readonly setup: HandSetup;
}

/**
 * Hand `handNo` has no set-up every seat signed: whether the hands after it (up to `handsStarted`) show it was called
 * off. Each hand from `handNo` on is taken as ended without a result, in turn, until a later hand's readies (from
 * `eventsOf`) name one set-up that chains from that; null when none does yet (or one signs another chain: then the
 * hand between had an outcome, and is only incomplete).
 */
export function calledOffUntil(
  base: HistoryBase,
  handNo: number,
  previous: HandRecord | undefined,
  handsStarted: number,
  eventsOf: (hand: number) => readonly EnvelopeOf<'table-event'>[],
  hint: readonly (string | null)[],
): CalledOff | null {
  const skipped: HandRecord[] = [];
  let last = previous;
  for (let later = handNo + 1; later < handsStarted; later++) {
    const record: HandRecord = {
      setup: nextSetup(
        { table: base.table, game: base.game, options: base.optionsOf(later - 1), seatKeys: [] },
        later - 1,
        last,
      ),
      outcome: null,
    };
    skipped.push(record);
    last = record;
    const search = setupFromReadies(base, later, last, eventsOf(later), hint);
    if (search.kind === 'found') return { skipped, hand: later, setup: search.setup };
    if (search.kind === 'mismatch') return null;
  }
  return null;
}
