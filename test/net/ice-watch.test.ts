/**
 * Why a link did not open, from what its RTCPeerConnection showed
 * (src/net/ice-watch.ts), table-driven: nobody answered → nobody serves the
 * table; a TURN server's error code → the relay refused; the browser refusing
 * the TURN settings → refused too; no TURN configured → the table needs a
 * relay; TURN configured but no relay address → unreachable. Also the route
 * of an open link from a getStats() report (Chrome's `selectedCandidatePairId`,
 * Firefox's `selected`, and the nominated pair), and the name another page
 * gives in its dial, cleaned of what a log line must not carry. Real failures
 * in Chromium with a real coturn: test/browser/ice-failures.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { classifyLinkFailure, labelOf, routeOfStats, type IceEvidence } from '../../src/net/ice-watch.js';

const TURN_UDP = 'turn:turn.example.org:3478?transport=udp';
const none: IceEvidence = { answered: true, turnUrls: [], refused: [], relayGathered: false, candidateErrors: [] };
const withTurn: IceEvidence = { ...none, turnUrls: [TURN_UDP] };

describe('classifyLinkFailure', () => {
  it.each<[string, IceEvidence, string, RegExp]>([
    ['no answer to the offer', { ...withTurn, answered: false }, 'unserved', /no page answered/],
    [
      'no answer, even with a TURN 401: the missing page comes first',
      { ...withTurn, answered: false, candidateErrors: [{ url: TURN_UDP, errorCode: 401, errorText: 'Unauthorized' }] },
      'unserved',
      /not open/,
    ],
    [
      'TURN answered 401',
      { ...withTurn, candidateErrors: [{ url: TURN_UDP, errorCode: 401, errorText: 'Unauthorized' }] },
      'relay-refused',
      /turn:turn\.example\.org:3478\?transport=udp answered 401 Unauthorized \(the credentials are wrong or expired\)/,
    ],
    [
      'TURN answered 441 Wrong Credentials, after a 701 on another interface',
      {
        ...withTurn,
        candidateErrors: [
          { url: TURN_UDP, errorCode: 701, errorText: 'TURN host lookup received error.' },
          { url: TURN_UDP, errorCode: 441, errorText: 'Wrong Credentials' },
        ],
      },
      'relay-refused',
      /answered 441 Wrong Credentials/,
    ],
    [
      'TURN answered 486 Allocation Quota Reached',
      { ...withTurn, candidateErrors: [{ url: TURN_UDP, errorCode: 486, errorText: '' }] },
      'relay-refused',
      /answered 486$/,
    ],
    [
      'a STUN server error says nothing about the relay',
      { ...none, candidateErrors: [{ url: 'stun:stun.example.org', errorCode: 401, errorText: 'x' }] },
      'needs-relay',
      /no relay \(TURN\) server is set/,
    ],
    [
      'the browser refused the TURN settings',
      { ...none, refused: [{ url: 'turn:t.example.org', reason: 'Both username and credential are required' }] },
      'relay-refused',
      /the browser refused turn:t\.example\.org: Both username and credential are required/,
    ],
    ['answered, no TURN at all', none, 'needs-relay', /no direct path/],
    [
      'TURN configured, could not be reached (701)',
      {
        ...withTurn,
        candidateErrors: [{ url: TURN_UDP, errorCode: 701, errorText: 'TURN allocate request timed out' }],
      },
      'relay-unreachable',
      /could not be reached \(701 TURN allocate request timed out\)/,
    ],
    [
      'TURN configured, silent, no relay address',
      withTurn,
      'relay-unreachable',
      /no answer from turn:turn\.example\.org/,
    ],
    [
      'a relay address came, and still nothing',
      { ...withTurn, relayGathered: true },
      'relay-unreachable',
      /gave a relay address, but nothing came through it/,
    ],
  ])('%s → %s', (_what, evidence, cause, detail) => {
    const result = classifyLinkFailure(evidence);
    expect(result.cause).toBe(cause);
    expect(result.detail).toMatch(detail);
  });
});

describe('routeOfStats', () => {
  const candidates = (local: string, remote: string) =>
    [
      ['L', { type: 'local-candidate', candidateType: local }],
      ['R', { type: 'remote-candidate', candidateType: remote }],
      ['X', { type: 'local-candidate', candidateType: 'relay' }],
    ] as [string, Record<string, unknown>][];
  const report = (...entries: [string, Record<string, unknown>][]) => new Map(entries);
  const pair = (extra: Record<string, unknown> = {}) =>
    ['P', { type: 'candidate-pair', localCandidateId: 'L', remoteCandidateId: 'R', ...extra }] as [
      string,
      Record<string, unknown>,
    ];
  const unused = ['Q', { type: 'candidate-pair', localCandidateId: 'X', remoteCandidateId: 'R', nominated: false }] as [
    string,
    Record<string, unknown>,
  ];
  const transport = ['T', { type: 'transport', selectedCandidatePairId: 'P' }] as [string, Record<string, unknown>];

  it.each<[string, Map<string, Record<string, unknown>>, string | null]>([
    ['host to host (Chrome)', report(transport, unused, pair(), ...candidates('host', 'host')), 'direct'],
    ['srflx to prflx (through NATs, no relay)', report(transport, pair(), ...candidates('srflx', 'prflx')), 'direct'],
    ['our relay', report(transport, pair(), ...candidates('relay', 'host')), 'turn'],
    ['their relay', report(transport, pair(), ...candidates('srflx', 'relay')), 'turn'],
    ['Firefox: the selected pair', report(unused, pair({ selected: true }), ...candidates('relay', 'srflx')), 'turn'],
    [
      'a nominated, succeeded pair',
      report(unused, pair({ nominated: true, state: 'succeeded' }), ...candidates('host', 'srflx')),
      'direct',
    ],
    ['no pair selected yet', report(unused, pair(), ...candidates('host', 'host')), null],
    ['a pair whose candidates are missing', report(transport, pair()), null],
  ])('%s → %s', (_what, stats, route) => {
    expect(routeOfStats(stats)).toBe(route);
  });
});

describe('labelOf (the name a dialling page sends)', () => {
  it.each<[string, unknown, string | null]>([
    ['a name', { name: 'Bob' }, 'Bob'],
    ['spaces folded and trimmed', { name: '  Bob \t the  Builder ' }, 'Bob the Builder'],
    ['control and bidi characters dropped', { name: 'Bo\u0000b\u202e\u0007' }, 'Bob'],
    ['cut to 32 characters', { name: 'x'.repeat(100) }, 'x'.repeat(32)],
    ['nothing left', { name: '\u200b\u0000 ' }, null],
    ['not a string', { name: 42 }, null],
    ['no metadata', undefined, null],
    ['a string as metadata', 'Bob', null],
  ])('%s', (_what, metadata, label) => {
    expect(labelOf(metadata)).toBe(label);
  });
});
