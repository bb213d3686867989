/**
 * The end-of-hand audit, run by every follower once each seat has disclosed
 * its secrets: each disclosed seal key must be the one announced in `ready`;
 * every sealed key share is opened with its recipient's disclosed key and
 * checked like a public one; the crypto audit (crypto/audit.ts) replays every
 * packet with all secrets; then the rules audit replays every input with
 * every card open. The first fault found is the verdict, with its code and
 * the seat it blames. An audit at once (early-audit.ts) stops after the
 * crypto audit.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import {
  audit as auditCrypto,
  decodeKeyShares,
  decodePacketSecrets,
  type KeyShares,
  type PacketSecrets,
  type RandomSource,
  x25519PublicKey,
} from '../../../crypto/index.js';
import type { AnyGame, AuditReport, CardId, Input, OpenCards, SetupArgs } from '../../engine/index.js';
import type { TableEvent } from '../transcript.js';
import { cryptoWords, type HaltCode } from './halt.js';
import type { HandFollower } from './follower.js';
import type { PacketBook } from './packets.js';

export interface HandAudit {
  readonly clean: boolean;
  /** Null when clean. */
  readonly code: HaltCode | null;
  readonly seat: number | null;
  readonly detail: string;
  readonly rules: AuditReport | null;
  /** Every card handle with its card, once the crypto audit opened them all (null if it did not): for a replay with every card face up. */
  readonly open: OpenCards | null;
}

export interface AuditInput {
  readonly book: PacketBook;
  readonly game: AnyGame;
  readonly setup: SetupArgs;
  readonly deck: readonly CardId[];
  readonly inputs: readonly Input[];
  readonly sealKeys: readonly Uint8Array[];
  readonly disclosures: readonly TableEvent<'disclose'>[];
  /** Every event of the hand (the sealed and the played key shares are among them). */
  readonly events: readonly TableEvent[];
  readonly rng: RandomSource;
  /** Run the rules audit too (default). False for an audit at once (early-audit.ts): play stopped mid-hand, and where it stopped differs from peer to peer. */
  readonly rules?: boolean;
}

/**
 * The audit of the hand a follower has followed to its disclosure round, with the seats' `disclosures`; with `cards`
 * (every packet's, found by the card part on another thread: audit-elsewhere.ts), only its rules part.
 */
export function auditFollowed(
  f: HandFollower,
  disclosures: readonly TableEvent<'disclose'>[],
  rng: RandomSource,
  rules: boolean,
  cards?: AuditedCards,
): HandAudit {
  const deck = f.state!.deck;
  const { book, game, args: setup, inputs, sealKeys } = f;
  if (cards) return auditRules({ book, game, setup, deck, inputs, sealKeys, rules }, cards);
  return runAudit({ book, game, setup, deck, inputs, sealKeys, disclosures, events: f.pool.events(), rng, rules });
}

/** A seat's disclosure as the audit reads it: its seal secret and its secrets of each packet, encoded. */
export interface Disclosed {
  readonly seat: number;
  readonly data: { readonly sealSecret: Uint8Array; readonly secrets: readonly Uint8Array[] };
}

/** Key shares one seat sent sealed to another, encoded and sealed as they went. */
export interface SealedShares {
  readonly seat: number;
  readonly to: number;
  readonly shares: readonly Uint8Array[];
}

/** What the card part of the audit reads: the book of locked packets, the seal keys, the disclosures and the sealed shares. */
export interface CardAuditInput {
  readonly book: PacketBook;
  readonly sealKeys: readonly Uint8Array[];
  readonly disclosures: readonly Disclosed[];
  readonly sealed: readonly SealedShares[];
  readonly rng: RandomSource;
  /** Called as the audit goes on (after each packet): a worker tells its page it is not stuck. */
  readonly progress?: () => void;
}

/** Every packet's cards, by final position (crypto/audit.ts `AuditedPacket.cards`), as the card audit recovered them. */
export type AuditedCards = readonly { readonly id: number; readonly cards: readonly number[] }[];

const blame = (code: HaltCode, seat: number | null, detail: string): HandAudit => ({
  clean: false,
  code,
  seat,
  detail,
  rules: null,
  open: null,
});

