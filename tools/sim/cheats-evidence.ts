/**
 * The cheats against fault evidence (hand/faults.ts), for the attacker suite
 * (cheats.ts holds the registry): a signed fault report naming nobody, sent
 * to one seat over a direct link or to everyone, that would send honest
 * seats to disclose their secrets mid-hand; and key shares sealed to one
 * seat that are wrong (an entry left out, a wrong key, garbage), which only
 * their recipient can see, so it must prove them to everyone else; and a
 * recipient that accuses an honest sender with a real proof of their pair
 * key, which shows the shares right. Each is
 * played at three seats: a victim, and an honest seat that sees only what
 * the victim proves.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { decodeKeyShares, encodeKeyShares } from '../../crypto/index.js';
import { signEnvelope, type EnvelopeOf } from '../../src/net/envelope.js';
import { sealedEvidence } from '../../src/table/hand/sealed-evidence.js';
import { hashBytes } from '../../src/table/hand/seat-agent.js';
import type { Cheat, CheatContext, CheatKind } from './cheats.js';
import { blame, resign } from './cheats-protocol.js';

type Event = EnvelopeOf<'table-event'>;

/** The seat a one-seat report goes to: the first one (never the cheater, the last). */
const VICTIM = 0;

/**
 * Once play is under way (step ≥ 2), the cheater also signs a fault report of
 * a fault with no seat and no evidence — to `VICTIM` alone over its direct
 * link, or to everyone. It keeps the report out of its own follower and
 * sends no verdict of its own later, so the other seats learn of it only
 * from the victim.
 */
function falseReport(kind: CheatKind, oneSeat: boolean): Cheat {
  return {
    kind,
    what: oneSeat
      ? 'a signed fault report naming nobody, sent over one direct link to one seat only (it would make that seat disclose every secret)'
      : 'a signed fault report naming nobody, sent to everyone (it would make every seat disclose mid-hand)',
    expect: blame('false-report'),
    players: 3,
    publish(envelope: Event, ctx: CheatContext) {
      if (envelope.body.type === 'fault') return null;
      if (ctx.done || envelope.body.at < 2) return undefined;
      const hand = ctx.hand();
      if (!hand) return undefined;
      const f = hand.follower;
      const report = signEnvelope(ctx.signer, {
        kind: 'table-event',
        table: envelope.table,
        seq: envelope.seq + 1,
        to: oneSeat ? hexToBytes(f.setup.seatKeys[VICTIM]!) : null,
        body: {
          hand: f.setup.handNo,
          n: f.pool.nextSeq(ctx.seat) + 500,
          ...hashBytes(f.hashes),
          type: 'fault',
          data: { code: 'crypto-fault', seat: null, detail: 'a card sealed to me opens to no card' },
        },
      });
      ctx.done = true;
      return [envelope, report];
    },
  };
}

type Garble = 'drop' | 'wrong' | 'garbage';
const CODES = { drop: 'missing-key', wrong: 'wrong-key', garbage: 'unsealable' } as const;

/**
 * The cheater's first key shares sealed to one seat, rewritten under the
 * real pair key (opened and sealed again with the cheater's own seal secret)
 * — one entry left out, or one key off by one — or replaced by garbage
 * after the header (so that nothing public shows it).
 */
