/**
 * Two seat agents on their followers, and a seatless spectator follower,
 * joined synchronously with no network: what a seat publishes goes to the
 * other seat's inbox and the spectator's, and `pump` delivers and lets each
 * agent make what it owes until nothing moves. Deterministic (seeded random
 * sources), fast, and step by step: a test can hold events back (`hold`),
 * rewrite or drop what a seat sends (`tamper`), or feed a follower events of
 * its own making (`signAs`, which signs a body as a seat).
 */
import { seededRandom } from '../../crypto/index.js';
import type { AnyGame } from '../../src/engine/index.js';
import { decodeEnvelope, encodeEnvelope, keyHex, signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { HandFollower, type FollowerOptions } from '../../src/table/hand/follower.js';
import { SeatAgent, type HandSecrets } from '../../src/table/hand/seat-agent.js';
import type { HandSetup } from '../../src/table/hand/setup.js';
import { deepClone } from '../fuzz/clone.js';
import { tableSigners } from './hand-table.js';

export type Event = EnvelopeOf<'table-event'>;
export const DUO_TABLE = 'agentduo-0011223344556677';

export interface Duo {
  readonly setup: HandSetup;
  readonly followers: HandFollower[];
  readonly agents: SeatAgent[];
  readonly spectator: HandFollower;
  /** Every event published, in order. */
  readonly sent: Event[];
  /** Secrets each seat handed to keepSecrets, in order. */
  readonly kept: HandSecrets[][];
  /** What each seat did with its io, in order: 'keep' or the type of the event published. */
  readonly log: string[][];
  /** Events waiting for each seat (0, 1) and the spectator (2). */
  readonly inboxes: Event[][];
  /** Delivers and produces until nothing moves. */
  pump(): void;
  signAs(seat: number, body: Event['body']): Event;
}

export function duoSetup(game: AnyGame): HandSetup {
  const seatKeys = tableSigners.slice(0, 2).map((s) => keyHex(s.publicKey));
  return { table: DUO_TABLE, handNo: 0, game: game.id, options: {}, seatKeys, dealer: 0, carry: null, previous: null };
}

export function agentDuo(options: {
  game: AnyGame;
  seed: string;
  follower?: Partial<Omit<FollowerOptions, 'setup' | 'game'>>;
  /** What seat `seat` sends instead of `envelope` (null: nothing). */
  tamper?: (seat: number, envelope: Event) => Event | null;
  /** An event not delivered to `to` (0, 1, or 2 for the spectator) while this holds. */
  hold?: (to: number, envelope: Event) => boolean;
  /** Secrets each seat's agent starts from (a reload). */
  restored?: readonly HandSecrets[];
  /** False: nothing is delivered to the spectator. */
  spectator?: boolean;
  /** Followers to sit the agents on (seat 1, seat 2, spectator) instead of new ones. */
  made?: readonly HandFollower[];
}): Duo {
  const signers = tableSigners.slice(0, 2);
  const setup: HandSetup = options.made?.[0]?.setup ?? duoSetup(options.game);
  const make = (name: string) =>
    new HandFollower({ setup, game: options.game, rng: seededRandom(`${options.seed}-${name}`), ...options.follower });
  const followers = options.made ? [options.made[0]!, options.made[1]!] : [make('f0'), make('f1')];
  const spectator = options.made?.[2] ?? make('spectator');
  const sent: Event[] = [];
  const kept: HandSecrets[][] = [[], []];
  const log: string[][] = [[], []];
  const inboxes: Event[][] = [[], [], []];
  let seq = 0;
  const signAs = (seat: number, body: Event['body']): Event =>
    signEnvelope(signers[seat]!, { kind: 'table-event', table: DUO_TABLE, seq: ++seq, to: null, body });
  const agents = [0, 1].map(
    (seat) =>
      new SeatAgent(
        followers[seat]!,
        seat,
        {
          sign: (body) => signAs(seat, body),
          keepSecrets: (secrets) => {
            kept[seat]!.push(secrets);
            log[seat]!.push('keep');
          },
          publish: (envelope) => {
            log[seat]!.push(envelope.body.type);
            const out = options.tamper ? options.tamper(seat, envelope) : envelope;
            if (out === null) return;
            sent.push(out);
            inboxes[1 - seat]!.push(out);
            inboxes[2]!.push(out);
          },
        },
        seededRandom(`${options.seed}-seat${seat}`),
        options.restored?.[seat],
      ),
  );
  const deliver = (to: number, follower: HandFollower): boolean => {
    let moved = false;
    const box = inboxes[to]!;
    for (let i = 0; i < box.length;) {
      const e = box[i]!;
      if (options.hold?.(to, e)) {
        i++;
        continue;
      }
      box.splice(i, 1);
      follower.take(e);
      moved = true;
    }
    return moved;
  };
  const pump = () => {
    for (let guard = 0; guard < 10_000; guard++) {
      let moved = false;
      for (const seat of [0, 1]) {
        const f = followers[seat]!;
        if (deliver(seat, f)) moved = true;
        if (f.run()) moved = true;
        while (agents[seat]!.produce()) {
          moved = true;
          f.run();
        }
      }
      if (options.spectator !== false) {
        if (deliver(2, spectator)) moved = true;
        if (spectator.run()) moved = true;
      }
      if (!moved) return;
    }
    throw new Error('the duo never settled');
  };
  return { setup, followers, agents, spectator, sent, kept, log, inboxes, pump, signAs };
}

/** Events as hex of their wire bytes (a checked-in fixture). */
export function eventsToHex(events: readonly Event[]): string[] {
  return events.map((e) => Buffer.from(encodeEnvelope(e)).toString('hex'));
}
export function eventsFromHex(hex: readonly string[]): Event[] {
  return hex.map((h) => {
    const decoded = decodeEnvelope(new Uint8Array(Buffer.from(h, 'hex')), DUO_TABLE);
    if (!decoded.ok) throw new Error(`fixture event does not decode: ${decoded.error}`);
    return decoded.value as Event;
  });
}

/**
 * A duo restored from recorded events: each seat's agent gets back the
 * secrets its recorded disclosure shows for the packets `packets` (by then
 * the only ones made), and both followers and the spectator hold `events`.
 * Nothing is dealt again: the shuffle proofs and public key shares of the
 * record are presumed checked (they were, when it was recorded). The
 * followers that took `events` are made once per record and prefix, the
 * first time a test asks (inside that test), and each duo gets copies.
 */
const bases = new Map<string, HandFollower[]>();
export function restoredDuo(options: {
  game: AnyGame;
  seed: string;
  record: readonly Event[];
  events: readonly Event[];
  packets: readonly number[];
  tamper?: (seat: number, envelope: Event) => Event | null;
  hold?: (to: number, envelope: Event) => boolean;
  /** False: the spectator is left out (takes nothing more). */
  spectator?: boolean;
}): Duo {
  const signers = tableSigners.slice(0, 2);
  const restored = [0, 1].map((seat): HandSecrets => {
    const disclose = options.record.find(
      (e) => e.body.type === 'disclose' && keyHex(e.from) === keyHex(signers[seat]!.publicKey),
    )!;
    const data = disclose.body.data as { secrets: Uint8Array[]; sealSecret: Uint8Array };
    return { sealSecret: data.sealSecret, packets: data.secrets.filter((_, i) => options.packets.includes(i)) };
  });
  // The copies are made before the first key shares, so that each seat's agent opens those sealed to it.
  const firstKeys = options.events.findIndex((e) => e.body.type === 'keys');
  const cut = firstKeys < 0 ? options.events.length : firstKeys;
  const key = `${options.game.id}:${keyHex(options.events[cut - 1]!.sig)}:${cut}`;
  let base = bases.get(key);
  if (!base) {
    const setup = duoSetup(options.game);
    base = ['f0', 'f1', 'spectator'].map((name) => {
      const f = new HandFollower({
        setup,
        game: options.game,
        rng: seededRandom(`base-${name}`),
        presumeProofs: () => true,
        presumeKey: () => true,
      });
      for (const e of options.events.slice(0, cut)) f.take(e);
      f.run();
      return f;
    });
    bases.set(key, base);
  }
  const made = base.map((f) => deepClone(f, [f.game, f.book.hand, f.setup], (v) => 'envelope' in v && 'data' in v));
  const duo = agentDuo({
    game: options.game,
    seed: options.seed,
    restored,
    made,
    ...(options.tamper ? { tamper: options.tamper } : {}),
    ...(options.hold ? { hold: options.hold } : {}),
    ...(options.spectator === false ? { spectator: false } : {}),
  });
  for (const f of made) {
    for (const e of options.events.slice(cut)) f.take(e);
    f.run();
  }
  return duo;
}

/** Plays until both seats are done or halted: whenever a seat has legal actions, `choose` picks one (null: none now). */
export function playDuo(duo: Duo, choose: (seat: number, legal: unknown[], duo: Duo) => unknown): void {
  for (let guard = 0; guard < 1_000; guard++) {
    duo.pump();
    if (duo.followers.every((f) => f.phase === 'done' || f.halt)) return;
    let acted = false;
    for (const seat of [0, 1]) {
      const legal = duo.agents[seat]!.legalActions();
      if (legal.length === 0) continue;
      const action = choose(seat, legal, duo);
      if (action === null) continue;
      const made = duo.agents[seat]!.act(action);
      if (!made.ok)
        throw new Error(`seat ${seat + 1} could not ${JSON.stringify(action)}: ${JSON.stringify(made.error)}`);
      acted = true;
      duo.pump();
    }
    if (!acted) return;
  }
}
