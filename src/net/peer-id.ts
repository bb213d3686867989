/**
 * Peer ids: a peer's PeerJS id at a table is `fd-<table>-<16 hex of its
 * ed25519 key>`, derived from its identity and never chosen by the signaling
 * server. The mesh checks the derivation on every `hello` (a signed key must
 * derive the id of the link it arrives on), so a peer that registers someone
 * else's id first cannot take that peer's place in the mesh: it would need a
 * key with the same 64-bit prefix (~2^64 work).
 */
export const PEER_ID_KEY_HEX = 16;

export function peerIdFor(table: string, keyHex: string): string {
  return `fd-${table}-${keyHex.slice(0, PEER_ID_KEY_HEX)}`;
}
