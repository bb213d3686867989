/**
 * Main-thread CPU of Chromium pages from a performance trace, for the browser
 * bench (bench/browser.ts). `startTrace` records one browser-wide trace over
 * the DevTools protocol (`Tracing`, events reported back as they are
 * collected); `markPage` stamps a page's renderer main thread with a label
 * (`console.timeStamp`), which is how a page is found in the trace;
 * `startSegmentedTrace` records a long run as consecutive traces (a whole
 * hand of four pages overflows the trace buffer) and reports how much of the
 * run the traces covered;
 * `workerCpuMs` adds up the CPU time of a page's dedicated workers (the
 * deal's proofs are checked in one), which the main thread's figures leave out;
 * `splitMainThread` adds up that thread's CPU time (each event's thread
 * duration, `tdur`, not its wall duration: waiting for one of two busy cores
 * is not the page's cost) and splits it by what ran:
 * - `scriptingMs`: JavaScript — event handlers, timers, promise jobs,
 *   animation-frame callbacks, compiling and running scripts, garbage
 *   collection;
 * - `styleLayoutMs`: style recalculation, layout, the layer tree, pre-paint,
 *   hit testing, whether forced by a script or by the frame;
 * - `paintOtherMs`: paint and everything else the thread did (the rest of the
 *   frame, the scheduler, network and WebRTC message delivery);
 * - `driverMs`: commands the driver sent to the page over the DevTools
 *   protocol (Playwright's queries, `evaluate`, a click's actionability
 *   checks) with everything that ran inside them, layout included. It is kept
 *   out of the three figures above and of `totalMs`: a person's page does not
 *   pay for it. The input events of a click arrive through the browser's
 *   input pipeline, not as such a command, so handling them is counted.
 * Each event's time is its own (its thread duration less that of the events
 * nested in it) and goes to the first of it or its ancestors that has a class
 * (a layout forced inside a handler is style and layout; a handler's
 * remainder is scripting). `byEvent` says what the style/layout and
 * paint/other figures hold, by the name of the event that spent the time
 * (`Paint`, `UpdateLayoutTree`, a task's own time in
 * `ThreadControllerImpl::RunTask`, …). `longestTaskMs` and `longTasks` are
 * what a player feels as a freeze: the page's own CPU time in its longest
 * task, and how many tasks took more than 50 ms of it (the Long Tasks API's
 * threshold, https://w3c.github.io/longtasks/), the driver's commands left
 * out of each.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';

/** One trace event, as much of it as the split needs. */
export interface TraceEvent {
  readonly name: string;
  /** 'X' a complete event (with dur), 'I'/'n' an instant, 'M' metadata … */
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  /** Start, microseconds. */
  readonly ts: number;
  /** Wall duration, microseconds (complete events). */
  readonly dur?: number;
  /** Thread (CPU) duration, microseconds (complete events). */
  readonly tdur?: number;
  /** A `console.timeStamp` label. */
  readonly message?: string;
  /** A `thread_name` metadata event's name for its thread (`CrRendererMain`, `DedicatedWorker thread`, …). */
  readonly threadName?: string;
}

export interface CpuSplit {
  /** The page's own main-thread CPU: scripting + style/layout + paint/other. */
  readonly totalMs: number;
  readonly scriptingMs: number;
  readonly styleLayoutMs: number;
  readonly paintOtherMs: number;
  /** DevTools-protocol commands of the driver and what ran inside them (not in totalMs). */
  readonly driverMs: number;
  /** The style/layout and paint/other time by the trace event that spent it (its own time, ms): what those two hold. */
  readonly byEvent: Readonly<Record<string, number>>;
  /**
   * How often the page (not the driver) ran the steps COUNTED names: style recalculations (`UpdateLayoutTree`),
   * layouts, and pre-paints (`PrePaint`: about one per frame that changed the page, but a hit test forced in an
   * input handler or several updates in one frame add more, so it is not a frame count).
   */
  readonly counts: Readonly<Record<string, number>>;
  /** The page's own CPU time (ms) in its longest task: no input is handled and nothing is drawn meanwhile. */
  readonly longestTaskMs: number;
  /** How many of the page's tasks took more than LONG_TASK_MS of its own CPU time. */
  readonly longTasks: number;
}

/** A task longer than this (ms) is a long task, as the Long Tasks API counts them. */
export const LONG_TASK_MS = 50;

/** The events `counts` counts (see CpuSplit). */
export const COUNTED = ['UpdateLayoutTree', 'Layout', 'PrePaint'] as const;

type Kind = 'scripting' | 'styleLayout' | 'paintOther' | 'driver';

const DRIVER = 'DevToolsSession::DispatchProtocolCommand';

const SCRIPTING = new Set([
  'FunctionCall',
  'EvaluateScript',
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'FireIdleCallback',
  'RunMicrotasks',
  'BlinkScheduler_PerformMicrotaskCheckpoint',
  'MajorGC',
  'MinorGC',
  'XHRLoad',
  'XHRReadyStateChange',
]);
const SCRIPTING_PREFIX = /^(v8\.|V8\.|BlinkGC|CppGC)/;

