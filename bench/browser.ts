/**
 * Browser section of `npm run bench` (`npm run bench -- browser`, run under
 * the Chromium lock like every Chromium test): what a real page pays for a
 * hand, played through the UI in headless Chromium, one page (its own
 * browser context) per seat, over real WebRTC, against the production build
 * (`vite build`, served by server/main.ts in `preview` mode as the fast e2e
 * suite serves it: test/e2e/server.ts). Bots play nothing here: the driver
 * clicks each page with the e2e helpers (stress-moves.ts, speed-moves.ts).
 *
 * Per run (`--rounds=N` runs, default 3; each stress-shed run takes its
 * odd-card choices from its own driver seed, the deal is the pages' own
 * random shuffle):
 * - a 4-player stress-shed hand, the same again with every player's
 *   "Animate cards" off in Settings (a still table: what a page saves by
 *   it), and a 2-player stress-speed hand, then another one untraced for
 *   click → shown alone (below);
 * - each page's main-thread CPU from the taking of the last seat (the hand
 *   starts by itself then: shuffle, deal, play) to every page showing the
 *   audit, from browser-wide performance traces (bench/trace.ts), split
 *   into scripting, style/layout and paint/other;
 * - each page's longest task and its tasks over 50 ms of its own CPU, over
 *   the hand and over its play alone: a freeze, when no click is handled
 *   and nothing is drawn (a task cut by the gap between two trace segments
 *   is not seen, so these too are lower bounds).
 *
 * A whole 4-player hand overflows Chromium's trace buffer, so a hand is
 * traced in consecutive 20 s segments. Nothing is recorded while one segment
 * is collected and the next starts; on a loaded 2-core machine that gap is
 * about as long as a segment. The figures are therefore of the traced part
 * of the hand — a lower bound of the whole — and `tracedShare` (printed
 * beside them) says how much of the hands' wall time that was.
 *
 * The driver's own polling is kept out by the trace, not by subtraction:
 * every query and `evaluate` Playwright makes runs in
 * the page as a DevTools-protocol command, and the trace marks each one
 * (`DevToolsSession::DispatchProtocolCommand` on the page's main thread);
 * that time, with everything nested in it, is reported apart as `driverMs`
 * and left out of the page's figure. The clicks reach the page as a
 * person's do, as input events at the control's centre (e2e/browser.ts
 * `pointerClick`), and their handling is counted. Playwright's own click
 * would add work of its script inside the page (it waits for the target to
 * hold still over two animation frames and marks it to check it gets the
 * click) that no person's page does; the bench asks from Node instead
 * whether the control is shown and enabled.
 *
 * The page figures cover the traced part of a hand; so that hands of
 * different lengths compare, the bench also gives them per move (a
 * player's action) of the whole hand, each page's traced time scaled by
 * the share of its hand the traces covered, against Node's CPU per peer
 * per move.
 *
 * Click → shown (stress-speed, bench/click-probe.ts): each page records, in the page, the time of
 * the trusted click that sent a play (the click event's timeStamp) and the
 * card it played; and, from a MutationObserver on the table's centre stacks,
 * when each card became a stack's top and when the frame that first drew it
 * was done (its paint and commit: click-probe.ts `recordShows` says how a
 * change made inside an animation-frame callback is told from one made in a
 * task of its own). A play by page A is matched to the first time
 * page B shows that card on a stack after the click (and before A plays that
 * card again); a play that bounces (lost the race) never shows and is
 * counted apart. Both pages read `performance.timeOrigin + performance.now()`;
 * the offset between the two pages' clocks is measured from Node by reading
 * A, B, A in turn (B minus the midpoint of the A readings, from the tightest
 * of several tries) and taken off. The observer and the listeners cost the
 * pages a little JavaScript; that is in the page figures. Click → shown is
 * given twice: from the traced hands, and from an untraced hand per run,
 * since recording a trace costs the pages' main threads too and a player's
 * page pays no such cost (both run the driver's DevTools commands). The
 * untraced hands also give click → shown on the clicking page itself: what
 * the player who played sees.
 *
 * Beside each game the same hand's Node figure (bench/hand.ts `measureHand`:
 * process CPU per peer with every peer simulated in one process, bots and
 * timers included) over as many seeds, and the ratio page / Node.
 *
 * The cheapest frame (stress-shed): once a hand is over, the first page
 * changes one text node of its table (the hand line's state hash) in each of
 * FLOOR_FRAMES animation frames under a trace of its own, and its main-thread
 * CPU per frame is the least a move costs a page that draws it at all: the
 * frame's style, layout, pre-paint, paint and commit over the whole table,
 * and the animation-frame callback. Node's play per move plus one such frame
 * is what a page would pay if it did the protocol's work as Node does and
 * drew each move with nothing more than that, beside the 2× target.
 */
