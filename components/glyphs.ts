/**
 * Whether this machine can draw a character: many machines have no emoji
 * font, and then an emoji shows as an empty box. The character is drawn on a
 * small canvas beside a code point no font has (plane 16's last private-use
 * one, which draws as the font's "missing glyph" box); if the two drawings
 * are the same pixels, the character is missing too. Answers are kept per
 * character, since fonts do not change while a page is open.
 */
const MISSING = '\u{10FFFD}';
const SIZE = 24;
const known = new Map<string, boolean>();

function pixels(context: CanvasRenderingContext2D, text: string): Uint8ClampedArray {
  context.clearRect(0, 0, SIZE * 2, SIZE * 2);
  context.fillText(text, 0, SIZE);
  return context.getImageData(0, 0, SIZE * 2, SIZE * 2).data;
}

/** True when every character of `text` (by code point) draws as something other than the missing-glyph box. */
export function canDraw(text: string): boolean {
  const chars = [...text].filter((c) => c.trim() !== '' && c !== '\uFE0F');
  if (chars.every((c) => known.has(c))) return chars.every((c) => known.get(c));
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = SIZE * 2;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  // No canvas (a locked-down browser): assume the font is there, as the page did before it asked.
  if (!context) return true;
  context.font = `${SIZE}px sans-serif`;
  context.textBaseline = 'alphabetic';
  const box = pixels(context, MISSING);
  for (const c of chars) {
    if (known.has(c)) continue;
    const drawn = pixels(context, c);
    known.set(
      c,
      drawn.some((v, i) => v !== box[i]),
    );
  }
  return chars.every((c) => known.get(c));
}