function badSealed(kind: CheatKind, garble: Garble): Cheat {
  const what = {
    drop: 'key shares sealed to one seat that leave out an entry (only the recipient can see it)',
    wrong: 'a wrong key in key shares sealed to one seat (only the recipient can see it)',
    garbage: 'garbage instead of key shares sealed to one seat (only the recipient can see it)',
  }[garble];
  return {
    kind,
    what,
    expect: blame(CODES[garble]),
    players: 3,
    publish(envelope: Event, ctx: CheatContext) {
      const body = envelope.body;
      if (ctx.done || body.type !== 'keys') return undefined;
      const data = body.data as { request: number; shares: Uint8Array[]; to: number | null };
      const hand = ctx.hand();
      const stored = ctx.secrets();
      if (data.to === null || !hand || !stored) return undefined;
      const f = hand.follower;
      const to = data.to;
      const mine = { secretKey: stored.sealSecret, publicKey: f.sealKeys[ctx.seat]! };
      const shares = data.shares.map((sealed, i) => {
        if (i > 0) return sealed;
        if (garble === 'garbage') {
          const out = Uint8Array.from(sealed);
          out.set(ctx.rng(out.length - 3), 3);
          return out;
        }
        const plain = f.book.unseal(sealed, ctx.seat, f.sealKeys[to]!, to, mine);
        if (!plain) return sealed;
        const msg = decodeKeyShares(plain);
        const entries =
          garble === 'drop'
            ? msg.entries.slice(0, -1)
            : msg.entries.map((e, j) => (j === 0 ? { ...e, key: e.key + 1n } : e));
        return f.book.seal(
          encodeKeyShares({ ...msg, entries }),
          msg.header.packet,
          ctx.seat,
          mine,
          to,
          f.sealKeys[to]!,
          ctx.rng,
        );
      });
      ctx.done = true;
      return resign(ctx.signer, envelope, { ...body, data: { ...data, shares } });
    },
  };
}

/**
 * A false accusation with a real proof: once a private request to the
 * cheater is delivered, it reports a wrong key by the first seat that sealed
 * shares to it, with a valid proof of their pair key (it is the recipient) —
 * every peer then opens those shares, finds them right, and names the
 * accuser.
 */
function falseAccusation(kind: CheatKind): Cheat {
  return {
    kind,
    what: 'reports a wrong sealed key by an honest seat, with a valid proof of their pair key (the shares are right)',
    expect: blame('false-report'),
    players: 3,
    publish(envelope: Event, ctx: CheatContext) {
      if (envelope.body.type === 'fault') return null;
      const hand = ctx.hand();
      const stored = ctx.secrets();
      if (ctx.done || !hand || !stored) return undefined;
      const f = hand.follower;
      for (let id = 0; id < 64; id++) {
        const request = f.deliveredRequest(id);
        if (!request || (request.kind === 'reveal-to' ? request.seat : request.to) !== ctx.seat) continue;
        const sender = [...Array(f.players).keys()].find((seat) => seat !== ctx.seat && f.pool.keys(id, seat));
        const event = sender === undefined ? undefined : f.pool.keys(id, sender);
        if (!event) continue;
        const mine = { secretKey: stored.sealSecret, publicKey: f.sealKeys[ctx.seat]! };
        const evidence = sealedEvidence(f, ctx.seat, mine, request, [event], ctx.rng);
        if (!evidence) return undefined;
        const report = signEnvelope(ctx.signer, {
          kind: 'table-event',
          table: envelope.table,
          seq: envelope.seq + 1,
          to: null,
          body: {
            hand: f.setup.handNo,
            n: f.pool.nextSeq(ctx.seat) + 500,
            ...hashBytes(f.hashes),
            type: 'fault',
            data: { code: 'wrong-key', seat: event.seat, detail: 'wrong key: (a lie)', evidence },
          },
        });
        ctx.done = true;
        return [envelope, report];
      }
      return undefined;
    },
  };
}

/** The evidence cheat of `kind`, or undefined. */
export function evidenceCheat(kind: CheatKind): Cheat | undefined {
  switch (kind) {
    case 'false-report-one':
      return falseReport(kind, true);
    case 'false-report-all':
      return falseReport(kind, false);
    case 'sealed-missing-key':
      return badSealed(kind, 'drop');
    case 'sealed-wrong-key':
      return badSealed(kind, 'wrong');
    case 'sealed-garbage':
      return badSealed(kind, 'garbage');
    case 'sealed-false-accusation':
      return falseAccusation(kind);
    default:
      return undefined;
  }
}