import '../src/games/all.js';
import type { Browser, Page } from 'playwright-core';
import { makeRng } from '../src/bots/prng.js';
import { stressShedModule } from '../src/games/stress-shed/index.js';
import { stressSpeedModule } from '../src/games/stress-speed/index.js';
import {
  createTable,
  launchChromium,
  newPlayer,
  pointerClick,
  shownText,
  until,
  type Player,
} from '../test/e2e/browser.js';
import { buildBundle, startServer } from '../test/e2e/server.js';
import { playStress, stressTurn } from '../test/e2e/stress-moves.js';
import { playUntilOver } from '../test/e2e/speed-moves.js';
import { measureHand } from './hand.js';
import { clockOffset, installProbe, latencies, type Latency, type Probe } from './click-probe.js';
import {
  addSplits,
  LONG_TASK_MS,
  markPage,
  splitMainThread,
  startSegmentedTrace,
  startTrace,
  threadOf,
  workerCpuMs,
  type CpuSplit,
} from './trace.js';

export interface PageRun extends CpuSplit {
  readonly seat: number;
  /** The page's main thread in each part of the hand (traced part; `totalMs` above is their sum). */
  readonly setupMs: number;
  readonly playMs: number;
  /** The page's dedicated workers (the deal's proofs) in each part, not in the main-thread figures. Absent in older runs. */
  readonly workerSetupMs?: number;
  readonly workerPlayMs?: number;
  /** The play's longest task and its long tasks (CpuSplit; the whole hand's are `longestTaskMs`, `longTasks`). Absent in older runs. */
  readonly playLongestTaskMs?: number;
  readonly playLongTasks?: number;
}

/** How much of one part of a hand the trace segments covered. */
export interface Cover {
  readonly wallMs: number;
  readonly tracedMs: number;
}

export interface HandRun {
  readonly game: string;
  /** Every player had "Animate cards" off (Settings): nothing on the table moved. */
  readonly still: boolean;
  readonly players: number;
  readonly seed: number;
  readonly wallMs: number;
  /** The part of wallMs the trace segments covered (nothing is recorded between two segments). */
  readonly tracedMs: number;
  /** The set-up (the last seat taken → every page shows the hand's first move) and the play (→ every page's audit). */
  readonly setup: Cover;
  readonly play: Cover;
  readonly moves: number;
  readonly clean: boolean;
  readonly pages: PageRun[];
  /** The first page's cheapest frame after the hand (`cheapestFrameMs`), stress-shed only; absent in older runs. */
  readonly frameMs?: number;
}

/** A page's main-thread CPU and its split, as a row reports it. */
type PageCpu = Pick<CpuSplit, 'totalMs' | 'scriptingMs' | 'styleLayoutMs' | 'paintOtherMs'>;

export interface GameRow {
  readonly game: string;
  readonly still: boolean;
  readonly players: number;
  readonly runs: number;
  /** Median over every page of every run: the page's own main-thread CPU per hand, and its split. */
  readonly pageMedian: PageCpu;
  /** The busiest page of all runs. */
  readonly busiestPage: ReturnType<typeof pick>;
  /**
   * Per move of the hand (each page's figure over its hand's moves, median over the pages): main-thread ms,
   * pre-paints (about one per frame that changed the page, more when a script forces one), style recalculations
   * and layouts. Of the traced part of the hand, over all its moves, like the figures above.
   */
  readonly perMove: { readonly ms: number; readonly frames: number; readonly styles: number; readonly layouts: number };
  /**
   * What a player feels as a freeze (CpuSplit `longestTaskMs`, `longTasks`): the longest task of any page, over the
   * traced part of the hand and of its play alone, and the median page's count of tasks over 50 ms. Absent in rows
   * written before it was measured.
   */
  readonly tasks?: {
    readonly longestMs: number;
    readonly playLongestMs: number;
    readonly longPerPage: number;
    readonly playLongPerPage: number;
  };
  /** Median of the driver's commands per page (left out of the figures above). */
  readonly driverMedianMs: number;
  /** The same game and players in Node (bench/hand.ts): CPU per peer per hand, median over as many seeds. */
  readonly nodePerPeerMs: number;
  readonly ratioMedian: number;
  readonly ratioBusiest: number;
  /**
   * The same comparison per move, which does not depend on how long each hand ran (the pages' hands and Node's are
   * played by different hands, the driver's and the bots'): a page's main-thread ms per move of its hand, its traced
   * time scaled up by the share of the hand the traces covered (median over the pages), against Node's CPU per peer
   * per move of its hands.
   */
  readonly perMoveWhole: { readonly pageMs: number; readonly nodeMs: number; readonly ratio: number };
  /**
   * The two parts of a hand apart, each page's traced time scaled by the share of that part the traces covered
   * (median over the pages), against Node's CPU per peer for the same part (bench/hand.ts `dealMs` and `playMs`:
   * every message a peer handles, before the hand's first move and from it on). The set-up is the same work
   * whatever the hand's length; the play is per move. A whole hand's ratio mixes the two in proportions that
   * depend on how long each side's hands ran, which the driver's and the bots' hands do not share.
   */
  readonly split: {
    readonly setup: PartRatio;
    readonly playPerMove: PartRatio;
  };
  /**
   * The least a move can cost a page that draws it (stress-shed; absent otherwise and in older rows): the cheapest
   * frame (median over the runs, `cheapestFrameMs`), and Node's play per move plus one such frame, against Node's
   * play per move.
   */
  readonly frameFloor?: { readonly frameMs: number; readonly playPerMoveMs: number; readonly ratio: number };
  /** Share of the hands' wall time the trace segments covered (the figures are of that part). */
  readonly tracedShare: number;
  readonly allClean: boolean;
  /** When this row was measured (a run of one game keeps the other game's rows of an earlier run: `mergeBrowser`). */
  readonly date: string;
}

