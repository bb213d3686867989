/**
 * The knowledge monitor of the simulator: for one peer, after every
 * event it receives, computes every card it *could* know — not what its code
 * chose to learn, but every card point it can open with the keys it holds:
 * its own lock keys (from the secrets it stored), every key share published
 * to all (reveals, played cards) and every share sealed to it (opened with
 * its own seal secret) — and checks that against what the rules allow it to
 * know: the engine's ledger (`seen` per handle, public cards), plus cards the
 * engine has already asked to show it (a pending request, a card played in
 * an act it holds but has not applied). Anything beyond the allowance when
 * play ends or the hand halts is a leak. A spectator (seat null) holds no key of its own: it may read public
 * cards only. It is test machinery for the simulator, never part of the app.
 *
 * It decides exactly, from exponents, never by guessing a few multiples. Every
 * cascade step is linear: a position's point, once every layer key is
 * removed, is Σ c_j·H_{card j} over card points, with coefficients fixed by
 * whoever combined positions. Honest steps only permute and scale, so an
 * honest position opens to one card point (read by comparing it with the
 * deck's). A seat that combines positions (a shuffle whose output a is
 * Y_a + 3·Y_b, or any other linear map) knows the coefficients it used: its
 * cheat records each such relation (`Relation`: the output position and its
 * terms c_j·Y_j). When the peer opens a point that is no card, the monitor
 * takes the peer's own relations and solves Σ c_j·H_{x_j} = point for the
 * cards x_j exactly (a meet-in-the-middle search over the deck, as the peer
 * itself would; `solveRelation`): the peer reads every card with a non-zero
 * coefficient — which is also every card any linear combination of the points
 * it opened can give it, since a combination's terms are among theirs. A
 * point no relation of the peer's explains is one whose coefficients it does
 * not know (another seat made it): it reads nothing from it, and the monitor
 * says so (`unexplained`). A relation with more terms than it can solve
 * (MAX_TERMS) counts as a leak of unknown cards rather than as nothing.
 */
import { decodeKeyShares, decodePacketSecrets, encodePoint, type KeyShares, type Point } from '../../crypto/index.js';
import { Fn, IDENTITY } from '../../crypto/group.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Handle } from '../../src/engine/index.js';
import type { HandSecrets, HandSession } from '../../src/table/hand-session.js';

export interface Leak {
  /** The peer that could read it: its seat, or null for a spectator. */
  readonly seat: number | null;
  /** The handle whose card it could read (null when read from a combination and the handle is unknown). */
  readonly handle: Handle | null;
  readonly card: string;
  readonly how: string;
}

/**
 * A linear relation a seat made in one of its shuffle steps: its output at
 * `position` of `packet` is Σ coeff·(its honest output at term position). The
 * cheats that combine points record them (cheats-protocol.ts); the monitor
 * of that seat's peer uses them to read what the combination shows it.
 */
export interface Relation {
  readonly packet: number;
  readonly position: number;
  readonly terms: readonly { readonly position: number; readonly coeff: bigint }[];
}

/** Relations with more terms than this are not solved (the search grows as deck^(terms/2)): they count as a leak. */
export const MAX_TERMS = 4;

export class KnowledgeMonitor {
  /** Per packet, per position: the lock key of each layer this peer holds. */
  private readonly rings = new Map<number, Map<number, (bigint | undefined)[]>>();
  private readonly taken = new Set<string>();
  private readonly opened = new Set<string>();
  /** What it can read: a handle's card (handle known), or a card read from a combination or a multiple (handle null). */
  private readonly readable: { handle: Handle | null; card: number; how: string }[] = [];
  readonly leaks: Leak[] = [];
  /** Opened points that are no card and that no relation of this peer's explains: it cannot read them. */
  readonly unexplained: string[] = [];
  private checked = false;

  constructor(
    /** The seat this peer plays, or null for a spectator (no lock keys, no seal secret: public cards only). */
    readonly seat: number | null,
    readonly hand: HandSession,
    private readonly secrets: () => HandSecrets | undefined,
    /** The linear relations this peer made in its own steps (a cheater's; none for an honest peer). */
    private readonly relations: () => readonly Relation[] = () => [],
  ) {}

