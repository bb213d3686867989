/**
 * Runs a job at most once per frame however often it is asked for: the
 * shell (fd-app.ts) rebuilds its view from the store this way, so the many
 * changes one incoming move announces (the move, each crypto step after it,
 * log lines), each in a task of its own, render the page once, in the frame
 * that paints them. Asked for in a visible page, the job runs in the next
 * animation frame, before that frame's style, layout and paint: nothing is
 * shown later than it would be. A hidden page draws no frames; there it runs
 * in a task soon after (the turn sound must still play in a background tab),
 * and a page hidden with the job pending runs it at once. `soon` runs it
 * after the current task's code instead (what the player just did shows as
 * their own event handler returns).
 */
export class OnceAFrame {
  private frame: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private micro = false;

  /**
   * The page being hidden runs a job waiting for a frame at once. Listened for
   * for the shell's whole life: adding and removing a document listener
   * around every frame's job cost about a millisecond per move on each page.
   */
  constructor(private readonly job: () => void) {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden' && this.frame !== null) this.run();
    });
  }

  /** Asks for the job; several asks before it runs make one run. */
  request(): void {
    if (this.frame !== null || this.timer !== null || this.micro) return;
    if (document.visibilityState === 'hidden') {
      this.timer = setTimeout(() => this.run(), 0);
      return;
    }
    this.frame = requestAnimationFrame(() => this.run());
  }

  /** Asks for the job right after the code running now (a microtask), not in the next frame. */
  soon(): void {
    if (this.frame === null && this.timer === null && this.micro) return;
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    if (this.timer !== null) clearTimeout(this.timer);
    this.frame = null;
    this.timer = null;
    if (this.micro) return;
    this.micro = true;
    queueMicrotask(() => {
      if (this.micro) this.run();
    });
  }

  private run(): void {
    this.micro = false;
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    if (this.timer !== null) clearTimeout(this.timer);
    this.frame = null;
    this.timer = null;
    this.job();
  }
}
