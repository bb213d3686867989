/**
 * What an axe-core run found, read for a test: the violations that matter
 * (impact serious or critical) and a message that names each one's rule id,
 * impact and the elements it was found on, so a failing check says what to
 * fix. Plain data in and out, so both the e2e check (axe.ts, through
 * playwright-core) and a browser-mode test (axe run inside the page) use it.
 * And `animationsSettled`, run in the page before axe: a card mid-way through
 * its entrance (opacity rising) or a band mid-flash reads as faint text, so a
 * check run during one would fail or pass by chance; it finishes them first.
 */

/** The part of an axe-core violation this reads (axe's `Result`, trimmed). */
export interface AxeViolation {
  readonly id: string;
  readonly impact?: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[]; readonly failureSummary?: string }[];
}

/** The impacts a screen must have none of. */
export const BLOCKING_IMPACTS: readonly string[] = ['serious', 'critical'];

export function blockingViolations(violations: readonly AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => BLOCKING_IMPACTS.includes(v.impact ?? ''));
}

/** A target as axe gives it: a selector, or a list of selectors through shadow roots ("fd-app >>> button"). */
const targetText = (target: readonly unknown[]): string =>
  target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' | ');

/** One line per element: "<id> (<impact>): <help> — <target>". */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact ?? 'no impact'}): ${v.help} — ${targetText(n.target)}`))
    .join('\n');
}

/**
 * Brings every finite animation in the page (shadow trees included) to its
 * end state at once, and waits a frame; endless ones are left running.
 * Self-contained, so playwright-core can send it into a page as it is.
 */
export async function animationsSettled(): Promise<void> {
  const elements: Element[] = [];
  const walk = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      elements.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  for (let round = 0; round < 3; round++) {
    elements.length = 0;
    walk(document);
    const finite = elements
      .flatMap((el) => el.getAnimations())
      .filter((a) => a.playState !== 'finished' && Number.isFinite(a.effect?.getComputedTiming().endTime));
    if (finite.length === 0) return;
    for (const a of finite) a.finish();
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}