  /** Re-examines this peer's knowledge after an event came in; returns the leaks found so far. */
  observe(): readonly Leak[] {
    const f = this.hand.follower;
    if (this.checked) return this.leaks;
    // Once play is over every seat discloses everything: the rules allow full knowledge from then on.
    // An audit at once (early-audit.ts) also discloses, but mid-hand: what the peer read until then is judged first.
    const disclosing = f.phase === 'disclose' || f.phase === 'done';
    if (disclosing && !f.auditCause) {
      this.judge();
      return this.leaks;
    }
    this.takeOwnKeys();
    for (const event of f.pool.envelopes()) {
      const id = `${bytesToHex(event.from)}:${event.body.n}`;
      if (this.taken.has(id)) continue;
      const body = event.body;
      const from = f.seatOf(event);
      if (body.type === 'keys') {
        const data = body.data as { shares: Uint8Array[]; to: number | null };
        if (data.to === null) {
          this.taken.add(id);
          this.addShares(data.shares);
        } else if (this.seat !== null && data.to === this.seat) {
          const seat = this.seat;
          const secrets = this.secrets();
          if (!secrets || !f.sealKeys[seat] || !f.book.packets.size) continue;
          const mine = { secretKey: secrets.sealSecret, publicKey: f.sealKeys[seat]! };
          const plain = data.shares.map((s) => f.book.unseal(s, from, f.sealKeys[from]!, seat, mine));
          if (plain.some((p) => p === null)) continue;
          this.taken.add(id);
          this.addShares(plain as Uint8Array[]);
        } else this.taken.add(id);
      } else if (body.type === 'act') {
        this.taken.add(id);
        const keys = (body.data as { keys?: unknown }).keys;
        if (Array.isArray(keys)) this.addShares(keys.filter((k): k is Uint8Array => k instanceof Uint8Array));
      } else this.taken.add(id);
    }
    this.openAll();
    if (f.phase === 'halted' || disclosing) this.judge();
    return this.leaks;
  }

  /** The cards this peer can read now, by handle (for tests). */
  readableCards(): ReadonlyMap<Handle, string> {
    const deck = this.hand.engineState?.deck ?? [];
    return new Map(
      this.readable.filter((r) => r.handle !== null).map((r) => [r.handle!, deck[r.card] ?? `#${r.card}`]),
    );
  }

  private takeOwnKeys(): void {
    const stored = this.secrets();
    const seat = this.seat;
    if (!stored || seat === null) return;
    for (const bytes of stored.packets) {
      const s = decodePacketSecrets(bytes);
      if (!s.lock) continue;
      s.lock.forEach((key, position) => this.put(s.packet, position, seat, key));
    }
  }

  private addShares(encoded: readonly Uint8Array[]): void {
    for (const bytes of encoded) {
      let msg: KeyShares;
      try {
        msg = decodeKeyShares(bytes);
      } catch {
        continue;
      }
      for (const e of msg.entries) this.put(msg.header.packet, e.position, e.layer, e.key);
    }
  }

  private put(packet: number, position: number, layer: number, key: bigint): void {
    let ring = this.rings.get(packet);
    if (!ring) this.rings.set(packet, (ring = new Map()));
    const keys = ring.get(position) ?? [];
    keys[layer] ??= key;
    ring.set(position, keys);
  }

  private openAll(): void {
    const book = this.hand.follower.book;
    const seats = book.seats;
    for (const [packet, ring] of this.rings) {
      const state = book.packets.get(packet);
      if (!state) continue;
      for (const [position, keys] of ring) {
        const id = `${packet}:${position}`;
        if (this.opened.has(id) || position >= state.size) continue;
        if ([...Array(seats).keys()].some((layer) => keys[layer] === undefined)) continue;
        this.opened.add(id);
        const product = keys.reduce<bigint>((acc, k) => Fn.mul(acc, k!), 1n);
        if (product === 0n) continue;
        const point = state.deck.points[position]!.multiply(Fn.inv(product));
        let handle: Handle | null;
        try {
          handle = book.handleOf(packet, position);
        } catch {
          handle = null;
        }
        const card = book.hand.cardOf(point);
        if (card >= 0) {
          this.readable.push({ handle, card, how: `opened packet ${packet} position ${position}` });
          continue;
        }
        // Not a card: read it through the relations this peer made (their coefficients are exponents it knows).
        this.readCombination(packet, position, handle, point);
      }
    }
  }

