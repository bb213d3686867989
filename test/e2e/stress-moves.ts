/**
 * Stress (shedding) through the UI for the browser tests, as a plain player
 * clicks: Ready when the swap phase asks for it, else (on the page's turn) a
 * playable card, a face-down card when that is all that is left, or pick up
 * the stack. `stressTurn` makes one move with the caller's choice of card;
 * `stressMove` is the move of a seat that only needs the hand to go on
 * against bots (table-words, watch-stress-shed): mostly the lowest card, now
 * and then another from a seeded choice. `playStress` plays pages until a
 * state the caller names, waiting after each move for the page to have taken
 * it and between rounds for a page that may act: never for a time.
 */
import type { Page } from 'playwright-core';
import { makeRng, type Rng } from '../../src/bots/prng.js';
import {
  anyShows,
  explainWithTableLog,
  handState,
  playwrightClick,
  shownText,
  tableLog,
  until,
  type Click,
} from './browser.js';

const RANK = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const rankOf = (card: string) => RANK.indexOf(/^(10|[2-9JQKA])/.exec(card)?.[1] ?? '');

/**
 * The hand (number) in which each page pressed Ready. The swap phase is a
 * choice of every seat at once: a Ready is applied only when every seat's is
 * in, so until then the page still offers Ready and shows nothing new — the
 * test remembers the press instead (a second one would be refused).
 */
const readied = new WeakMap<Page, number>();

/** The swap phase asks this page for Ready (dealt, not shuffling, not applied) and it has not pressed it in this hand. */
export async function readyAsked(page: Page): Promise<boolean> {
  if (!/^Swap phase:/.test(await shownText(page.locator('fd-stress-shed #status')).catch(() => ''))) return false;
  const hand = (await handState(page))?.handNo;
  return hand !== undefined && readied.get(page) !== hand;
}

/** Whether the page may act now: Ready is asked for, or the turn marker is on its seat. */
export async function mayAct(page: Page): Promise<boolean> {
  return (await page.locator('fd-stress-shed #my-area.turn').count()) > 0 || (await readyAsked(page));
}

/** A playable card as the page offers it: its id and its index among the selectable cards. */
export interface Playable {
  readonly card: string;
  readonly i: number;
}

/**
 * One Stress (shedding) move: Ready, else a card `pick` chooses from the
 * playable ones — ordered lowest first, keeping 2s, 3s and 10s for when they
 * are needed, like a sensible player — else a blind card, else pick up.
 * Returns what it did ('ready', 'play 7♣', 'blind', 'pickup'), or null when the
 * page may not act (not its turn, or a face-down card is being turned) or the
 * table refused the move: a reloaded page makes no move until another seat
 * has said which hand it is at (catch-up.ts), so its player tries again, as a
 * person would after reading the refusal.
 */
export async function stressTurn(
  page: Page,
  pick: (ordered: readonly Playable[]) => Playable,
  click: Click = playwrightClick,
): Promise<string | null> {
  const refusals = page.locator('fd-log #log li', { hasText: 'move not made' });
  const before = await refusals.count();
  const did = await stressClick(page, pick, click);
  if (did === null || (await refusals.count()) === before) {
    if (did === 'ready') readied.set(page, (await handState(page))!.handNo);
    return did;
  }
  // Refused: pressed again next round (a moment later, as the refusal says to wait).
  await page.waitForTimeout(300);
  return null;
}

async function stressClick(
  page: Page,
  pick: (ordered: readonly Playable[]) => Playable,
  click: Click,
): Promise<string | null> {
  if (await readyAsked(page)) {
    await click(page.locator('#ready'));
    return 'ready';
  }
  if ((await page.locator('#my-area.turn').count()) === 0) return null;
  const playable = page.locator('#my-hand fd-card[selectable], #my-face-up fd-card[selectable]');
  if ((await playable.count()) > 0) {
    const cards = await playable.evaluateAll((els) => els.map((el) => el.getAttribute('data-card') ?? ''));
    const keep = (card: string) => ['2', '3', '10'].some((r) => card.startsWith(r));
    const ordered = cards
      .map((card, i) => ({ card, i, score: keep(card) ? 100 + rankOf(card) : rankOf(card) }))
      .sort((a, b) => a.score - b.score);
    const chosen = pick(ordered);
    await click(playable.nth(chosen.i));
    await click(page.locator('#play'));
    return `play ${chosen.card}`;
  }
  const blind = page.locator('#my-face-down fd-card[selectable]');
  if ((await blind.count()) > 0) {
    await click(blind.first());
    return 'blind';
  }
  if (await page.locator('#pickup').isEnabled()) {
    await click(page.locator('#pickup'));
    return 'pickup';
  }
  return null;
}

