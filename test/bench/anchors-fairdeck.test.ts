/**
 * The bench's anchor on Fairdeck's arithmetic (bench/anchors-fairdeck.ts) is
 * kripod's mental-poker protocol for real: a set-up ends with a deck that
 * opens, card by card with every player's keys, to exactly the codewords
 * (a permutation of them), while another key opens nothing; public keys are
 * their private keys times G; and the driver's errors fire.
 */
import { describe, expect, it } from 'vitest';
import { fairdeckKripod, runKripod } from '../../bench/anchors-fairdeck.js';
import { decodePoint, encodePoint, mulBase, randomScalar } from '../../crypto/group.js';
import { seededRandom } from '../../crypto/random.js';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

describe('kripod mental-poker on Fairdeck arithmetic', () => {
  const rng = seededRandom('anchors-fairdeck test');
  const api = fairdeckKripod(rng);
  const players = 3;
  const cards = 52;
  const run = runKripod(api, players, cards, rng);
  const codewords = new Set(run.codewords.map(hex));

  it('makes 52 distinct codewords, each the sum of every player’s fragment of that card', () => {
    expect(codewords.size).toBe(cards);
    const sum = run.players.map((p) => decodePoint(p.cardCodewordFragments[7]!, 'fragment')).reduce((a, b) => a.add(b));
    expect(hex(encodePoint(sum))).toBe(hex(run.codewords[7]!));
  });

  it('publishes k·G for every private key k', () => {
    for (const p of run.players) {
      expect(p.keyPairs).toHaveLength(cards + 1);
      for (const k of [p.keyPairs[0]!, p.keyPairs[cards]!])
        expect(hex(k.publicKey)).toBe(hex(encodePoint(mulBase(k.privateKey))));
    }
  });

  it('opens the shuffled deck with every shuffle key to a permutation of the codewords', () => {
    const opened = run.shuffled.map((c) =>
      hex(
        api.decryptCard(
          c,
          run.players.map((p) => p.keyPairs[cards]!.privateKey),
        ),
      ),
    );
    expect(new Set(opened)).toEqual(codewords);
    // Shuffled for real: not the codewords' order, and every card is masked.
    expect(opened).not.toEqual(run.codewords.map(hex));
    expect(run.shuffled.some((c) => codewords.has(hex(c)))).toBe(false);
  });

  it('opens locked card i with every player’s key i, in any order, and the deck to all the codewords', () => {
    const opened = run.locked.map((c, i) =>
      hex(
        api.decryptCard(
          c,
          run.players.map((p) => p.keyPairs[i]!.privateKey),
        ),
      ),
    );
    expect(new Set(opened)).toEqual(codewords);
    const reversed = api.decryptCard(run.locked[5]!, run.players.map((p) => p.keyPairs[5]!.privateKey).reverse());
    expect(hex(reversed)).toBe(opened[5]);
  });

  it('does not open a locked card with a different key', () => {
    const keys = run.players.map((p) => p.keyPairs[3]!.privateKey);
    for (const wrong of [
      [run.players[0]!.keyPairs[4]!.privateKey, keys[1]!, keys[2]!], // another card's key
      [keys[0]!, keys[1]!, randomScalar(rng)], // a fresh key
      [keys[0]!, keys[1]!], // a key missing
      keys.map((k) => k + 1n), // every key off by one
    ])
      expect(codewords.has(hex(api.decryptCard(run.locked[3]!, wrong)))).toBe(false);
  });

  it('decryptDeck undoes encryptDeck under the same keys and only those', () => {
    const keys = run.players[1]!.keyPairs.slice(0, cards).map((k) => k.privateKey);
    const masked = api.encryptDeck(run.codewords, keys);
    expect(api.decryptDeck(masked, keys).map(hex)).toEqual(run.codewords.map(hex));
    const other = run.players[2]!.keyPairs.slice(0, cards).map((k) => k.privateKey);
    expect(api.decryptDeck(masked, other).some((c) => codewords.has(hex(c)))).toBe(false);
  });

  it('refuses a deck built from one player, or from fragments of unequal length', () => {
    const f = run.players.map((p) => p.cardCodewordFragments);
    expect(() => api.createDeck([f[0]!])).toThrow(/at least 2 players/);
    expect(() => api.createDeck([f[0]!, f[1]!.slice(1)])).toThrow(/same/);
    expect(api.isDeckDuplicateFree([run.codewords[0]!, run.codewords[0]!])).toBe(false);
  });

  it('fails the set-up when a locked card does not open to a codeword', () => {
    const broken = {
      ...api,
      encryptDeck: (deck: Uint8Array[], k: bigint | bigint[]) =>
        api.encryptDeck(deck, Array.isArray(k) ? k.map((x) => x + 1n) : k),
    };
    expect(() => runKripod(broken, 2, 4, rng)).toThrow(/does not open to a codeword/);
  });
});
