/**
 * A mistyped or damaged table link says what is wrong with it: which part of
 * the table id (cut short, a capital letter, a 0 retyped for an o, a
 * character that is no hex digit, an extra dash), a broken %-escape, text
 * after the id, or a signaling server that is not ws://host:port/path — each
 * with the same advice to copy the link again whole. A good link still opens.
 */
import { describe, expect, it } from 'vitest';
import { parseRoute } from '../../src/app/router.js';
import { BAD_LINK_ADVICE, tableIdProblem } from '../../src/app/link-problem.js';

const GOOD = 'abcdefgh-0011223344556677';

describe('a damaged table link names what is wrong with it', () => {
  it.each([
    ['nothing after #/t/', '#/t/', /names no table/],
    ['no dash', '#/t/abcdefgh0011223344556677', /has no “-”/],
    ['two dashes', `#/t/abcd-efgh-0011223344556677`, /has 2 dashes; a table id has one/],
    ['first part too short', '#/t/abcdefg-0011223344556677', /first part “abcdefg” has 7 characters; it has 8/],
    ['a capital letter', '#/t/abcDefgh-0011223344556677', /capital letter “D” \(table ids are lower case\)/],
    [
      'a 0 in the first part',
      '#/t/abcdef0h-0011223344556677',
      /first part “abcdef0h” has “0”; it uses only the letters a–z and the digits 2–9/,
    ],
    ['cut short', '#/t/abcdefgh-00112233445566', /has 14 hex digits, not 16: the link was cut short/],
    ['something added', '#/t/abcdefgh-0011223344556677aa', /has 18 hex digits, not 16: something was added/],
    ['not hex', '#/t/abcdefgh-001122334455667g', /second part “001122334455667g” has “g”; it has only hex digits/],
    ['a space (%20)', '#/t/abcdefgh-0011223344%20556677', /has a space/],
    ['a broken %-escape', '#/t/abcdefgh-%E0%A4%A', /broken %-escape/],
    ['text after the id', `#/t/${GOOD}/extra`, /has “\/extra” after the table id/],
    [
      'a signaling server that is no ws:// URL',
      `#/t/${GOOD}?signal=http://x.example:1/p`,
      /is not ws:\/\/host:port\/path/,
    ],
    ['a signaling port out of range', `#/t/${GOOD}?signal=ws://x.example:0/p`, /1–65535/],
  ])('%s', (_what, hash, problem) => {
    const route = parseRoute(hash);
    expect(route.page).toBe('not-found');
    if (route.page !== 'not-found') return;
    expect(route.error).toMatch(/^This link is damaged: /);
    expect(route.error).toMatch(problem);
    expect(route.advice).toBe(BAD_LINK_ADVICE);
  });

  it('a good link opens its table, and tableIdProblem finds nothing wrong with its id', () => {
    expect(parseRoute(`#/t/${GOOD}?signal=here`)).toMatchObject({ page: 'table', table: GOOD });
    expect(tableIdProblem(GOOD)).toBeNull();
  });

  it('a page that does not exist is no damaged table link: no advice about copying it', () => {
    const route = parseRoute('#/nowhere');
    expect(route).toMatchObject({ page: 'not-found' });
    expect(route.page === 'not-found' && route.advice).toBeFalsy();
  });
});
