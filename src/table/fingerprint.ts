/**
 * The table fingerprint: a hash of the table id and every seat's identity key,
 * shown as eight emoji with words, so friends can read it to each other by
 * voice. If a signaling server substituted a peer, the screens would show
 * different fingerprints. 8 symbols × 6 bits = 48 bits: grinding a key to
 * match a given fingerprint costs ~2^47 key generations.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';

const SYMBOLS: readonly (readonly [string, string])[] = [
  ['🦊', 'fox'],
  ['🐙', 'octopus'],
  ['🌵', 'cactus'],
  ['🍋', 'lemon'],
  ['🚲', 'bicycle'],
  ['🎻', 'violin'],
  ['🐝', 'bee'],
  ['🌙', 'moon'],
  ['🍄', 'mushroom'],
  ['🐢', 'turtle'],
  ['🎈', 'balloon'],
  ['🔑', 'key'],
  ['🦉', 'owl'],
  ['🍉', 'melon'],
  ['⚓', 'anchor'],
  ['🐳', 'whale'],
  ['🌻', 'sunflower'],
  ['🎩', 'hat'],
  ['🦀', 'crab'],
  ['🍒', 'cherry'],
  ['🚀', 'rocket'],
  ['🐧', 'penguin'],
  ['🌈', 'rainbow'],
  ['🎲', 'dice'],
  ['🦋', 'butterfly'],
  ['🍕', 'pizza'],
  ['⛵', 'sailboat'],
  ['🐌', 'snail'],
  ['🔔', 'bell'],
  ['🌶', 'pepper'],
  ['🦒', 'giraffe'],
  ['🍩', 'donut'],
  ['🪁', 'kite'],
  ['🐸', 'frog'],
  ['🌲', 'pine'],
  ['🎺', 'trumpet'],
  ['🦔', 'hedgehog'],
  ['🍇', 'grapes'],
  ['🧭', 'compass'],
  ['🐘', 'elephant'],
  ['❄', 'snowflake'],
  ['🎯', 'target'],
  ['🦜', 'parrot'],
  ['🥕', 'carrot'],
  ['🏮', 'lantern'],
  ['🐞', 'ladybug'],
  ['🌊', 'wave'],
  ['🧩', 'puzzle'],
  ['🦩', 'flamingo'],
  ['🍓', 'strawberry'],
  ['🔭', 'telescope'],
  ['🐿', 'squirrel'],
  ['🌋', 'volcano'],
  ['🎸', 'guitar'],
  ['🦓', 'zebra'],
  ['🥨', 'pretzel'],
  ['🛶', 'canoe'],
  ['🐬', 'dolphin'],
  ['🌰', 'chestnut'],
  ['🪐', 'planet'],
  ['🦚', 'peacock'],
  ['🍍', 'pineapple'],
  ['🧲', 'magnet'],
  ['🐨', 'koala'],
];
const SYMBOL_COUNT = 8;
const DOMAIN = utf8ToBytes('fairdeck/fingerprint/v1\0');

export interface Fingerprint {
  readonly emoji: string;
  readonly words: string;
}

/** `seatKeys` in seat order; a free seat is `null` (so the fingerprint changes when it fills). */
export function tableFingerprint(table: string, seatKeys: readonly (Uint8Array | null)[]): Fingerprint {
  const parts: Uint8Array[] = [DOMAIN, utf8ToBytes(table), new Uint8Array([seatKeys.length])];
  for (const key of seatKeys) parts.push(key ?? new Uint8Array(32));
  const digest = sha256(concatBytes(...parts));
  let bits = 0n;
  for (const byte of digest.subarray(0, 6)) bits = (bits << 8n) | BigInt(byte);
  const picked: (readonly [string, string])[] = [];
  for (let i = SYMBOL_COUNT - 1; i >= 0; i--) {
    picked.push(SYMBOLS[Number((bits >> BigInt(i * 6)) & 63n)]!);
  }
  return { emoji: picked.map(([e]) => e).join(''), words: picked.map(([, w]) => w).join(' ') };
}