/**
 * The move of a seat that only needs the hand to go on: mostly the lowest
 * card, sometimes (30 %, from `rng`) another — one fixed choice can walk both
 * seats into the same position again and again. True if it moved.
 */
export async function stressMove(page: Page, rng: Rng = defaultRng): Promise<boolean> {
  const did = await stressTurn(page, (ordered) => (rng.next() < 0.3 ? ordered[rng.int(ordered.length)]! : ordered[0]!));
  return did !== null;
}

const defaultRng = makeRng(20260517);

/** What changes when a page has taken its move: the hand's step (a card, a pick-up), or its status line (Ready: "Waiting for the others"). */
async function moveMark(page: Page): Promise<string> {
  return `${(await handState(page))?.step} ${await shownText(page.locator('fd-stress-shed #status')).catch(() => '')}`;
}

/** The table element's own state, for a failure message: phase, turn, busy, each seat's ready flag, the hand's step. */
async function tableState(page: Page): Promise<string> {
  const table = await page
    .locator('fd-stress-shed')
    .evaluate(
      (
        el: HTMLElement & {
          view?: { phase: string; turn: number | null; seats: { ready?: boolean }[] };
          busy?: boolean;
          mySeat?: number | null;
        },
      ) =>
        JSON.stringify({
          phase: el.view?.phase,
          turn: el.view?.turn,
          busy: el.busy,
          me: el.mySeat,
          ready: el.view?.seats.map((s) => s.ready),
        }),
    )
    .catch((error: Error) => `no table: ${error.message}`);
  return `${table} ${JSON.stringify(await handState(page))} status: ${await moveMark(page)}`;
}

export interface PlayStressOptions {
  /** The state to play until (a summary shown, the audit on every page …), looked at between rounds. */
  readonly until: () => Promise<boolean>;
  /** Called after each move the page has taken, with what it did and the moves so far; may throw. */
  readonly afterMove?: (page: Page, did: string, moves: number) => Promise<void>;
  /** Pages to stop moving for now (they are still waited on for nothing). */
  readonly skip?: (page: Page) => boolean;
  /** More moves than this is a hand that does not end. */
  readonly limit?: number;
}

/**
 * Plays `pages` (each with `move`) until `options.until()`: after each move
 * it waits for that page to take it (its step or status moves on), and between rounds
 * for a page that may act, the end, or a halt — which throws, saying why.
 * Returns the number of moves made.
 */
export async function playStress(
  pages: readonly Page[],
  move: (page: Page, moves: number) => Promise<string | null>,
  options: PlayStressOptions,
): Promise<number> {
  let moves = 0;
  const halted = () => anyShows(pages, '#halt');
  while (!(await options.until())) {
    for (const page of pages) {
      if (options.skip?.(page)) continue;
      const before = await moveMark(page);
      const did = await move(page, moves);
      if (did === null) continue;
      moves++;
      // A Ready shows once every seat's is in (readied): nothing to wait for on this page.
      if (did !== 'ready')
        await explainWithTableLog(
          page,
          until(async () => (await moveMark(page)) !== before || (await halted()), `the page takes its move (${did})`),
        ).catch(async (error: Error) => {
          throw new Error(`${error.message}\n--- table ---\n${await tableState(page)}`);
        });
      await options.afterMove?.(page, did, moves);
    }
    for (const page of pages)
      if ((await page.locator('#halt').count()) > 0)
        throw new Error(`the hand stopped: ${await shownText(page.locator('#halt'))}`);
    const active = pages.filter((page) => !options.skip?.(page));
    await until(
      async () => (await options.until()) || (await halted()) || (await Promise.all(active.map(mayAct))).some(Boolean),
      'a page may act, or the hand is over',
    ).catch(async (error: Error) => {
      const states = await Promise.all(
        pages.map(async (page, i) => `--- page ${i} ---\n${await tableState(page)}\n${await tableLog(page, 15)}`),
      );
      throw new Error(`${error.message}\n${states.join('\n')}`, { cause: error });
    });
    if (moves >= (options.limit ?? 3000)) throw new Error(`${moves} moves and the hand has not ended`);
  }
  return moves;
}
