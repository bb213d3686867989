/**
 * When a table's shortcut keys may act: never while the person is typing.
 * The game elements listen on `window`, where a key pressed in the header's
 * Name box arrives retargeted to `<fd-app>` (shadow DOM), so `event.target`
 * alone cannot tell; the first element of `composedPath()` is the real
 * origin. Text fields (input, textarea, select, contenteditable) and key
 * chords with Ctrl/Meta/Alt are left alone.
 */

/** True when `event` comes from a text field (through shadow roots) or carries a modifier: shortcuts must not act on it. */
export function isTypingKey(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return true;
  const origin = event.composedPath()[0] ?? event.target;
  if (!(origin instanceof Element)) return false;
  if (origin instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(origin.type);
  if (origin instanceof HTMLTextAreaElement || origin instanceof HTMLSelectElement) return true;
  return origin instanceof HTMLElement && origin.isContentEditable;
}

/** Inputs that take no typing: keys pressed on them may still be shortcuts. */
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image']);
