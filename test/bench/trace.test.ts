/**
 * The browser bench's trace split (bench/trace.ts) on a small trace shaped
 * like Chromium's: nested complete events on one renderer main thread, a
 * driver command with script and layout inside it, another thread's events
 * and the page's stamp; a page's worker threads, found by their names; and the bench's matching of a stress-speed click to
 * the card shown on the other page (bench/browser.ts).
 */
import { describe, expect, it } from 'vitest';
import { latencies } from '../../bench/click-probe.js';
import { splitMainThread, threadOf, workerCpuMs, type TraceEvent } from '../../bench/trace.js';

const PAGE = { pid: 7, tid: 7 };
const x = (name: string, ts: number, dur: number, tdur: number | undefined, at = PAGE): TraceEvent => ({
  name,
  ph: 'X',
  ...at,
  ts,
  dur,
  tdur,
});

const trace: TraceEvent[] = [
  // A task: a handler that forces a layout, then a paint; 4.2 ms of the task's own.
  x('FunctionCall', 1000, 5000, 4000),
  x('ThreadControllerImpl::RunTask', 0, 10_000, 9000),
  x('Layout', 2000, 1000, 1000),
  x('Paint', 7000, 1000, 800),
  // Starts as the task ends: a sibling, not its child.
  x('FunctionCall', 10_000, 500, 500),
  // The driver's query: everything inside it is the driver's, layout included.
  x('ThreadControllerImpl::RunTask', 20_000, 5000, 5000),
  x('DevToolsSession::DispatchProtocolCommand', 20_100, 4000, 4000),
  x('FunctionCall', 20_200, 2500, 2000),
  x('UpdateLayoutTree', 20_300, 1000, 1000),
  // An event without a thread time leaves its time with its parent.
  x('EventDispatch', 26_000, 100, undefined),
  // Another thread and an instant event count for nothing.
  x('FunctionCall', 0, 50_000, 50_000, { pid: 7, tid: 8 }),
  { name: 'TimeStamp', ph: 'I', ...PAGE, ts: 30_000, message: 'seat 0' },
  { name: 'TimeStamp', ph: 'I', pid: 9, tid: 9, ts: 30_000, message: 'seat 1' },
];

describe('the trace split', () => {
  it('gives each event its own thread time, by the kind of it or of its nearest classified ancestor', () => {
    expect(splitMainThread(trace, PAGE.pid, PAGE.tid)).toEqual({
      totalMs: 10.5,
      scriptingMs: 3.5,
      styleLayoutMs: 1,
      paintOtherMs: 6,
      driverMs: 4,
      // What the style/layout and paint/other figures hold, by the event that spent the time.
      byEvent: { 'ThreadControllerImpl::RunTask': 5.2, Layout: 1, Paint: 0.8 },
      // The page's own style recalculations, layouts and frames; the driver's UpdateLayoutTree is not counted.
      counts: { UpdateLayoutTree: 0, Layout: 1, PrePaint: 0 },
      // The longest task is the first, 9 ms of the page's own; the driver's 4 ms leave the second task 1 ms.
      longestTaskMs: 9,
      longTasks: 0,
    });
  });

  it('counts a task over 50 ms of the page’s own CPU as long, the driver’s part of a task not counted', () => {
    const tasks: TraceEvent[] = [
      // 60 ms of the page's own: long.
      x('ThreadControllerImpl::RunTask', 0, 70_000, 60_000),
      x('FunctionCall', 1000, 50_000, 50_000),
      // 80 ms of CPU, of which the driver's command took 40: 40 ms of the page's own, not long.
      x('ThreadControllerImpl::RunTask', 100_000, 90_000, 80_000),
      x('DevToolsSession::DispatchProtocolCommand', 101_000, 45_000, 40_000),
      x('FunctionCall', 150_000, 30_000, 30_000),
      // Exactly 50 ms: not over the threshold.
      x('ThreadControllerImpl::RunTask', 200_000, 60_000, 50_000),
      // A long wall time waiting for a core is not the page's CPU: 10 ms.
      x('ThreadControllerImpl::RunTask', 300_000, 200_000, 10_000),
    ];
    expect(splitMainThread(tasks, PAGE.pid, PAGE.tid)).toMatchObject({ longestTaskMs: 60, longTasks: 1 });
  });

  it('finds a page by its stamp and names a missing one', () => {
    expect(threadOf(trace, 'seat 1')).toEqual({ pid: 9, tid: 9 });
    expect(() => threadOf(trace, 'seat 2')).toThrow(/no page stamped "seat 2"/);
  });
});