/**
 * One part of a hand: the page's main thread against Node's CPU per peer, and the page's dedicated workers apart
 * (the deal's proofs), with the ratio of both threads together (absent in a run stored before workers were counted).
 */
export interface PartRatio {
  readonly pageMs: number;
  readonly nodeMs: number;
  readonly ratio: number;
  readonly workerMs?: number;
  readonly ratioWithWorker?: number;
}

export interface ClickToShown {
  readonly plays: number;
  /** Plays shown on the other page (the rest bounced). */
  readonly shown: number;
  /** Click on one page → the end of the frame that first drew the card on the other page's stack. */
  readonly medianMs: number;
  readonly p90Ms: number;
  readonly maxMs: number;
  /** Click → the card in the other page's DOM (before its frame). */
  readonly domMedianMs: number;
  /** The largest clock offset measured between two pages (taken off), and its uncertainty. */
  readonly clockOffsetMs: number;
  readonly clockUncertaintyMs: number;
  /**
   * The same from a hand per seed played without a trace: the trace's recording costs the pages' main threads too,
   * which a player's page does not pay. The driver's DevTools commands still run in these pages.
   */
  readonly untraced: { readonly shown: number; readonly medianMs: number; readonly p90Ms: number };
  /**
   * From the same untraced hands: click → the card on the clicking page's own stack (the end of the frame that drew it),
   * which shows a play before the round that orders it reaches the other page. Absent in a run stored before it
   * was measured.
   */
  readonly own?: { readonly shown: number; readonly medianMs: number; readonly p90Ms: number };
  /** When these plays were measured. */
  readonly date: string;
}

export interface BrowserBench {
  readonly rows: GameRow[];
  readonly clickToShown: ClickToShown;
  readonly runs: HandRun[];
}

const SEED = 20261129;
/** How many frames `cheapestFrameMs` draws. */
const FLOOR_FRAMES = 120;
/** A whole 4-player hand overflows Chromium's trace buffer: it is traced in segments of this length. */
const SEGMENT_MS = 20_000;

const median = (xs: readonly number[]): number => quantile(xs, 0.5);
function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}
const round1 = (x: number) => Math.round(x * 10) / 10;

/** The other pages open the table's link and wait, seat offered, until the measured part starts. */
async function openUnseated(player: Player, link: string): Promise<void> {
  await player.page.goto(link);
  await player.page.locator('#sit').waitFor({ timeout: 60_000 });
}

async function allShow(players: readonly Player[], selector: string): Promise<boolean> {
  for (const p of players) if ((await p.page.locator(selector).count()) === 0) return false;
  return true;
}

async function cleanAudits(players: readonly Player[]): Promise<boolean> {
  const texts = await Promise.all(players.map((p) => shownText(p.page.locator('#result'))));
  return texts.every((t) => t.includes('Audit clean'));
}

/**
 * Seats everyone but the creator under a trace, waits with `ready` until every page shows the hand's first move
 * (the set-up), and plays the hand with `play` under a second trace (the play); returns the hand's run.
 */
