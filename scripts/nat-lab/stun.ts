/**
 * The few bytes of STUN (RFC 8489) the NAT lab needs to tell what a home's
 * router does: a Binding request (§5, §6.3.1: class request, method Binding,
 * the magic cookie and a 96-bit transaction id, no attributes) and, from the
 * success response, the address the server saw — XOR-MAPPED-ADDRESS (§14.2),
 * or MAPPED-ADDRESS (§14.1) from a server too old for the former. Pure: the
 * sockets are in probe.ts. IPv4 only; the lab has no IPv6.
 */

export const MAGIC_COOKIE = 0x2112a442;
const BINDING_REQUEST = 0x0001;
const BINDING_SUCCESS = 0x0101;
const MAPPED_ADDRESS = 0x0001;
const XOR_MAPPED_ADDRESS = 0x0020;
const HEADER_BYTES = 20;

export interface MappedAddress {
  readonly address: string;
  readonly port: number;
}

export type StunReading =
  { readonly ok: true; readonly mapped: MappedAddress } | { readonly ok: false; readonly error: string };

/** A Binding request with this 12-byte transaction id. */
export function bindingRequest(transaction: Uint8Array): Uint8Array {
  if (transaction.length !== 12) throw new Error(`a STUN transaction id is 12 bytes, not ${transaction.length}`);
  const bytes = new Uint8Array(HEADER_BYTES);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, BINDING_REQUEST);
  view.setUint16(2, 0);
  view.setUint32(4, MAGIC_COOKIE);
  bytes.set(transaction, 8);
  return bytes;
}

/**
 * The mapped address of a Binding success response to `transaction`, or why
 * these bytes are not one (another message, another transaction, no address).
 */
export function readBindingResponse(bytes: Uint8Array, transaction: Uint8Array): StunReading {
  if (bytes.length < HEADER_BYTES) return { ok: false, error: `${bytes.length} bytes: shorter than a STUN header` };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = view.getUint16(0);
  const length = view.getUint16(2);
  if (view.getUint32(4) !== MAGIC_COOKIE) return { ok: false, error: 'no STUN magic cookie' };
  if (type !== BINDING_SUCCESS)
    return { ok: false, error: `message type 0x${type.toString(16)}, not a Binding success` };
  if (HEADER_BYTES + length !== bytes.length)
    return { ok: false, error: `length field ${length} does not match ${bytes.length - HEADER_BYTES} attribute bytes` };
  for (let i = 0; i < 12; i++)
    if (bytes[8 + i] !== transaction[i]) return { ok: false, error: 'another transaction id' };
  let plain: MappedAddress | undefined;
  for (let at = HEADER_BYTES; at + 4 <= bytes.length;) {
    const attribute = view.getUint16(at);
    const size = view.getUint16(at + 2);
    const value = at + 4;
    if (value + size > bytes.length)
      return { ok: false, error: `attribute 0x${attribute.toString(16)} runs past the end` };
    if ((attribute === XOR_MAPPED_ADDRESS || attribute === MAPPED_ADDRESS) && size >= 8 && bytes[value + 1] === 0x01) {
      const xored = attribute === XOR_MAPPED_ADDRESS;
      const port = view.getUint16(value + 2) ^ (xored ? MAGIC_COOKIE >>> 16 : 0);
      const address = view.getUint32(value + 4) ^ (xored ? MAGIC_COOKIE : 0);
      const mapped = { address: [24, 16, 8, 0].map((shift) => (address >>> shift) & 0xff).join('.'), port };
      if (xored) return { ok: true, mapped };
      plain = mapped;
    }
    at = value + Math.ceil(size / 4) * 4;
  }
  return plain ? { ok: true, mapped: plain } : { ok: false, error: 'no IPv4 (XOR-)MAPPED-ADDRESS in the response' };
}
