/**
 * relay.ts on plain data: which links a message goes to, which it skips
 * because its author reaches them itself, and when a skipped one is owed
 * after all. The mesh tests (mesh.test.ts, convergence.test.ts) check the
 * same rules over real links.
 */
import { describe, expect, it } from 'vitest';
import { encodeEnvelope, keyHex, signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { PresenceBook } from '../../src/net/presence-book.js';
import { Relay, type LinkKeys } from '../../src/net/relay.js';
import { testSigner } from '../helpers/signers.js';

const FRESH_MS = 8000;
const TIMING = { linkDeadAfterMs: 6000, presenceMs: 3000 };
const self = testSigner(1);
const author = testSigner(2);
const carol = testSigner(3);
const dave = testSigner(4);
const key = (s: typeof self) => keyHex(s.publicKey);

function chat(to: Uint8Array | null = null): EnvelopeOf<'chat'> {
  return signEnvelope(author, { kind: 'chat', table: 't', seq: 1, to, body: { type: 'text', text: 'hi' } });
}

/** This peer links to the author (a), carol (c) and dave (d). */
const links: LinkKeys = new Map([
  ['a', { key: key(author) }],
  ['c', { key: key(carol) }],
  ['d', { key: key(dave) }],
]);

function relayWith(said: [typeof self, string, string[]][], nowMs = 0) {
  const presence = new PresenceBook(FRESH_MS);
  for (const [who, peerId, linked] of said) presence.note(key(who), 1, { peerId, links: linked }, nowMs);
  return new Relay(presence, TIMING);
}

describe('Relay', () => {
  const envelope = chat();
  const bytes = encodeEnvelope(envelope);

  it.each([
    ['its own message goes to every link but the author', undefined, [], ['c', 'd']],
    ['from its author, with no presence, to everyone else', 'a', [], ['c', 'd']],
    ['from a relay, to everyone but that relay and the author', 'c', [], ['d']],
    [
      'from its author, not to a peer both say they link to',
      'a',
      [
        [author, 'a', ['c']],
        [carol, 'c', ['a']],
      ],
      ['d'],
    ],
    [
      'from its author, to a peer only the author claims',
      'a',
      [
        [author, 'a', ['c']],
        [carol, 'c', []],
      ],
      ['c', 'd'],
    ],
  ] as const)('%s', (_, cameFrom, said, expected) => {
    const relay = relayWith(said as never);
    expect(relay.route(bytes, envelope, cameFrom, links, key(self), 0)).toEqual(expected);
  });

  it('a message for one linked key goes to that link alone, and one for this peer nowhere', () => {
    const relay = relayWith([]);
    const forCarol = chat(carol.publicKey);
    expect(relay.route(encodeEnvelope(forCarol), forCarol, 'a', links, key(self), 0)).toEqual(['c']);
    const forSelf = chat(self.publicKey);
    expect(relay.route(encodeEnvelope(forSelf), forSelf, 'a', links, key(self), 0)).toEqual([]);
  });

  it('a filter withholds what is passed on, never this peer’s own', () => {
    const relay = relayWith([]);
    const notToD = (_: unknown, remote: string) => remote !== 'd';
    expect(relay.route(bytes, envelope, 'a', links, key(self), 0, notToD)).toEqual(['c']);
    expect(relay.route(bytes, envelope, undefined, links, key(self), 0, notToD)).toEqual(['c', 'd']);
  });

  it('a skipped message is owed once its author’s link to that peer is no longer fresh, and forgotten after', () => {
    const relay = relayWith([
      [author, 'a', ['c']],
      [carol, 'c', ['a']],
    ]);
    expect(relay.route(bytes, envelope, 'a', links, key(self), 0)).toEqual(['d']);
    expect(relay.owed(links, 1000)).toEqual([]);
    expect(relay.owed(links, FRESH_MS)).toEqual([['c', bytes]]);
    expect(relay.owed(links, FRESH_MS)).toEqual([]);
  });

  it('a skipped message is forgotten once a dead link would have been declared and said so', () => {
    const relay = relayWith([
      [author, 'a', ['c']],
      [carol, 'c', ['a']],
    ]);
    relay.route(bytes, envelope, 'a', links, key(self), 0);
    relay.expire(TIMING.linkDeadAfterMs + 2 * TIMING.presenceMs);
    expect(relay.owed(links, FRESH_MS)).toEqual([]);
  });
});