async function tracedHand(
  browser: Browser,
  game: string,
  still: boolean,
  seed: number,
  players: Player[],
  ready: () => Promise<void>,
  play: () => Promise<number>,
): Promise<HandRun> {
  const labels = players.map((_, seat) => `fd-bench ${game} seat ${seat}`);
  const zero: CpuSplit = {
    totalMs: 0,
    scriptingMs: 0,
    styleLayoutMs: 0,
    paintOtherMs: 0,
    driverMs: 0,
    byEvent: {},
    counts: {},
    longestTaskMs: 0,
    longTasks: 0,
  };
  const parts = { setup: players.map(() => zero), play: players.map(() => zero) };
  const workers = { setup: players.map(() => 0), play: players.map(() => 0) };
  let threads: { pid: number; tid: number }[] | null = null;
  let failure: unknown = null;
  const traced = (part: keyof typeof parts) =>
    startSegmentedTrace(browser, SEGMENT_MS, (events) => {
      try {
        // The pages' threads are found by their labels in the first segment; their ids hold for the later traces.
        threads ??= labels.map((label) => threadOf(events, label));
        threads.forEach(({ pid, tid }, seat) => {
          parts[part][seat] = addSplits(parts[part][seat]!, splitMainThread(events, pid, tid));
          workers[part][seat]! += workerCpuMs(events, pid);
        });
      } catch (error) {
        failure ??= error;
      }
    });
  const covers: Partial<Record<keyof typeof parts, Cover>> = {};
  const moves = await seatAndPlay(players, ready, play, async (part, run) => {
    const trace = await traced(part);
    try {
      if (part === 'setup') for (const [seat, p] of players.entries()) await markPage(p.page, labels[seat]!);
      return await run();
    } finally {
      covers[part] = await trace.stop();
    }
  });
  const setup = covers.setup!;
  const played = covers.play!;
  if (failure) throw failure;
  const clean = await cleanAudits(players);
  const cover = (c: Cover): Cover => ({ wallMs: c.wallMs, tracedMs: c.tracedMs });
  const pages = players.map((_, seat) => ({
    seat,
    ...addSplits(parts.setup[seat]!, parts.play[seat]!),
    setupMs: parts.setup[seat]!.totalMs,
    playMs: parts.play[seat]!.totalMs,
    workerSetupMs: Math.round(workers.setup[seat]! * 10) / 10,
    workerPlayMs: Math.round(workers.play[seat]! * 10) / 10,
    playLongestTaskMs: parts.play[seat]!.longestTaskMs,
    playLongTasks: parts.play[seat]!.longTasks,
  }));
  return {
    game,
    still,
    players: players.length,
    seed,
    wallMs: setup.wallMs + played.wallMs,
    tracedMs: setup.tracedMs + played.tracedMs,
    setup: cover(setup),
    play: cover(played),
    moves,
    clean,
    pages,
  };
}

/**
 * Seats everyone but the creator and waits for `ready` (the set-up), then plays the hand with `play` and waits for
 * every page's audit (the play); `around` runs each part (a traced hand traces each apart).
 */
async function seatAndPlay(
  players: Player[],
  ready: () => Promise<void>,
  play: () => Promise<number>,
  around: <T>(part: 'setup' | 'play', run: () => Promise<T>) => Promise<T> = (_, run) => run(),
): Promise<number> {
  await around('setup', async () => {
    for (const p of players.slice(1)) await p.page.locator('#sit').click({ timeout: 60_000 });
    await ready();
  });
  return around('play', async () => {
    const moves = await play();
    await until(() => allShow(players, '#audit'), 'every page shows the audit', 120_000);
    return moves;
  });
}

/**
 * The main-thread CPU per frame of `page` drawing FLOOR_FRAMES frames that each change one text node of its table
 * (the hand line's state hash), under a trace of its own: the least a frame of this table costs (see the top).
 */
