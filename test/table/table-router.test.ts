/**
 * The table's router: each kind of envelope reaches its one place, and what
 * comes before the table is open waits, in order and up to a limit.
 */
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/net/envelope.js';
import { BEFORE_OPEN_LIMIT, EnvelopeRouter } from '../../src/table/table-router.js';

function router() {
  const got: string[] = [];
  const note = (place: string) => (envelope: Envelope, via?: string) =>
    got.push(`${place} ${(envelope as unknown as { n: number }).n} ${via ?? '-'}`);
  const r = new EnvelopeRouter({
    tableEvent: note('event'),
    echo: note('echo'),
    chat: note('chat'),
    fetch: note('fetch'),
    lobby: note('lobby'),
  });
  return { r, got };
}
const of = (kind: string, n: number) => ({ kind, n }) as unknown as Envelope;

describe('EnvelopeRouter', () => {
  it.each([
    ['table-event', 'event 1 p'],
    ['echo', 'echo 1 -'],
    ['chat', 'chat 1 -'],
    ['fetch', 'fetch 1 p'],
    ['hello', 'lobby 1 p'],
    ['roster', 'lobby 1 p'],
  ])('an open table routes a %s to its place', (kind, place) => {
    const { r, got } = router();
    r.open();
    r.receive(of(kind, 1), 'p');
    expect(got).toEqual([place]);
  });

  it('before open nothing is routed; on open what waited goes in order, then each at once', () => {
    const { r, got } = router();
    r.receive(of('fetch', 1), 'a');
    r.receive(of('table-event', 2), 'b');
    r.receive(of('hello', 3), 'c');
    expect(got).toEqual([]);
    r.open();
    expect(got).toEqual(['fetch 1 a', 'event 2 b', 'lobby 3 c']);
    r.receive(of('chat', 4), 'd');
    expect(got.at(-1)).toBe('chat 4 -');
  });

  it(`keeps at most ${BEFORE_OPEN_LIMIT} before open: the rest are dropped`, () => {
    const { r, got } = router();
    for (let n = 0; n < BEFORE_OPEN_LIMIT + 5; n++) r.receive(of('hello', n), 'p');
    r.open();
    expect(got).toHaveLength(BEFORE_OPEN_LIMIT);
    expect(got.at(-1)).toBe(`lobby ${BEFORE_OPEN_LIMIT - 1} p`);
  });
});
