/**
 * kripod's `mental-poker` protocol (npm package 1.0.0, bench/anchors/) step for
 * step on ristretto255 with Fairdeck's arithmetic, so that the mentalPoker
 * bench section can tell the protocol's cost from its curve library's; and the
 * driver that runs one unverified set-up of that protocol on either (the
 * package's own API or this one), every peer's CPU time attributed to it.
 *
 * The same steps as the package's src/ (player.js, deck.js, key.js), the same
 * number of multiplications, on elements that travel encoded as the package's
 * compressed points do:
 * - createPlayer: 52 codeword fragments (random public keys, f·G) and 53 key
 *   pairs (k, k·G): 105 fixed-base multiplications (`mulBase`, constant time);
 * - createDeck: decode every player's fragments and add them per card (no
 *   multiplication); isDeckDuplicateFree on the encodings;
 * - encryptDeck with one key (a shuffle step) or 52 keys, and decryptDeck
 *   (one inverse per key, then the multiplication): one variable-base
 *   multiplication per card (`mulSecret`, constant time, as a browser would
 *   run it with secret keys), each deck decoded before and encoded after, as
 *   the package parses and serialises its points on every call.
 * So per peer: 105 fixed-base and 52 (shuffle) + 2 × 52 (lock: decrypt, then
 * encrypt) = 156 variable-base multiplications. Fairdeck's batch encoding is
 * used where it applies (`encodeDoubled`: the halves are computed, their
 * doubles published); the codewords, sums of decoded points, are encoded one
 * by one. Nothing is proved or checked, as in the package. Never imported by
 * src/ or crypto/.
 */
import {
  Fn,
  HALF,
  type Point,
  decodePoint,
  encodeDoubled,
  encodePoint,
  mulBase,
  mulSecret,
  randomScalar,
  sumPoints,
} from '../crypto/group.js';
import { type RandomSource } from '../crypto/bytes.js';
import { randomPermutation, systemRandom } from '../crypto/random.js';

type Bytes = Uint8Array;

/** The package's API, over its private-key type (its Buffers, or scalars here). */
export interface KripodApi<K> {
  createPlayer(cardCount: number): {
    cardCodewordFragments: Bytes[];
    keyPairs: { publicKey: Bytes; privateKey: K }[];
  };
  createDeck(fragmentsOfPlayers: Bytes[][]): Bytes[];
  isDeckDuplicateFree(deck: Bytes[]): boolean;
  encryptDeck(deck: Bytes[], keys: K | K[]): Bytes[];
  decryptDeck(deck: Bytes[], keys: K | K[]): Bytes[];
  decryptCard(card: Bytes, keys: K[]): Bytes;
}

const hex = (b: Bytes): string => Buffer.from(b).toString('hex');

/** 32-byte slices of a batch encoding. */
function split(all: Bytes): Bytes[] {
  return Array.from({ length: all.length / 32 }, (_, i) => all.subarray(32 * i, 32 * i + 32));
}

/** Decodes a deck, multiplies card i by keys[i] (or every card by one key) with `mulSecret`, batch-encodes. */
function mulDeck(deck: Bytes[], keys: bigint | bigint[]): Bytes[] {
  if (Array.isArray(keys) && keys.length !== deck.length) throw new RangeError('mulDeck: one key per card');
  const halves = deck.map((card, i) => {
    const k = Array.isArray(keys) ? keys[i]! : keys;
    return mulSecret(decodePoint(card, `card ${i}`), Fn.mul(k, HALF));
  });
  return split(encodeDoubled(halves));
}

/** k·G for fresh scalars, batch-encoded: the published halves are (k/2)·G. */
function publicKeys(keys: readonly bigint[]): Bytes[] {
  return split(encodeDoubled(keys.map((k) => mulBase(Fn.mul(k, HALF)))));
}