async function cheapestFrameMs(browser: Browser, page: Page): Promise<number> {
  const label = 'fd-bench cheapest frame';
  const text = await page.locator('#hand-line code').first().elementHandle({ timeout: 10_000 });
  if (!text) throw new Error('the table shows no hand line to change');
  const trace = await startTrace(browser);
  let events;
  try {
    await markPage(page, label);
    // The frames run in tasks of their own, not inside the driver's command that starts them (which the split leaves out).
    // No named function inside: the bench runs under tsx, whose helper for function names the page does not have.
    await text.evaluate(async (node, frames) => {
      for (let left = frames; left > 0; left--) {
        node.textContent = `frame ${left}`;
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    }, FLOOR_FRAMES);
  } finally {
    events = await trace.stop();
  }
  const { pid, tid } = threadOf(events, label);
  return round1(splitMainThread(events, pid, tid).totalMs / FLOOR_FRAMES);
}

async function newPlayers(browser: Browser, url: string, count: number): Promise<Player[]> {
  const names = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay'];
  const players: Player[] = [];
  for (let i = 0; i < count; i++) players.push(await newPlayer(browser, url, names[i]!));
  return players;
}

/** Turns "Animate cards" off in each player's saved Settings, and reloads the page so its shell reads them. */
async function holdStill(players: readonly Player[]): Promise<void> {
  for (const { page } of players) {
    await page.evaluate(`(() => {
      const key = 'fairdeck.settings.v1';
      localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key)), animateCards: false }));
    })()`);
    await page.reload();
  }
}

async function shedHand(url: string, seed: number, still: boolean): Promise<HandRun> {
  const browser = await launchChromium();
  try {
    const players = await newPlayers(browser, url, 4);
    if (still) await holdStill(players);
    const link = await createTable(players[0]!.page, stressShedModule.id, 4);
    for (const p of players.slice(1)) await openUnseated(p, link);
    const whim = makeRng(seed);
    const ready = async () => {
      for (const p of players) await p.page.locator('#ready').waitFor({ timeout: 240_000 });
    };
    const run = await tracedHand(browser, stressShedModule.id, still, seed, players, ready, async () => {
      return playStress(
        players.map((p) => p.page),
        (page) =>
          stressTurn(
            page,
            (ordered) => (whim.next() < 0.3 ? ordered[whim.int(ordered.length)]! : ordered[0]!),
            pointerClick,
          ),
        { until: () => allShow(players, '#audit'), limit: 5000 },
      );
    });
    return { ...run, frameMs: await cheapestFrameMs(browser, players[0]!.page) };
  } finally {
    await browser.close();
  }
}

/**
 * A 2-player stress-speed hand and its click → shown latencies; traced (its run, for the CPU figures) or not (no
 * trace: only the latencies, as a player's page has them, without the trace's own cost on the pages).
 */
async function speedHand(
  url: string,
  seed: number,
  traced: boolean,
): Promise<{ run: HandRun | null; latency: Latency; own: number[]; clock: number[] }> {
  const browser = await launchChromium();
  try {
    const players = await newPlayers(browser, url, 2);
    const link = await createTable(players[0]!.page, stressSpeedModule.id);
    await openUnseated(players[1]!, link);
    let probes: Probe[] = [];
    let clock = [0, 0];
    const ready = async () => {
      for (const p of players) await p.page.locator('#stress').waitFor({ timeout: 240_000 });
    };
    const play = async () => {
      for (const p of players) await installProbe(p.page);
      const { offset, uncertainty } = await clockOffset(players[0]!.page, players[1]!.page);
      clock = [offset, uncertainty];
      let over = false;
      await Promise.all(
        players.map((p) => playUntilOver(p.page, () => over, pointerClick).finally(() => (over = true))),
      );
      probes = await Promise.all(
        players.map((p) => p.page.evaluate(() => (window as unknown as { fdBenchProbe: Probe }).fdBenchProbe)),
      );
      return probes.reduce((n, p) => n + p.plays.length, 0);
    };
    const run = traced
      ? await tracedHand(browser, stressSpeedModule.id, false, seed, players, ready, play)
      : await seatAndPlay(players, ready, play).then(() => null);
    const [a, b] = probes as [Probe, Probe];
    const ab = latencies(a, b, clock[0]!);
    const ba = latencies(b, a, -clock[0]!);
    return {
      run,
      latency: { plays: ab.plays + ba.plays, frame: [...ab.frame, ...ba.frame], dom: [...ab.dom, ...ba.dom] },
      own: [...latencies(a, a, 0).frame, ...latencies(b, b, 0).frame],
      clock,
    };
  } finally {
    await browser.close();
  }
}

function pick(split: CpuSplit): PageCpu & { readonly topEvents: [string, number][] } {
  return {
    totalMs: split.totalMs,
    scriptingMs: split.scriptingMs,
    styleLayoutMs: split.styleLayoutMs,
    paintOtherMs: split.paintOtherMs,
    // Where its style/layout and paint/other went, largest first.
    topEvents: Object.entries(split.byEvent)
      .sort((x, y) => y[1] - x[1])
      .slice(0, 8),
  };
}

/** Node's figure for a game: CPU per peer per hand and moves per hand, medians over the seeds. */
interface NodeHands {
  readonly perPeerMs: number;
  readonly movesPerHand: number;
  /** Per peer: the messages before the first move, and from it on per move (bench/hand.ts `dealMs`, `playMs`). */
  readonly setupMs: number;
  readonly playPerMoveMs: number;
}

function row(runs: readonly HandRun[], node: NodeHands): GameRow {
  const nodePerPeerMs = node.perPeerMs;
  const pages = runs.flatMap((r) => r.pages);
  const busiest = pages.reduce((a, b) => (b.totalMs > a.totalMs ? b : a));
  const pageMedian = {
    totalMs: round1(median(pages.map((p) => p.totalMs))),
    scriptingMs: round1(median(pages.map((p) => p.scriptingMs))),
    styleLayoutMs: round1(median(pages.map((p) => p.styleLayoutMs))),
    paintOtherMs: round1(median(pages.map((p) => p.paintOtherMs))),
  };
  const perPage = (of: (p: PageRun) => number) =>
    round1(median(runs.flatMap((r) => r.pages.map((p) => of(p) / Math.max(1, r.moves)))));
  return {
    game: runs[0]!.game,
    still: runs[0]!.still,
    players: runs[0]!.players,
    runs: runs.length,
    pageMedian,
    perMove: {
      ms: perPage((p) => p.totalMs),
      frames: perPage((p) => p.counts['PrePaint'] ?? 0),
      styles: perPage((p) => p.counts['UpdateLayoutTree'] ?? 0),
      layouts: perPage((p) => p.counts['Layout'] ?? 0),
    },
    tasks: {
      longestMs: Math.max(...pages.map((p) => p.longestTaskMs)),
      playLongestMs: Math.max(...pages.map((p) => p.playLongestTaskMs ?? 0)),
      longPerPage: median(pages.map((p) => p.longTasks)),
      playLongPerPage: median(pages.map((p) => p.playLongTasks ?? 0)),
    },
    busiestPage: pick(busiest),
    driverMedianMs: round1(median(pages.map((p) => p.driverMs))),
    nodePerPeerMs,
    ratioMedian: Math.round((pageMedian.totalMs / nodePerPeerMs) * 100) / 100,
    ratioBusiest: Math.round((busiest.totalMs / nodePerPeerMs) * 100) / 100,
    perMoveWhole: perMoveWhole(runs, node),
    split: split(runs, node),
    ...frameFloor(runs, node),
    tracedShare:
      Math.round((runs.reduce((a, r) => a + r.tracedMs, 0) / runs.reduce((a, r) => a + r.wallMs, 0)) * 1000) / 1000,
    allClean: runs.every((r) => r.clean),
    date: new Date().toISOString(),
  };
}

/** A page's part scaled up by the share of it the traces covered. */
const scaled = (ms: number, c: Cover): number => ms / Math.max(1e-9, c.tracedMs / c.wallMs);
const ratio2 = (x: number) => Math.round(x * 100) / 100;
const ratioOf = (pageMs: number, nodeMs: number, workerMs?: number): PartRatio => ({
  pageMs: round1(pageMs),
  nodeMs: round1(nodeMs),
  ratio: ratio2(pageMs / nodeMs),
  ...(workerMs === undefined
    ? {}
    : { workerMs: round1(workerMs), ratioWithWorker: ratio2((pageMs + workerMs) / nodeMs) }),
});

function perMoveWhole(runs: readonly HandRun[], node: NodeHands): GameRow['perMoveWhole'] {
  const pageMs = median(runs.flatMap((r) => r.pages.map((p) => scaled(p.totalMs, r) / Math.max(1, r.moves))));
  return ratioOf(pageMs, node.perPeerMs / Math.max(1, node.movesPerHand));
}

function frameFloor(runs: readonly HandRun[], node: NodeHands): Pick<GameRow, 'frameFloor'> {
  const frames = runs.flatMap((r) => (r.frameMs === undefined ? [] : [r.frameMs]));
  if (frames.length === 0) return {};
  const frameMs = median(frames);
  const playPerMoveMs = node.playPerMoveMs + frameMs;
  return {
    frameFloor: { frameMs, playPerMoveMs: round1(playPerMoveMs), ratio: ratio2(playPerMoveMs / node.playPerMoveMs) },
  };
}

function split(runs: readonly HandRun[], node: NodeHands): GameRow['split'] {
  const perPage = (of: (p: PageRun, r: HandRun) => number) => median(runs.flatMap((r) => r.pages.map((p) => of(p, r))));
  const setup = perPage((p, r) => scaled(p.setupMs, r.setup));
  const play = perPage((p, r) => scaled(p.playMs, r.play) / Math.max(1, r.moves));
  const workerSetup = perPage((p, r) => scaled(p.workerSetupMs ?? 0, r.setup));
  const workerPlay = perPage((p, r) => scaled(p.workerPlayMs ?? 0, r.play) / Math.max(1, r.moves));
  return {
    setup: ratioOf(setup, node.setupMs, workerSetup),
    playPerMove: ratioOf(play, node.playPerMoveMs, workerPlay),
  };
}

export async function browserBench(opts: { rounds?: number }): Promise<BrowserBench> {
  const count = opts.rounds ?? 3;
  const seeds = Array.from({ length: count }, (_, i) => SEED + i);
  // FD_BENCH_BROWSER=shed or speed plays only that game's hands (shed: with and without animations).
  const only = process.env.FD_BENCH_BROWSER;
  buildBundle();
  const server = await startServer('preview');
  const shed: HandRun[] = [];
  const still: HandRun[] = [];
  const speed: HandRun[] = [];
  const frame: number[] = [];
  const dom: number[] = [];
  const untraced: number[] = [];
  const own: number[] = [];
  let plays = 0;
  let clockOffsetMs = 0;
  let clockUncertaintyMs = 0;
  try {
    for (const seed of only === 'speed' ? [] : seeds)
      for (const [hands, held] of [
        [shed, false],
        [still, true],
      ] as const) {
        const run = await shedHand(server.url, seed, held);
        console.log(
          `  ${run.game}${held ? ' (animations off)' : ''} seed ${seed}: ${run.moves} moves, ${Math.round(run.wallMs / 1000)} s (${Math.round((run.tracedMs / run.wallMs) * 100)} % traced), pages ${run.pages.map((p) => p.totalMs).join(' / ')} ms`,
        );
        hands.push(run);
      }
    for (const seed of only === 'shed' ? [] : seeds) {
      const { run, latency, clock } = await speedHand(server.url, seed, true);
      if (!run) throw new Error('a traced hand came back without its run');
      console.log(
        `  ${run.game} seed ${seed}: ${run.moves} plays, ${Math.round(run.wallMs / 1000)} s (${Math.round((run.tracedMs / run.wallMs) * 100)} % traced), pages ${run.pages.map((p) => p.totalMs).join(' / ')} ms, click → shown median ${round1(median(latency.frame))} ms`,
      );
      speed.push(run);
      frame.push(...latency.frame);
      dom.push(...latency.dom);
      plays += latency.plays;
      if (Math.abs(clock[0]!) >= Math.abs(clockOffsetMs))
        [clockOffsetMs, clockUncertaintyMs] = clock as [number, number];
      const bare = await speedHand(server.url, seed, false);
      console.log(
        `  ${stressSpeedModule.id} seed ${seed}, untraced: click → shown median ${round1(median(bare.latency.frame))} ms`,
      );
      untraced.push(...bare.latency.frame);
      own.push(...bare.own);
    }
  } finally {
    await server.stop();
  }
  const node = async (
    game: typeof stressShedModule.id | typeof stressSpeedModule.id,
    players: number,
  ): Promise<NodeHands> => {
    const perSeed = [];
    for (const seed of seeds) perSeed.push(await measureHand(game, players, 1, seed));
    return {
      perPeerMs: median(perSeed.map((r) => r.handCpuMs)),
      movesPerHand: median(perSeed.map((r) => r.movesPerHand)),
      setupMs: median(perSeed.map((r) => r.dealMs)),
      playPerMoveMs: median(perSeed.map((r) => r.playMs / Math.max(1, r.movesPerHand))),
    };
  };
  const rows: GameRow[] = [];
  if (shed.length > 0) {
    const nodeShed = await node(stressShedModule.id, 4);
    rows.push(row(shed, nodeShed), row(still, nodeShed));
  }
  if (speed.length > 0) rows.push(row(speed, await node(stressSpeedModule.id, 2)));
  return {
    rows,
    clickToShown: {
      plays,
      shown: frame.length,
      medianMs: round1(median(frame)),
      p90Ms: round1(quantile(frame, 0.9)),
      maxMs: round1(Math.max(...frame)),
      domMedianMs: round1(median(dom)),
      clockOffsetMs: round1(clockOffsetMs),
      clockUncertaintyMs: round1(clockUncertaintyMs),
      untraced: { shown: untraced.length, medianMs: round1(median(untraced)), p90Ms: round1(quantile(untraced, 0.9)) },
      own: { shown: own.length, medianMs: round1(median(own)), p90Ms: round1(quantile(own, 0.9)) },
      date: new Date().toISOString(),
    },
    runs: [...shed, ...still, ...speed],
  };
}

/**
 * The browser section to store after a run: a run of one game's hands
 * (FD_BENCH_BROWSER=shed or speed) replaces that game's rows, runs and (for
 * stress-speed) click → shown figures, and keeps the other game's from the
 * run before, each dated. A full run replaces everything.
 */
export function mergeBrowser(previous: BrowserBench | undefined, fresh: BrowserBench): BrowserBench {
  if (!previous) return fresh;
  const key = (r: GameRow) => `${r.game}|${r.still}`;
  const freshRows = new Map(fresh.rows.map((r) => [key(r), r]));
  const rows = previous.rows.map((r) => freshRows.get(key(r)) ?? r);
  for (const r of fresh.rows) if (!previous.rows.some((p) => key(p) === key(r))) rows.push(r);
  const games = new Set(fresh.runs.map((r) => r.game));
  return {
    rows,
    clickToShown: fresh.clickToShown.plays > 0 ? fresh.clickToShown : previous.clickToShown,
    runs: [...previous.runs.filter((r) => !games.has(r.game)), ...fresh.runs],
  };
}

export function printBrowser(r: BrowserBench): void {
  console.log(
    `page main-thread CPU per hand, ms (trace; the driver's DevTools commands left out), ${r.rows[0]?.runs ?? 0} hands per game`,
  );
  console.log(
    'game          players  page      total  scripting  style/layout  paint/other  | Node/peer  page÷Node  (driver)  clean',
  );
  for (const g of r.rows) {
    if (g.still) console.log(`${g.game}, every player's "Animate cards" off (Settings): a still table`);
    const line = (what: string, s: PageCpu, ratio: number, driver: string) =>
      console.log(
        `${g.game.padEnd(13)} ${String(g.players).padStart(7)}  ${what.padEnd(8)} ${String(s.totalMs).padStart(6)}  ${String(s.scriptingMs).padStart(9)}  ${String(s.styleLayoutMs).padStart(12)}  ${String(s.paintOtherMs).padStart(11)}  | ${String(g.nodePerPeerMs).padStart(9)}  ${`${ratio}×`.padStart(9)}  ${driver.padStart(8)}  ${g.allClean}`,
      );
    line('median', g.pageMedian, g.ratioMedian, String(g.driverMedianMs));
    line('busiest', g.busiestPage, g.ratioBusiest, '');
    console.log(
      `${''.padEnd(23)}(the busiest page's style/layout and paint/other by trace event: ${g.busiestPage.topEvents.map(([name, ms]) => `${name} ${ms}`).join(', ')} ms)`,
    );
    const m = g.perMove;
    console.log(
      `${''.padEnd(23)}per move, median page: ${m.ms} ms main thread, ${m.frames} pre-paints, ${m.styles} style recalculations, ${m.layouts} layouts`,
    );
    if (g.tasks)
      console.log(
        `${''.padEnd(23)}longest task of any page ${g.tasks.longestMs} ms (in play ${g.tasks.playLongestMs} ms); tasks over ${LONG_TASK_MS} ms, median page: ${g.tasks.longPerPage} per hand (${g.tasks.playLongPerPage} in play)`,
      );
    console.log(`${''.padEnd(23)}(traces covered ${Math.round(g.tracedShare * 1000) / 10} % of the hands' wall time)`);
    const w = g.perMoveWhole;
    console.log(
      `${''.padEnd(23)}per move of the whole hand (traced time scaled by its share), median page ${w.pageMs} ms ÷ Node ${w.nodeMs} ms per peer = ${w.ratio}×`,
    );
    const { setup, playPerMove } = g.split;
    const withWorker = (p: PartRatio) =>
      p.workerMs === undefined ? '' : ` (its workers ${p.workerMs} ms more: ${p.ratioWithWorker}× with them)`;
    console.log(
      `${''.padEnd(23)}apart: set-up, median page ${setup.pageMs} ms ÷ Node ${setup.nodeMs} ms per peer = ${setup.ratio}×${withWorker(setup)}; play per move, ${playPerMove.pageMs} ms ÷ ${playPerMove.nodeMs} ms = ${playPerMove.ratio}×${withWorker(playPerMove)}`,
    );
    const f = g.frameFloor;
    if (f)
      console.log(
        `${''.padEnd(23)}the cheapest frame of this table (one text node changed): ${f.frameMs} ms; Node's play per move and one such frame: ${f.playPerMoveMs} ms = ${f.ratio}× Node's play per move`,
      );
  }
  const c = r.clickToShown;
  // With FD_BENCH_BROWSER=shed no stress-speed hand was played: there is no latency to print.
  if (c.plays > 0)
    console.log(
      `${stressSpeedModule.id} click → card shown on the other page: median ${c.medianMs} ms, p90 ${c.p90Ms} ms, max ${c.maxMs} ms over ${c.shown} plays (${c.plays - c.shown} bounced); in the DOM median ${c.domMedianMs} ms; clock offset ${c.clockOffsetMs} ± ${c.clockUncertaintyMs} ms taken off; untraced hands: median ${c.untraced.medianMs} ms, p90 ${c.untraced.p90Ms} ms over ${c.untraced.shown} plays`,
    );
  if (c.plays > 0 && c.own)
    console.log(
      `${stressSpeedModule.id} click → card shown on the clicking page (untraced hands): median ${c.own.medianMs} ms, p90 ${c.own.p90Ms} ms over ${c.own.shown} plays`,
    );
  console.log(
    'targets: page ≤ 2× Node per peer (per move of the whole hand); click → shown ≤ 100 ms median, ≤ 150 ms p90',
  );
}
