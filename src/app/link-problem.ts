/**
 * What is wrong with a mistyped or damaged table link, in words a person can
 * act on. A table id is `<8 characters from a–z and 2–9>-<16 hex digits>`
 * (src/table/table-id.ts); a link that is cut short, retyped with a capital
 * letter or a 0 for an o, or pasted with extra text names the exact part
 * that is wrong, so the reader knows to copy the link again whole.
 */
import { err, ok, type Result } from '../result.js';

/** What to do about any malformed table link. */
export const BAD_LINK_ADVICE =
  'Copy the link again from the page of someone at the table (its Copy button, or the QR code) and open it whole: a link cut short or retyped by hand opens no table.';

const HEAD = 8;
const TAIL = 16;
const EXAMPLE = 'abcd2345-0123456789abcdef';

function quoted(text: string): string {
  return `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;
}

/** The first character of `text` not in `allowed`, shown so a person can find it. */
function firstOutside(text: string, allowed: RegExp): string | undefined {
  return [...text].find((c) => !allowed.test(c));
}

function characterWord(c: string): string {
  if (c === ' ') return 'a space';
  if (/[A-Z]/.test(c)) return `the capital letter “${c}” (table ids are lower case)`;
  return `“${c}”`;
}

/**
 * Why `text` (the table id part of a link, already percent-decoded) is not a
 * table id, naming the part at fault; null when it is one.
 */
export function tableIdProblem(text: string): string | null {
  if (text === '') return 'the link names no table: nothing follows “#/t/”';
  const parts = text.split('-');
  if (parts.length !== 2)
    return parts.length === 1
      ? `the table id ${quoted(text)} has no “-”: a table id is 8 letters or digits, a dash and 16 hex digits (like ${EXAMPLE})`
      : `the table id ${quoted(text)} has ${parts.length - 1} dashes; a table id has one (like ${EXAMPLE})`;
  const [head, tail] = parts as [string, string];
  const badHead = firstOutside(head, /[a-z2-9]/);
  if (badHead !== undefined)
    return `the table id’s first part ${quoted(head)} has ${characterWord(badHead)}; it uses only the letters a–z and the digits 2–9`;
  if (head.length !== HEAD)
    return `the table id’s first part ${quoted(head)} has ${head.length} characters; it has ${HEAD}`;
  const badTail = firstOutside(tail, /[0-9a-f]/);
  if (badTail !== undefined)
    return `the table id’s second part ${quoted(tail)} has ${characterWord(badTail)}; it has only hex digits (0–9, a–f)`;
  if (tail.length !== TAIL)
    return tail.length < TAIL
      ? `the table id’s second part ${quoted(tail)} has ${tail.length} hex digits, not ${TAIL}: the link was cut short`
      : `the table id’s second part ${quoted(tail)} has ${tail.length} hex digits, not ${TAIL}: something was added to the link`;
  return null;
}

/** Percent-decodes a link's table part; a broken escape (like “%E0%A4%A”) is an error, not an exception. */
export function decodeLinkPart(text: string): Result<string, string> {
  try {
    return ok(decodeURIComponent(text));
  } catch {
    return err(`the table id ${quoted(text)} has a broken %-escape: the link was cut or changed`);
  }
}