const STYLE_LAYOUT = new Set([
  'UpdateLayoutTree',
  'RecalculateStyles',
  'Layout',
  'UpdateLayerTree',
  'PrePaint',
  'HitTest',
  'ParseAuthorStyleSheet',
]);

function kindOf(name: string): Kind | null {
  if (name === DRIVER) return 'driver';
  if (SCRIPTING.has(name) || SCRIPTING_PREFIX.test(name)) return 'scripting';
  if (STYLE_LAYOUT.has(name)) return 'styleLayout';
  return null;
}

/** The categories the split needs: tasks, the driver's commands, the timeline's scripting / style / layout / paint events. */
export const TRACE_CATEGORIES = ['toplevel', 'devtools', 'devtools.timeline'] as const;

/** The renderer main thread of the page stamped `label` by `markPage`. */
export function threadOf(events: readonly TraceEvent[], label: string): { pid: number; tid: number } {
  const mark = events.find((e) => e.name === 'TimeStamp' && e.message === label);
  if (!mark) throw new Error(`no page stamped "${label}" in the trace (was markPage called while tracing?)`);
  return { pid: mark.pid, tid: mark.tid };
}

/**
 * Splits the CPU time of one thread's complete events by kind (see the file
 * comment). Events are nested by their wall intervals; each contributes its
 * thread time less its children's, so the kinds add up to the thread time of
 * the outermost events.
 */
export function splitMainThread(events: readonly TraceEvent[], pid: number, tid: number): CpuSplit {
  const mine = events
    .filter((e) => e.ph === 'X' && e.pid === pid && e.tid === tid && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const sums: Record<Kind, number> = { scripting: 0, styleLayout: 0, paintOther: 0, driver: 0 };
  interface Open {
    readonly end: number;
    readonly kind: Kind | null;
    readonly tdur: number;
    readonly name: string;
    /** The outermost event this one is nested in (the task), none for a task itself. */
    readonly task: Open | undefined;
    children: number;
    /** A task's: the own time of everything in it but the driver's. */
    page: number;
  }
  const stack: Open[] = [];
  let longestUs = 0;
  let longTasks = 0;
  const byEvent: Record<string, number> = {};
  const counts: Record<string, number> = Object.fromEntries(COUNTED.map((name) => [name, 0]));
  const close = (node: Open) => {
    const own = node.tdur - node.children;
    if (node.kind !== 'driver' && node.name in counts) counts[node.name]!++;
    sums[node.kind ?? 'paintOther'] += own;
    if (node.kind === null || node.kind === 'styleLayout') byEvent[node.name] = (byEvent[node.name] ?? 0) + own;
    if (node.kind !== 'driver') (node.task ?? node).page += own;
    if (node.task) return;
    longestUs = Math.max(longestUs, node.page);
    if (node.page > LONG_TASK_MS * 1000) longTasks++;
  };
  for (const e of mine) {
    const end = e.ts + e.dur!;
    while (stack.length > 0 && end > stack.at(-1)!.end) close(stack.pop()!);
    const parent = stack.at(-1);
    const tdur = e.tdur ?? 0;
    if (parent) parent.children += tdur;
    const own = kindOf(e.name);
    const kind = parent?.kind === 'driver' ? 'driver' : (own ?? parent?.kind ?? null);
    stack.push({ end, kind, tdur, name: e.name, task: stack[0], children: 0, page: 0 });
  }
  while (stack.length > 0) close(stack.pop()!);
  const ms = (us: number) => Math.round(us / 100) / 10;
  return {
    totalMs: ms(sums.scripting + sums.styleLayout + sums.paintOther),
    scriptingMs: ms(sums.scripting),
    styleLayoutMs: ms(sums.styleLayout),
    paintOtherMs: ms(sums.paintOther),
    driverMs: ms(sums.driver),
    byEvent: Object.fromEntries(Object.entries(byEvent).map(([name, us]) => [name, ms(us)])),
    counts,
    longestTaskMs: ms(longestUs),
    longTasks,
  };
}

/**
 * CPU time (ms) of the page's dedicated workers: every thread of the page's renderer process `pid` that the trace
 * names a dedicated worker, each task's thread time counted once (events nested in a task are inside it).
 */
export function workerCpuMs(events: readonly TraceEvent[], pid: number): number {
  const workers = new Set(
    events.filter((e) => e.ph === 'M' && e.pid === pid && e.threadName === 'DedicatedWorker thread').map((e) => e.tid),
  );
  let us = 0;
  for (const tid of workers) {
    const tasks = events
      .filter((e) => e.ph === 'X' && e.pid === pid && e.tid === tid && e.dur !== undefined)
      .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    let end = -Infinity;
    for (const e of tasks) {
      if (e.ts < end) continue;
      end = e.ts + e.dur!;
      us += e.tdur ?? 0;
    }
  }
  return Math.round(us / 100) / 10;
}

/** Stamps the page's renderer main thread with `label` in the running trace (threadOf finds it). */
export async function markPage(page: Page, label: string): Promise<void> {
  await page.evaluate((text) => console.timeStamp(text), label);
}

export interface RunningTrace {
  /** Ends the trace and returns its events (kept: complete events, the pages' stamps and the threads' names). */
  stop(): Promise<TraceEvent[]>;
}

/** A trace event as Chromium reports it (the fields read here). */
type RawEvent = Omit<TraceEvent, 'message' | 'threadName'> & {
  readonly args?: { readonly data?: { readonly message?: string }; readonly name?: string };
};

/** Starts a browser-wide trace of TRACE_CATEGORIES. */
export async function startTrace(browser: Browser): Promise<RunningTrace> {
  const session: CDPSession = await browser.newBrowserCDPSession();
  const kept: TraceEvent[] = [];
  session.on('Tracing.dataCollected', ({ value }) => {
    for (const raw of value as unknown as RawEvent[]) {
      if (raw.ph === 'X')
        kept.push({ name: raw.name, ph: raw.ph, pid: raw.pid, tid: raw.tid, ts: raw.ts, dur: raw.dur, tdur: raw.tdur });
      else if (raw.name === 'TimeStamp')
        kept.push({
          name: raw.name,
          ph: raw.ph,
          pid: raw.pid,
          tid: raw.tid,
          ts: raw.ts,
          message: raw.args?.data?.message,
        });
      else if (raw.ph === 'M' && raw.name === 'thread_name')
        kept.push({ name: raw.name, ph: raw.ph, pid: raw.pid, tid: raw.tid, ts: raw.ts, threadName: raw.args?.name });
    }
  });
  await session.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { recordMode: 'recordAsMuchAsPossible', includedCategories: [...TRACE_CATEGORIES] },
  });
  return {
    async stop() {
      const complete = new Promise<{ dataLossOccurred: boolean }>((resolve) =>
        session.once('Tracing.tracingComplete', resolve),
      );
      await session.send('Tracing.end');
      const { dataLossOccurred } = await complete;
      await session.detach();
      if (dataLossOccurred) throw new Error('the trace lost events (its buffer filled): trace a shorter run');
      return kept;
    },
  };
}

