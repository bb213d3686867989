/**
 * Whether the table moves. Cards fly, enter and glow unless the device asks
 * for less motion (`prefers-reduced-motion: reduce`) or the player turned
 * "Animate cards" off in Settings; either one is enough to hold everything
 * still.
 *
 * Styles: each element writes what it looks like without motion once, as
 * `stillStyles(css…)`. That is a `@media (prefers-reduced-motion: reduce)`
 * block, and Lit gives every shadow root that uses it the same constructed
 * style sheet, so `setCardMotion(false)` widens the block's media to `all`
 * in that one sheet, and every element on the page (and every element drawn
 * later) holds still at once, with no render. Scripts (card flights, the
 * seat ring's deal ghosts) ask `lessMotion()` before they animate.
 *
 * Why it is worth a switch: a card's animation costs the page's main thread
 * about six frames even on the compositor (card-motion.ts), and the browser
 * bench (`npm run bench -- browser`) measures about 40 % of a page's main
 * thread per move in Stress (shedding) as animation. A player on a weak phone
 * can have that back.
 */
import { css, type CSSResult } from 'lit';

const REDUCE = '(prefers-reduced-motion: reduce)';

/** Every still-styles block made so far (its sheet is shared by every root that adopts it). */
const blocks: CSSResult[] = [];
/** The player's choice (Settings, "Animate cards"). */
let animate = true;

/** Widens or narrows `block`'s media: the device's setting alone, or always. */
function apply(block: CSSResult): void {
  const sheet = block.styleSheet;
  if (!sheet) return;
  for (const rule of Array.from(sheet.cssRules))
    if (rule instanceof CSSMediaRule) rule.media.mediaText = animate ? REDUCE : 'all';
}

/** `rules` hold while there is to be no motion: the device asks for less, or the player turned animations off. */
export function stillStyles(rules: CSSResult): CSSResult {
  const block = css`
    @media (prefers-reduced-motion: reduce) {
      ${rules}
    }
  `;
  blocks.push(block);
  if (!animate) apply(block);
  return block;
}

/** The player's "Animate cards" setting; in effect at once on every element. */
export function setCardMotion(on: boolean): void {
  if (on === animate) return;
  animate = on;
  for (const block of blocks) apply(block);
}

/**
 * The device's setting as a live query, asked for once: `matchMedia` makes and evaluates a new query at every call,
 * and every render of a table asks (an animated 4-seat Stress (shedding) page: about 250 calls and 43 ms in 20 s of
 * play). Asked again if the page's `matchMedia` is another function (a test stands in for a device that asks for
 * less motion).
 */
let reduce: { readonly from: Window['matchMedia']; readonly query: MediaQueryList } | null = null;

/** Whether nothing should move now: the device asks for less motion, or the player turned animations off. */
export function lessMotion(): boolean {
  if (!animate) return true;
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  if (reduce?.from !== window.matchMedia) reduce = { from: window.matchMedia, query: window.matchMedia(REDUCE) };
  return reduce.query.matches;
}