describe("a page's workers", () => {
  const named = (tid: number, threadName: string, pid = 7): TraceEvent => ({
    name: 'thread_name',
    ph: 'M',
    pid,
    tid,
    ts: 0,
    threadName,
  });
  const worker = { pid: 7, tid: 11 };
  const events: TraceEvent[] = [
    named(7, 'CrRendererMain'),
    named(8, 'Compositor'),
    named(11, 'DedicatedWorker thread'),
    named(12, 'DedicatedWorker thread', 9),
    // A task of the worker, with the script it ran nested in it: counted once, by the task's thread time.
    x('ThreadControllerImpl::RunTask', 1000, 4000, 3500, worker),
    x('FunctionCall', 1100, 3000, 3000, worker),
    x('ThreadControllerImpl::RunTask', 9000, 1000, 600, worker),
    // The page's main thread, another of its threads, and another page's worker count for nothing here.
    x('ThreadControllerImpl::RunTask', 0, 9000, 9000),
    x('ThreadControllerImpl::RunTask', 0, 9000, 9000, { pid: 7, tid: 8 }),
    x('ThreadControllerImpl::RunTask', 0, 9000, 9000, { pid: 9, tid: 12 }),
  ];

  it("adds up each task's thread time on the threads named dedicated workers of the page's process", () => {
    expect(workerCpuMs(events, 7)).toBe(4.1);
    expect(workerCpuMs(events, 9)).toBe(9);
    expect(workerCpuMs(events.slice(0, 2), 7)).toBe(0);
  });
});

describe('click → shown matching', () => {
  it('matches a play to the other page showing it, and not to a later show after that page played the card itself', () => {
    const from = {
      plays: [
        { card: '7H', at: 1000 },
        { card: '9S', at: 2000 },
      ],
      shown: [],
    };
    const to = {
      // 9S bounced: never shown before the other page plays it itself at 5000 and shows it at 5100.
      plays: [{ card: '9S', at: 5010 }],
      shown: [
        { card: '7H', dom: 1210, frame: 1230 },
        { card: '9S', dom: 5110, frame: 5120 },
      ],
    };
    expect(latencies(from, to, 10)).toEqual({ plays: 2, frame: [220], dom: [200] });
  });

  it('does not match a play that was never seen before a later play showed to a showing long after', () => {
    // 7H and 8H were played 30 ms apart and reached the other page in one frame: only 8H was ever its stack's top.
    // A minute later 7H is turned up from a pile: that is not the play's showing.
    const from = {
      plays: [
        { card: '7H', at: 1000 },
        { card: '8H', at: 1030 },
      ],
      shown: [],
    };
    const to = {
      plays: [],
      shown: [
        { card: '8H', dom: 1130, frame: 1150 },
        { card: '7H', dom: 61000, frame: 61020 },
      ],
    };
    expect(latencies(from, to, 0)).toEqual({ plays: 2, frame: [120], dom: [100] });
  });

  it('matches a page to itself: each play to its own first showing on that page, a card played again to its new showing', () => {
    const page = {
      plays: [
        { card: '7H', at: 1000 },
        { card: '9S', at: 2000 },
        { card: '7H', at: 9000 },
      ],
      shown: [
        { card: '7H', dom: 1002, frame: 1016 },
        { card: '9S', dom: 2090, frame: 2100 },
        { card: '7H', dom: 9003, frame: 9020 },
      ],
    };
    expect(latencies(page, page, 0)).toEqual({ plays: 3, frame: [16, 100, 20], dom: [2, 90, 3] });
  });
});