/** The key shares sent sealed in `events` (the hand's `keys` events to one seat). */
export function sealedShares(events: readonly TableEvent[]): SealedShares[] {
  return events.flatMap((event) => {
    if (event.type !== 'keys') return [];
    const { to, shares } = (event as TableEvent<'keys'>).data;
    return to === null ? [] : [{ seat: event.seat, to, shares }];
  });
}

/**
 * The audit's card part: the disclosures against the announced seal keys, every sealed share opened and checked,
 * every cascade step recomputed from the disclosed secrets (crypto/audit.ts); the cards of every packet, or the
 * first fault and whom it blames. It reads nothing but its input, so another thread can run it (audit-elsewhere.ts).
 */
export function auditCards(a: CardAuditInput): { readonly cards: AuditedCards } | { readonly fault: HandAudit } {
  const { book } = a;
  const secrets: PacketSecrets[] = [];
  const sealSecrets: Uint8Array[] = [];
  for (const event of a.disclosures) {
    if (bytesToHex(x25519PublicKey(event.data.sealSecret)) !== bytesToHex(a.sealKeys[event.seat]!)) {
      return { fault: blame('bad-disclosure', event.seat, 'disclosed a seal key that is not the one it announced') };
    }
    sealSecrets[event.seat] = event.data.sealSecret;
    try {
      for (const bytes of event.data.secrets)
        secrets.push(decodePacketSecrets(bytes, { hand: book.hand, seat: event.seat }));
    } catch (error) {
      return { fault: blame('bad-disclosure', event.seat, `malformed secrets: ${(error as Error).message}`) };
    }
  }
  // Every sealed key share, opened with its recipient's disclosed key, is checked too.
  const shares: KeyShares[] = [...book.publicShares];
  for (const { seat, to, shares: sealedList } of a.sealed) {
    for (const sealed of sealedList) {
      const recipient = { secretKey: sealSecrets[to]!, publicKey: a.sealKeys[to]! };
      const opened = book.unseal(sealed, seat, a.sealKeys[seat]!, to, recipient);
      if (!opened) return { fault: blame('unsealable', seat, `sent key shares to seat ${to + 1} that do not open`) };
      try {
        shares.push(decodeKeyShares(opened, { hand: book.hand, seat }));
      } catch (error) {
        return { fault: blame('wrong-key', seat, `sent malformed key shares: ${(error as Error).message}`) };
      }
    }
  }
  // The follower verified every cascade proof and every public key share when it took them
  // (cascade.ts, packets.ts checkShares): the audit recomputes every step from the disclosed
  // secrets and checks the sealed shares, and skips only that repetition.
  const verified = { proofs: true, publicShares: true };
  const verdict = auditCrypto({ params: book.hand.params, packets: book.transcripts, keyShares: shares }, secrets, {
    hand: book.hand,
    rng: a.rng,
    verified,
    ...(a.progress ? { progress: a.progress } : {}),
  });
  if (verdict.verdict === 'fault')
    return { fault: blame('crypto-fault', verdict.fault.seat, cryptoWords(verdict.fault.reason)) };
  return { cards: verdict.packets.map(({ id, cards }) => ({ id, cards })) };
}

export function runAudit(a: AuditInput): HandAudit {
  const cards = auditCards({ ...a, sealed: sealedShares(a.events) });
  return 'fault' in cards ? cards.fault : auditRules(a, cards.cards);
}

/** The audit's rules part, once the card part found every packet's cards: every input replayed with every card open. */
export function auditRules(a: Omit<AuditInput, 'disclosures' | 'events' | 'rng'>, packets: AuditedCards): HandAudit {
  const open: OpenCards = {};
  for (const packet of packets) {
    packet.cards.forEach((card, position) => (open[a.book.handleOf(packet.id, position)] = a.deck[card]!));
  }
  if (a.rules === false)
    return {
      clean: true,
      code: null,
      seat: null,
      detail: 'clean (cards and keys; the hand did not finish, so no rules audit)',
      rules: null,
      open,
    };
  const rules = a.game.audit(a.setup, a.inputs, open);
  if (rules.verdict === 'fault') {
    return {
      clean: false,
      code: 'rules-fault',
      seat: rules.seat,
      detail: `rules: ${rules.reason} (input ${rules.index})`,
      rules,
      open,
    };
  }
  return { clean: true, code: null, seat: null, detail: 'clean', rules, open };
}
