/**
 * Which hand the table is at, as the other seats show it, and what a page
 * that came back (reload, closed and reopened, a new tab) does about it. A
 * page restores the hand it stored last, but the others may have ended that
 * hand and started the next one meanwhile. Every remote seat shows the hand it
 * is at whenever a link (re)opens — its `fetch` names its current hand — and
 * with every event it sends. From that:
 *
 * - a page new to the table (no roster stored: it created it or opened its
 *   link for the first time) is not resumed: it plays live from the start;
 * - until a remote seat has said (by a fetch) which hand it is at, a resumed
 *   page makes no move (it might be a move in a hand the table has left);
 *   once a remote seat says it is at this page's own hand,
 *   the page plays live;
 * - no move is made in a hand the table has left;
 * - a hand that waits on a seat that has said it is at a later hand (or any
 *   hand of a resumed page, once a seat has said it is at a later one) is
 *   over for the
 *   table: the page first asks for that hand's events once more (peers
 *   answer from storage: the abandon it missed), and if it still waits a tick
 *   later it follows the table;
 * - a resumed page whose own hand is over follows the table to its next hand
 *   at once; a page that saw the hand end live keeps the Rematch choice (the
 *   end-of-hand summary is not yanked away).
 *
 * It follows one hand at a time (the next set-up derives from the previous
 * hand's stored record only, hand/setup.ts), so a page two hands behind
 * catches up hand by hand. Only seats of the table count; the table session
 * feeds it verified envelopes only. An event of a later hand only shows that a
 * seat started it (the Rematch offer): it never moves this page, since any
 * seat could forge one (test/adversarial/bounds.test.ts); only a seat's own
 * fetch says where it is.
 */

/** Table clock ticks (seconds) a resumed page waits at most to hear which hand the table is at. */
export const MAX_BLOCKED_TICKS = 10;

export type CatchUpStep = 'stay' | 'fetch' | 'follow';

export interface CatchUpState {
  /** The hand this page is at (-1: none started). */
  readonly handNo: number;
  /** This page's hand is done or halted (or it holds no seat in it). */
  readonly over: boolean;
  /** Keys (hex) of the seats the hand waits on now. */
  readonly owing: readonly string[];
}

export class CatchUp {
  /** Per remote seat key, the highest hand it has shown. */
  private readonly shown = new Map<string, number>();
  /** Per remote seat key, the highest hand it has said (by a fetch) it is at since this page opened. */
  private readonly told = new Map<string, number>();
  private resumingValue = true;
  private ticks = 0;
  /** The tick at which a stuck hand was fetched again, per hand. */
  private fetchedAt: { hand: number; tick: number } | null = null;

  /**
   * A remote seat showed it is at `hand` at least: by its `fetch` (`told`:
   * the hand it is at now, sent whenever a link opens) or by an event of
   * that hand (which may be an old one resent, or forged). A seat that says
   * it is at `current`, this page's own hand, means the page is not behind:
   * it plays live from then on.
   */
  note(key: string, hand: number, told: boolean, current = -1): void {
    if (!Number.isSafeInteger(hand) || hand < 0) return;
    if (told) {
      if (hand > (this.told.get(key) ?? -1)) this.told.set(key, hand);
      if (hand === current) this.resumingValue = false;
    }
    if (hand > (this.shown.get(key) ?? -1)) this.shown.set(key, hand);
  }

  /** The latest hand any remote seat has shown, or -1. */
  latest(): number {
    let latest = -1;
    for (const hand of this.shown.values()) latest = Math.max(latest, hand);
    return latest;
  }

  /** The latest hand the seat has said (by a fetch) it is at, or -1. */
  toldHand(key: string): number {
    return this.told.get(key) ?? -1;
  }

  /** The latest hand any remote seat has said (by a fetch) it is at, or -1. */
  private latestTold(): number {
    let latest = -1;
    for (const hand of this.told.values()) latest = Math.max(latest, hand);
    return latest;
  }

  /** True while this page was (re)opened and has made no move or choice yet, and no seat has said it is at this page's hand. */
  get resuming(): boolean {
    return this.resumingValue;
  }

  /** The person acted (a move, a rematch): from now on the page plays live. */
  settle(): void {
    this.resumingValue = false;
  }

  /**
   * A resumed page makes no move until some remote seat has said which hand
   * it is at, or for at most MAX_BLOCKED_TICKS (seats reached only through a
   * relay send no fetch to this page).
   */
  blocksMoves(remoteKeys: readonly string[]): boolean {
    if (!this.resumingValue || this.ticks >= MAX_BLOCKED_TICKS) return false;
    return remoteKeys.length > 0 && !remoteKeys.some((key) => this.told.has(key));
  }

  /** The table's clock (once a second). */
  tick(): void {
    this.ticks++;
  }

  decide(state: CatchUpState): CatchUpStep {
    // Only what seats said by their own fetch counts: an event of a later hand may be forged by any seat.
    if (state.handNo < 0 || this.latestTold() <= state.handNo) return 'stay';
    if (state.over) return this.resumingValue ? 'follow' : 'stay';
    // A resumed page whose table has moved on is behind whatever its hand waits for (even its own move).
    const stuck = this.resumingValue || state.owing.some((key) => this.toldHand(key) > state.handNo);
    if (!stuck) {
      // Stuck must hold from the fetch to the follow: a seat that answers meanwhile was not gone ahead.
      this.fetchedAt = null;
      return 'stay';
    }
    if (this.fetchedAt?.hand !== state.handNo) {
      this.fetchedAt = { hand: state.handNo, tick: this.ticks };
      return 'fetch';
    }
    // One more tick for the answers to the fetch (the abandon this page missed) to arrive.
    return this.ticks >= this.fetchedAt.tick + 2 ? 'follow' : 'stay';
  }
}
