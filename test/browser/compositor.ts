/**
 * What the compositor animates alone, for the browser tests that check a
 * table sets nothing moving that would have the page restyle and repaint
 * every frame: `animationsIn` lists every animation in a shadow tree and the
 * shadow trees inside it (pseudo-elements included), `described` names one
 * for a failure message, and `offCompositor` lists the properties an
 * animation moves that the compositor cannot run by itself.
 */

/** Properties the compositor animates without the page (getKeyframes also lists these timing fields). */
const COMPOSITED = new Set(['transform', 'opacity', 'offset', 'computedOffset', 'easing', 'composite']);

/** Every animation in `root`'s tree and in the shadow trees inside it. */
export function animationsIn(root: ShadowRoot): Animation[] {
  const nested = [...root.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? animationsIn(el.shadowRoot) : []));
  return [...root.getAnimations(), ...nested];
}

/** "glow on div.mine.turn::before": the animation's name and what it moves. */
export function described(a: Animation): string {
  const effect = a.effect as KeyframeEffect;
  const target = effect.target;
  const name =
    a instanceof CSSAnimation ? a.animationName : a instanceof CSSTransition ? a.transitionProperty : 'script';
  return `${name} on ${target?.nodeName.toLowerCase()}.${target?.className}${effect.pseudoElement ?? ''}`;
}

/** The properties `a` animates that the compositor cannot run alone (none for a transform or an opacity). */
export function offCompositor(a: Animation): string[] {
  const animated = new Set((a.effect as KeyframeEffect).getKeyframes().flatMap((k) => Object.keys(k)));
  return [...animated].filter((p) => !COMPOSITED.has(p));
}