/** kripod's protocol on ristretto255 with Fairdeck's arithmetic (crypto/group.ts); private keys are scalars. */
export function fairdeckKripod(rng: RandomSource = systemRandom): KripodApi<bigint> {
  return {
    createPlayer(cardCount) {
      // randomPublicKey: a fresh private key, discarded, and its public key.
      const fragments = publicKeys(Array.from({ length: cardCount }, () => randomScalar(rng)));
      const privates = Array.from({ length: cardCount + 1 }, () => randomScalar(rng));
      const publics = publicKeys(privates);
      return {
        cardCodewordFragments: fragments,
        keyPairs: privates.map((privateKey, i) => ({ publicKey: publics[i]!, privateKey })),
      };
    },
    createDeck(fragmentsOfPlayers) {
      if (fragmentsOfPlayers.length < 2) throw new Error('Card fragments of at least 2 players are required');
      const cards = fragmentsOfPlayers[0]!.length;
      if (fragmentsOfPlayers.some((f) => f.length !== cards))
        throw new Error('The amount of card fragments contributed by each player shall be the same');
      const decoded = fragmentsOfPlayers.map((f, p) => f.map((b, i) => decodePoint(b, `fragment ${p}/${i}`)));
      return Array.from({ length: cards }, (_, i) => encodePoint(sumPoints(decoded.map((f) => f[i]!))));
    },
    isDeckDuplicateFree: (deck) => new Set(deck.map(hex)).size === deck.length,
    encryptDeck: (deck, keys) => mulDeck(deck, keys),
    decryptDeck: (deck, keys) => mulDeck(deck, Array.isArray(keys) ? keys.map((k) => Fn.inv(k)) : Fn.inv(keys)),
    decryptCard: (card, keys) =>
      encodePoint(keys.reduce<Point>((p, k) => mulSecret(p, Fn.inv(k)), decodePoint(card, 'card'))),
  };
}

/** What one set-up leaves: the codewords, the locked deck and every player (keys included, for checks). */
export interface KripodRun<K> {
  /** CPU ms of each peer's share (createPlayer, createDeck, its shuffle step, its lock step). */
  readonly perPeerCpu: number[];
  readonly codewords: Bytes[];
  /** After the cascaded shuffle, before the lock: every card under every player's shuffle key (key 52). */
  readonly shuffled: Bytes[];
  /** After the lock: card i under every player's key i. */
  readonly locked: Bytes[];
  readonly players: ReturnType<KripodApi<K>['createPlayer']>[];
}

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * One unverified set-up of `cards` cards among `players`, as the package's
 * README sets a game up, every peer's work done and timed (CPU) for it:
 * createPlayer; createDeck from every player's fragments and
 * isDeckDuplicateFree; then the cascaded shuffle (each peer in turn: permute,
 * encryptDeck with its key `cards`); then the lock (each peer in turn:
 * decryptDeck with that key, encryptDeck with its keys 0..cards-1). Throws
 * when the deck has a duplicate or a locked card does not open to a codeword
 * (that check untimed).
 */
export function runKripod<K>(
  api: KripodApi<K>,
  players: number,
  cards: number,
  rng: RandomSource = systemRandom,
): KripodRun<K> {
  const perPeerCpu = new Array<number>(players).fill(0);
  const timed = <T>(peer: number, f: () => T): T => {
    const c = cpu();
    const out = f();
    perPeerCpu[peer]! += cpu() - c;
    return out;
  };
  const selves = Array.from({ length: players }, (_, p) => timed(p, () => api.createPlayer(cards)));
  const fragments = selves.map((s) => s.cardCodewordFragments);
  let codewords: Bytes[] = [];
  for (let p = 0; p < players; p++)
    codewords = timed(p, () => {
      const deck = api.createDeck(fragments);
      if (!api.isDeckDuplicateFree(deck)) throw new Error('mental-poker: duplicate codeword');
      return deck;
    });
  let deck = codewords;
  for (let p = 0; p < players; p++)
    deck = timed(p, () => {
      const order = randomPermutation(rng, cards);
      return api.encryptDeck(
        order.map((i) => deck[i]!),
        selves[p]!.keyPairs[cards]!.privateKey,
      );
    });
  const shuffled = deck;
  for (let p = 0; p < players; p++)
    deck = timed(p, () => {
      const keys = selves[p]!.keyPairs;
      return api.encryptDeck(
        api.decryptDeck(deck, keys[cards]!.privateKey),
        keys.slice(0, cards).map((k) => k.privateKey),
      );
    });
  // Untimed sanity check: card 0 opens with every player's key 0 to a codeword.
  const opened = hex(
    api.decryptCard(
      deck[0]!,
      selves.map((s) => s.keyPairs[0]!.privateKey),
    ),
  );
  if (!codewords.some((c) => hex(c) === opened))
    throw new Error('mental-poker: a locked card does not open to a codeword');
  return { perPeerCpu, codewords, shuffled, locked: deck, players: selves };
}
