/**
 * The NAT lab's STUN codec (scripts/nat-lab/stun.ts), which its self-test
 * trusts to say what a router does: a Binding request is the RFC 8489 header
 * and nothing else, and a response is read only if it is a Binding success to
 * that very transaction, with the XOR-MAPPED-ADDRESS of RFC 5769 §2.2's
 * sample (192.0.2.1:32853) decoded, MAPPED-ADDRESS taken only when there is no
 * XOR form, and hostile or foreign bytes named instead of read.
 */
import { describe, expect, test } from 'vitest';
import { bindingRequest, readBindingResponse } from '../../scripts/nat-lab/stun.js';

const hex = (text: string) => Uint8Array.from(Buffer.from(text.replace(/\s+/g, ''), 'hex'));
const TRANSACTION = hex('b7e7a701 bc34d686 fa87dfae');
/** RFC 5769 §2.2's response with its SOFTWARE and XOR-MAPPED-ADDRESS attributes (integrity and fingerprint left out). */
const SOFTWARE = '8022 000b 74657374 20766563 746f7220';
const XOR_MAPPED = '0020 0008 0001a147 e112a643';
const response = (attributes: string, transaction = 'b7e7a701 bc34d686 fa87dfae', type = '0101') => {
  const body = hex(attributes);
  const length = body.length.toString(16).padStart(4, '0');
  return hex(`${type} ${length} 2112a442 ${transaction} ${attributes}`);
};

describe('bindingRequest', () => {
  test('is a 20-byte Binding request header with the magic cookie and the transaction id', () => {
    expect(Buffer.from(bindingRequest(TRANSACTION)).toString('hex')).toBe('000100002112a442b7e7a701bc34d686fa87dfae');
  });
  test('a transaction id of another length is refused', () => {
    expect(() => bindingRequest(new Uint8Array(11))).toThrow('a STUN transaction id is 12 bytes, not 11');
  });
});

describe('readBindingResponse', () => {
  test('reads RFC 5769’s XOR-MAPPED-ADDRESS past an attribute with padding', () => {
    expect(readBindingResponse(response(`${SOFTWARE} ${XOR_MAPPED}`), TRANSACTION)).toEqual({
      ok: true,
      mapped: { address: '192.0.2.1', port: 32853 },
    });
  });
  test('takes MAPPED-ADDRESS when there is no XOR form, and the XOR form over it when both are there', () => {
    const plain = '0001 0008 00018055 c0000202';
    expect(readBindingResponse(response(plain), TRANSACTION)).toEqual({
      ok: true,
      mapped: { address: '192.0.2.2', port: 32853 },
    });
    expect(readBindingResponse(response(`${plain} ${XOR_MAPPED}`), TRANSACTION)).toEqual({
      ok: true,
      mapped: { address: '192.0.2.1', port: 32853 },
    });
  });
  test.each<[string, Uint8Array, string]>([
    ['too short', hex('0101 0000 2112a442'), '8 bytes: shorter than a STUN header'],
    ['no magic cookie', hex(`0101 0000 2112a443 b7e7a701 bc34d686 fa87dfae`), 'no STUN magic cookie'],
    ['an error response', response(XOR_MAPPED, undefined, '0111'), 'message type 0x111, not a Binding success'],
    ['a request', response('', undefined, '0001'), 'message type 0x1, not a Binding success'],
    ['another transaction', response(XOR_MAPPED, 'b7e7a701 bc34d686 fa87dfaf'), 'another transaction id'],
    [
      'a length field that lies',
      hex(`0101 0010 2112a442 b7e7a701 bc34d686 fa87dfae ${XOR_MAPPED}`),
      'length field 16 does not match 12 attribute bytes',
    ],
    ['an attribute running past the end', response('0020 0010 0001a147 e112a643'), 'attribute 0x20 runs past the end'],
    [
      'only an IPv6 address',
      response('0020 0014 0002a147 0113a9fa a5d3f179 bc25f4b5 bed2b9d9'),
      'no IPv4 (XOR-)MAPPED-ADDRESS in the response',
    ],
    ['no address at all', response(SOFTWARE), 'no IPv4 (XOR-)MAPPED-ADDRESS in the response'],
  ])('%s: not read, and says why', (_what, bytes, error) => {
    expect(readBindingResponse(bytes, TRANSACTION)).toEqual({ ok: false, error });
  });
});
