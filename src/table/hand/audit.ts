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
import { x25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import {
  audit as auditCrypto,
  decodeKeyShares,
  decodePacketSecrets,
  type KeyShares,
  type PacketSecrets,
  type RandomSource,
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

/** The audit of the hand a follower has followed to its disclosure round, with the seats' `disclosures`. */
export function auditFollowed(
  f: HandFollower,
  disclosures: readonly TableEvent<'disclose'>[],
  rng: RandomSource,
  rules: boolean,
): HandAudit {
  const deck = f.state!.deck;
  const { book, game, args: setup, inputs, sealKeys } = f;
  return runAudit({ book, game, setup, deck, inputs, sealKeys, disclosures, events: f.pool.events(), rng, rules });
}

export function runAudit(a: AuditInput): HandAudit {
  const blame = (code: HaltCode, seat: number | null, detail: string): HandAudit => ({
    clean: false,
    code,
    seat,
    detail,
    rules: null,
    open: null,
  });
  const { book } = a;
  const secrets: PacketSecrets[] = [];
  const sealSecrets: Uint8Array[] = [];
  for (const event of a.disclosures) {
    if (bytesToHex(x25519.getPublicKey(event.data.sealSecret)) !== bytesToHex(a.sealKeys[event.seat]!)) {
      return blame('bad-disclosure', event.seat, 'disclosed a seal key that is not the one it announced');
    }
    sealSecrets[event.seat] = event.data.sealSecret;
    try {
      for (const bytes of event.data.secrets)
        secrets.push(decodePacketSecrets(bytes, { hand: book.hand, seat: event.seat }));
    } catch (error) {
      return blame('bad-disclosure', event.seat, `malformed secrets: ${(error as Error).message}`);
    }
  }
  // Every sealed key share, opened with its recipient's disclosed key, is checked too.
  const shares: KeyShares[] = [...book.publicShares];
  for (const event of a.events) {
    if (event.type !== 'keys') continue;
    const data = (event as TableEvent<'keys'>).data;
    if (data.to === null) continue;
    for (const sealed of data.shares) {
      const recipient = { secretKey: sealSecrets[data.to]!, publicKey: a.sealKeys[data.to]! };
      const opened = book.unseal(sealed, event.seat, a.sealKeys[event.seat]!, data.to, recipient);
      if (!opened) return blame('unsealable', event.seat, `sent key shares to seat ${data.to + 1} that do not open`);
      try {
        shares.push(decodeKeyShares(opened, { hand: book.hand, seat: event.seat }));
      } catch (error) {
        return blame('wrong-key', event.seat, `sent malformed key shares: ${(error as Error).message}`);
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
  });
  if (verdict.verdict === 'fault') return blame('crypto-fault', verdict.fault.seat, cryptoWords(verdict.fault.reason));
  const open: OpenCards = {};
  for (const packet of verdict.packets) {
    packet.cards.forEach((card, position) => (open[book.handleOf(packet.id, position)] = a.deck[card]!));
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