/** Adds two splits field by field (consecutive segments of one page). */
export function addSplits(a: CpuSplit, b: CpuSplit): CpuSplit {
  const r = (x: number) => Math.round(x * 10) / 10;
  return {
    totalMs: r(a.totalMs + b.totalMs),
    scriptingMs: r(a.scriptingMs + b.scriptingMs),
    styleLayoutMs: r(a.styleLayoutMs + b.styleLayoutMs),
    paintOtherMs: r(a.paintOtherMs + b.paintOtherMs),
    driverMs: r(a.driverMs + b.driverMs),
    byEvent: Object.fromEntries(
      [...new Set([...Object.keys(a.byEvent), ...Object.keys(b.byEvent)])].map((name) => [
        name,
        r((a.byEvent[name] ?? 0) + (b.byEvent[name] ?? 0)),
      ]),
    ),
    counts: Object.fromEntries(COUNTED.map((name) => [name, (a.counts[name] ?? 0) + (b.counts[name] ?? 0)])),
    longestTaskMs: Math.max(a.longestTaskMs, b.longestTaskMs),
    longTasks: a.longTasks + b.longTasks,
  };
}

export interface SegmentedTrace {
  /** Ends the last segment (after handing it to onSegment); the wall time traced and the whole run's. */
  stop(): Promise<{ segments: number; tracedMs: number; wallMs: number }>;
}

/**
 * Traces in consecutive segments of about `segmentMs`, handing each
 * segment's events to `onSegment` before the next starts. Between two
 * segments (the end of one, the start of the next) nothing is recorded:
 * `tracedMs` against `wallMs` says how much of the run was seen.
 */
export async function startSegmentedTrace(
  browser: Browser,
  segmentMs: number,
  onSegment: (events: TraceEvent[]) => void,
): Promise<SegmentedTrace> {
  const started = performance.now();
  let stopping = false;
  let wake = () => {};
  let tracedMs = 0;
  let segments = 0;
  let trace = await startTrace(browser);
  let segmentStart = performance.now();
  const loop = (async () => {
    for (;;) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, segmentMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      tracedMs += performance.now() - segmentStart;
      onSegment(await trace.stop());
      segments++;
      if (stopping) return;
      trace = await startTrace(browser);
      segmentStart = performance.now();
    }
  })();
  return {
    async stop() {
      stopping = true;
      wake();
      await loop;
      return { segments, tracedMs: Math.round(tracedMs), wallMs: Math.round(performance.now() - started) };
    },
  };
}
