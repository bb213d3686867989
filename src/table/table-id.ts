/**
 * Table ids and peer ids. A table id is `<8 random chars>-<16 hex of the
 * creator's key>`: the link itself names the creator, so a joiner accepts a
 * roster only from a key with that 64-bit prefix, and a signaling server
 * cannot pose as the creator without grinding ~2^64 keys. A peer's PeerJS id
 * is `fd-<table>-<16 hex of its key>`, derived, never chosen by the server.
 */
import { err, ok, type Result } from '../result.js';
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const TABLE_ID = /^([a-z2-9]{8})-([0-9a-f]{16})$/;
export const CREATOR_PREFIX_HEX = 16;

export function newTableId(
  creatorKeyHex: string,
  random: Uint8Array = crypto.getRandomValues(new Uint8Array(8)),
): string {
  let head = '';
  for (const byte of random.subarray(0, 8)) head += ALPHABET[byte % ALPHABET.length];
  return `${head}-${creatorKeyHex.slice(0, CREATOR_PREFIX_HEX)}`;
}

/** A table id read from text: the id and its creator's key prefix, or why it is not one. */
export type ParsedTableId = Result<{ readonly table: string; readonly creatorPrefix: string }, string>;

export function parseTableId(text: string): ParsedTableId {
  const match = TABLE_ID.exec(text);
  if (!match) return err(`"${text.slice(0, 40)}" is not a Fairdeck table id`);
  return ok({ table: text, creatorPrefix: match[2]! });
}

// The derivation lives in the net layer, which checks it on every `hello`.
export { peerIdFor } from '../net/peer-id.js';
