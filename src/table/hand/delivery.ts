/**
 * A private delivery as its recipient takes it: a reveal-to or forward whose
 * shares are all in, each sender's shares opened with the pair key sealed to
 * this seat and checked, then the cards opened with every key this seat
 * holds. A fault only the recipient can see comes with the evidence every
 * peer checks (sealed-evidence.ts). The seat agent (seat-agent.ts) keeps
 * the keys and the cards learnt.
 */
import type { KeyRing, KeyShares, PacketSecrets, RandomSource, SealKeyPair } from '../../../crypto/index.js';
import type { CardId, Handle } from '../../engine/index.js';
import { err, ok, type Err, type Result } from '../../result.js';
import type { TableEvent } from '../transcript.js';
import type { HandFollower, PrivateRequest } from './follower.js';
import type { Halt } from './halt.js';
import { ownKeysFor, sealedEvidence } from './sealed-evidence.js';

/** What opening a delivery needs of its recipient. */
export interface Recipient {
  readonly seat: number;
  readonly pair: SealKeyPair;
  readonly rng: RandomSource;
  /** Every key of `packet` this seat holds: its own, those sealed to it, and the public ones. */
  ring(packet: number): KeyRing;
  /** Keeps checked shares sealed to this seat. */
  keep(shares: KeyShares): void;
  /** This seat's secrets for `packet`, if it has any. */
  secrets(packet: number): PacketSecrets | undefined;
}

/** Opens `request`'s shares sealed to `me` (`events`: one keys event per sender): the cards learnt, or the halt. */
export function openDelivery(
  f: HandFollower,
  me: Recipient,
  request: PrivateRequest,
  events: readonly TableEvent<'keys'>[],
): Result<(readonly [Handle, CardId])[], Halt> {
  // A fault only this seat can see carries the evidence every peer checks (faults.ts): its proven pair keys.
  const proven = (halt: Halt, senders: readonly TableEvent<'keys'>[], own: Uint8Array[] = []): Err<Halt> => {
    const evidence = sealedEvidence(f, me.seat, me.pair, request, senders, me.rng, own);
    return err(evidence ? { ...halt, evidence } : halt);
  };
  for (const event of events) {
    const plain: Uint8Array[] = [];
    for (const sealed of event.data.shares) {
      const opened = f.book.unseal(sealed, event.seat, f.sealKeys[event.seat]!, me.seat, me.pair);
      if (!opened)
        return proven(
          { code: 'unsealable', seat: event.seat, detail: `keys sealed to seat ${me.seat + 1} do not open` },
          [event],
        );
      plain.push(opened);
    }
    const checked = f.book.checkShares(
      event.seat,
      plain,
      request.handles,
      me.seat,
      request.kind === 'reveal-to' ? 'own' : 'all',
    );
    if (!checked.ok) return proven(checked.error, [event]);
    for (const msg of checked.value) me.keep(msg);
  }
  const opened = f.book.open(request.handles, me.ring);
  if (!opened.ok) {
    if (opened.error.seat !== null) return err(opened.error);
    // A card that opens to no card: every sender's pair key, and this seat's own keys for the cards that fail only.
    const failing = request.handles.filter((handle) => !f.book.open([handle], me.ring).ok);
    const own = request.kind === 'reveal-to' ? ownKeysFor(f, me.seat, failing, me.secrets) : [];
    return proven(opened.error, events, own);
  }
  return ok([...opened.value].map(([handle, card]) => [handle, f.state!.deck[card]!] as const));
}
