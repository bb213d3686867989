/**
 * The few icons the app draws, as inline SVG so they render on any machine
 * (an emoji needs an emoji font, which many machines lack, and then shows
 * as an empty box). Each icon is decoration beside words that carry its
 * meaning, so it is hidden from screen readers; where an icon stands alone
 * the control around it carries the name (aria-label). They take the text's
 * colour and size.
 */
import { svg, type SVGTemplateResult } from 'lit';

const icon = (body: SVGTemplateResult, viewBox = '0 0 16 16') =>
  svg`<svg class="icon" viewBox=${viewBox} width="1em" height="1em" aria-hidden="true" focusable="false" style="vertical-align:-0.125em" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;

/** A robot's head: a seat played by a bot. */
export const botIcon = () =>
  icon(
    svg`<rect x="2.5" y="5" width="11" height="8.5" rx="2"/><path d="M8 5V2.5"/><circle cx="8" cy="2" r="0.8" fill="currentColor"/><circle cx="5.7" cy="9" r="1" fill="currentColor" stroke="none"/><circle cx="10.3" cy="9" r="1" fill="currentColor" stroke="none"/><path d="M1 8.5v2M15 8.5v2"/>`,
  );

/** An eye: watching. */
export const eyeIcon = () =>
  icon(svg`<path d="M1 8s2.5-4.5 7-4.5S15 8 15 8s-2.5 4.5-7 4.5S1 8 1 8z"/><circle cx="8" cy="8" r="2"/>`);

/** A gear: settings. */
export const gearIcon = () =>
  icon(
    svg`<circle cx="8" cy="8" r="2.2"/><path d="M8 1.2v2M8 12.8v2M1.2 8h2M12.8 8h2M3.2 3.2l1.4 1.4M11.4 11.4l1.4 1.4M3.2 12.8l1.4-1.4M11.4 4.6l1.4-1.4"/><circle cx="8" cy="8" r="4.6"/>`,
  );

/** A bar and a double arrow left: to the first step. */
export const firstIcon = () => icon(svg`<path d="M3 3v10M13 3L8 8l5 5M9 3L4 8l5 5"/>`);

/** A double arrow right and a bar: to the last step. */
export const lastIcon = () => icon(svg`<path d="M13 3v10M3 3l5 5-5 5M7 3l5 5-5 5"/>`);

/** A playing card with a spade: the brand. */
export const cardIcon = () =>
  icon(
    svg`<rect x="3" y="1.5" width="10" height="13" rx="1.5"/><path d="M8 4.5c-1.5 1.8-3 2.8-3 4.2a1.5 1.5 0 0 0 3 .3 1.5 1.5 0 0 0 3-.3c0-1.4-1.5-2.4-3-4.2zM8 9v2.5" fill="currentColor"/>`,
  );

/** A star: the joker's face. */
export const starIcon = () =>
  icon(svg`<path d="M8 1.5l1.9 4.2 4.6.4-3.5 3 1.1 4.5L8 11.2l-4.1 2.4L5 9.1l-3.5-3 4.6-.4z" fill="currentColor"/>`);

/** A cup: the winner of a match. */
export const trophyIcon = () =>
  icon(
    svg`<path d="M4.5 2h7v4a3.5 3.5 0 0 1-7 0V2z"/><path d="M4.5 3.5H2.5a2 2 0 0 0 2 3M11.5 3.5h2a2 2 0 0 1-2 3"/><path d="M8 9.5V12M5.5 14h5M6.5 12h3"/>`,
  );