  private readCombination(packet: number, position: number, handle: Handle | null, point: Point): void {
    const cards = this.hand.follower.book.hand.cards;
    for (const relation of this.relations()) {
      if (relation.packet !== packet) continue;
      const where = `packet ${packet} position ${position}`;
      if (relation.terms.length > MAX_TERMS) {
        this.readable.push({
          handle: null,
          card: -1,
          how: `${where} opens to a combination of ${relation.terms.length} cards, too many to solve here: counted as read`,
        });
        return;
      }
      // A term whose coefficient is 0 mod the group order shows nothing of its card.
      const terms = relation.terms.filter((t) => Fn.create(t.coeff) !== 0n);
      const solved = solveRelation(
        point,
        terms.map((t) => t.coeff),
        cards,
      );
      if (!solved) continue;
      terms.forEach((term, i) => {
        // The term at the relation's own position is the card that position held: its handle's.
        const own = term.position === relation.position;
        this.readable.push({
          handle: own ? handle : null,
          card: solved[i]!,
          how: own
            ? `${where} opens to a combination of cards (its own card in it)`
            : `read out of the combination at ${where} (coefficient ${term.coeff})`,
        });
      });
      return;
    }
    this.unexplained.push(`packet ${packet} position ${position}`);
  }

  /** What the rules allow this seat to know now: handles it has seen, public cards, and cards the engine is showing it. */
  private allowedHandles(): Set<Handle> {
    const f = this.hand.follower;
    const state = f.state;
    const allowed = new Set<Handle>();
    if (!state) return allowed;
    state.cards.forEach((info, handle) => {
      if (info.card !== null || (this.seat !== null && info.seen.includes(this.seat))) allowed.add(handle);
    });
    for (const request of state.requests) {
      if (request.kind === 'reveal-all') request.handles.forEach((h) => allowed.add(h));
      if (request.kind === 'reveal-to' && request.seat === this.seat) request.handles.forEach((h) => allowed.add(h));
      if (request.kind === 'forward' && request.to === this.seat) request.handles.forEach((h) => allowed.add(h));
    }
    // A card played in an act held but not applied — nor, on a live table, shown held by every seat yet (its keys
    // are read from the pool as soon as it is held): its keys are public in the act itself.
    for (let seat = 0; seat < f.players; seat++)
      for (const act of f.heldActs(seat))
        for (const c of f.game.claimedCards(act.data.action) ?? []) allowed.add(c.handle);
    return allowed;
  }

  /** Play ended or the hand halted: anything readable beyond the allowance is a leak. */
  private judge(): void {
    this.checked = true;
    const state = this.hand.follower.state;
    if (!state) return;
    const allowed = this.allowedHandles();
    const allowedCards = new Set<number>();
    for (const r of this.readable) if (r.handle !== null && allowed.has(r.handle)) allowedCards.add(r.card);
    for (const r of this.readable) {
      const ok = r.handle !== null ? allowed.has(r.handle) : allowedCards.has(r.card);
      if (!ok)
        this.leaks.push({
          seat: this.seat,
          handle: r.handle,
          card: r.card < 0 ? 'cards it cannot name' : (state.deck[r.card] ?? `#${r.card}`),
          how: r.how,
        });
    }
  }
}

/**
 * The cards x_0…x_{k−1} (indices into `cards`) with Σ coeffs[j]·cards[x_j] =
 * `point`, or null when no choice gives it: the search an attacker who knows
 * the coefficients runs, exactly. Meet in the middle: every choice for the
 * first ⌈k/2⌉ terms is stored as point − Σ, and every choice for the rest
 * looked up as Σ, so it costs about 2·deck^⌈k/2⌉ point additions (a 52-card
 * deck: 2,704 for k = 3 or 4). The group is prime-order and the card points
 * are independent (hash to the group), so a relation the peer made has one
 * solution but for chance or equal coefficients on equal terms.
 */
export function solveRelation(point: Point, coeffs: readonly bigint[], cards: readonly Point[]): number[] | null {
  const k = coeffs.length;
  if (k === 0 || k > MAX_TERMS) return null;
  const scaled = coeffs.map((c) => {
    const e = Fn.create(c);
    return cards.map((h) => (e === 0n ? IDENTITY : h.multiply(e)));
  });
  const half = Math.ceil(k / 2);
  const left = new Map<string, number[]>();
  for (const [sum, choice] of sums(scaled.slice(0, half)))
    left.set(bytesToHex(encodePoint(point.subtract(sum))), choice);
  for (const [sum, choice] of sums(scaled.slice(half))) {
    const hit = left.get(bytesToHex(encodePoint(sum)));
    if (hit) return [...hit, ...choice];
  }
  return null;
}

/** Every choice of one point from each list, with the sum of the points chosen (an empty list of lists: one empty choice). */
function sums(lists: readonly (readonly Point[])[]): [Point, number[]][] {
  let out: [Point, number[]][] = [[IDENTITY, []]];
  for (const list of lists) {
    const next: [Point, number[]][] = [];
    for (const [sum, choice] of out) list.forEach((p, j) => next.push([sum.add(p), [...choice, j]]));
    out = next;
  }
  return out;
}
