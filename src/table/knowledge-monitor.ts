/**
 * The knowledge monitor of the simulator (issue 9): for one peer, after every
 * event it receives, computes every card it *could* know — not what its code
 * chose to learn, but every card point it can open with the keys it holds:
 * its own lock keys (from the secrets it stored), every key share published
 * to all (reveals, played cards) and every share sealed to it (opened with
 * its own seal secret) — and checks that against what the rules allow it to
 * know: the engine's ledger (`seen` per handle, public cards), plus cards the
 * engine has already asked to show it (a pending request, a pending played
 * card). A point that opens to no card is decoded the way an attacker would:
 * as a multiple m·H_y (m ∈ −1, ±2: a doubled card point, say) or as
 * H_x + m·H_y (m ∈ ±1, ±2), either of which reads the card y hidden
 * elsewhere (the F1 attack and its variants). Anything beyond the allowance
 * when play ends or the hand halts is a leak. A spectator (seat null) holds
 * no key of its own: it may read public cards only. It is test machinery for
 * the simulator, never part of the app.
 */
import { decodeKeyShares, decodePacketSecrets, encodePoint, type KeyShares, type Point } from '../../crypto/index.js';
import { Fn } from '../../crypto/group.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Handle } from '../engine/index.js';
import type { HandSecrets, HandSession } from './hand-session.js';

export interface Leak {
  /** The peer that could read it: its seat, or null for a spectator. */
  readonly seat: number | null;
  /** The handle whose card it could read (null when read from a combination and the handle is unknown). */
  readonly handle: Handle | null;
  readonly card: string;
  readonly how: string;
}

const MULTIPLES = [1n, 2n, -1n, -2n];

export class KnowledgeMonitor {
  /** Per packet, per position: the lock key of each layer this peer holds. */
  private readonly rings = new Map<number, Map<number, (bigint | undefined)[]>>();
  private readonly taken = new Set<string>();
  private readonly opened = new Set<string>();
  /** What it can read: a handle's card (handle known), or a card read from a combination or a multiple (handle null). */
  private readonly readable: { handle: Handle | null; card: number; how: string }[] = [];
  private multiplesByPoint: Map<string, { y: number; m: bigint }> | null = null;
  readonly leaks: Leak[] = [];
  private checked = false;

  constructor(
    /** The seat this peer plays, or null for a spectator (no lock keys, no seal secret: public cards only). */
    readonly seat: number | null,
    readonly hand: HandSession,
    private readonly secrets: () => HandSecrets | undefined,
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
        // Not a card: read it the way an attacker who made it would. A multiple m·H_y of a card point (2·H_y, −H_y…)
        // reads y, which lies elsewhere: this position shows no card of its own.
        const multiple = this.multiples().get(bytesToHex(encodePoint(point)));
        if (multiple) {
          this.readable.push({
            handle: null,
            card: multiple.y,
            how: `read out of a multiple of a card at packet ${packet} position ${position}`,
          });
          continue;
        }
        for (const [x, y] of this.decodeCombination(point)) {
          this.readable.push({
            handle,
            card: x,
            how: `packet ${packet} position ${position} opens to a combination of cards`,
          });
          this.readable.push({
            handle: null,
            card: y,
            how: `read out of the combination at packet ${packet} position ${position}`,
          });
        }
      }
    }
  }

  /** Every m·H_y (m in MULTIPLES), by its encoding: which card y and which m. */
  private multiples(): Map<string, { y: number; m: bigint }> {
    if (!this.multiplesByPoint) {
      const map = new Map<string, { y: number; m: bigint }>();
      this.hand.follower.book.hand.cards.forEach((h, y) => {
        for (const m of MULTIPLES)
          map.set(bytesToHex(encodePoint(m < 0n ? h.multiply(-m).negate() : h.multiply(m))), { y, m });
      });
      this.multiplesByPoint = map;
    }
    return this.multiplesByPoint;
  }

  /** Pairs (x, y) with point = H_x + m·H_y for a small m. */
  private decodeCombination(point: Point): [number, number][] {
    const cards = this.hand.follower.book.hand.cards;
    const out: [number, number][] = [];
    cards.forEach((h, x) => {
      const rest = point.subtract(h);
      const hit = this.multiples().get(bytesToHex(encodePoint(rest)));
      if (hit && hit.y !== x) out.push([x, hit.y]);
    });
    return out;
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
    // A card played in an act not yet applied: its keys are public in the act itself.
    for (let seat = 0; seat < f.players; seat++) {
      const act = f.pendingAct(seat);
      const claims = act ? f.game.claimedCards(act.data.action) : null;
      for (const c of claims ?? []) allowed.add(c.handle);
    }
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
        this.leaks.push({ seat: this.seat, handle: r.handle, card: state.deck[r.card] ?? `#${r.card}`, how: r.how });
    }
  }
}
