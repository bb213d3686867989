/**
 * When a table's shortcut keys may act: never while the person is typing.
 * The game elements listen on `window`, where a key pressed in the header's
 * Name box arrives retargeted to `<fd-app>` (shadow DOM), so `event.target`
 * alone cannot tell; the first element of `composedPath()` is the real
 * origin. Text fields (input, textarea, select, contenteditable) and key
 * chords with Ctrl/Meta/Alt are left alone. `typingNow` tells an element
 * that would move the focus whether the person is typing somewhere.
 */

/** True when `event` comes from a text field (through shadow roots) or carries a modifier: shortcuts must not act on it. */
export function isTypingKey(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return true;
  return isTextField(event.composedPath()[0] ?? event.target);
}

/** True when the person is typing in a text field now (the focus, through shadow roots): nothing may take the focus from it. */
export function typingNow(): boolean {
  let focused = document.activeElement;
  while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
  return isTextField(focused);
}

/** A button, native or by its role (a card, fd-card.ts): Enter and Space on it are its own click, not a shortcut. */
export function isButton(element: Element): boolean {
  return element.localName === 'button' || element.getAttribute('role') === 'button';
}

/** A text input, a textarea, a select or an editable element: what takes typing. */
function isTextField(origin: EventTarget | null): boolean {
  if (!(origin instanceof Element)) return false;
  if (origin instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(origin.type);
  if (origin instanceof HTMLTextAreaElement || origin instanceof HTMLSelectElement) return true;
  return origin instanceof HTMLElement && origin.isContentEditable;
}

/** Inputs that take no typing: keys pressed on them may still be shortcuts. */
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image']);
