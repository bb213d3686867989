/**
 * The checks a hand makes of its set-up and of each seat's ready (setup.ts
 * holds the set-up itself): the rules accept the set-up and the deck is one
 * the mental-poker protocol supports (`openHand`), and a ready commits to our
 * set-up with a seal key one can seal to (`readyFault`). Apart from setup.ts
 * because they need the crypto, which loads with the hand (hand-loader.ts).
 */
import { assertSealPublicKey, DECK_SIZES, type DeckSize } from '../../../crypto/index.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { AnyGame, AnyState, SetupArgs } from '../../engine/index.js';
import { setupArgs, type HandSetup } from './setup.js';

/**
 * The engine's arguments and start of the hand `setup` describes, checked: the set-up is for
 * `game`, the rules accept its arguments, and the deck is one the mental-poker
 * protocol supports. Throws a RangeError naming what does not fit.
 */
export function openHand(setup: HandSetup, game: AnyGame): { args: SetupArgs; initial: AnyState; deckSize: DeckSize } {
  if (setup.game !== game.id) throw new RangeError(`set-up is for ${setup.game}, not ${game.id}`);
  const args = setupArgs(setup);
  const made = game.setup(args);
  if (!made.ok) throw new RangeError(`cannot set up ${game.id}: ${made.error}`);
  const deckSize = made.value.deck.length;
  if (!(DECK_SIZES as readonly number[]).includes(deckSize))
    throw new RangeError(`deck of ${deckSize} cards has no mental-poker support`);
  return { args, initial: made.value, deckSize: deckSize as DeckSize };
}

/**
 * What is wrong with a seat's ready: another set-up than ours (`other-terms` when its signed terms differ from ours:
 * the seats disagree about the roster, which names nobody), or a seal key nobody can seal to (RFC 7748 §6.1 low
 * order). Null if nothing. `ours` is our set-up's hash and terms hash.
 */
export function readyFault(
  ready: { sealKey: Uint8Array; setup: Uint8Array; terms?: Uint8Array | undefined },
  ours: { setup: Uint8Array; terms: Uint8Array },
): { code: 'bad-setup' | 'bad-seal-key' | 'other-terms'; detail: string } | null {
  if (bytesToHex(ready.setup) !== bytesToHex(ours.setup)) {
    if (ready.terms && bytesToHex(ready.terms) !== bytesToHex(ours.terms))
      return {
        code: 'other-terms',
        detail: 'agreed to other terms for this hand (other options or seats than ours)',
      };
    return { code: 'bad-setup', detail: 'is ready for another set-up of this hand' };
  }
  try {
    assertSealPublicKey(ready.sealKey, 'seal key');
  } catch (error) {
    return { code: 'bad-seal-key', detail: `announced a seal key that cannot be used: ${(error as Error).message}` };
  }
  return null;
}
