/**
 * The NAT lab's self-test: before any browser relies on them, each home's
 * router is shown to be what the other lab tests call it, with UDP probes run
 * inside the namespaces (scripts/nat-lab/probe.ts) against coturn and an echo
 * server in the internet namespace.
 *
 * - cone: one inside socket asking STUN at 203.0.113.1:3478 and at
 *   203.0.113.2:3478 is seen from the same public address and port
 *   (endpoint-independent mapping).
 * - symmetric: the same socket is seen from a different port by each server
 *   (address-dependent mapping: what defeats STUN-only hole punching).
 * - both: of the three answers to one datagram — from the port it went to,
 *   from the next port, from the other address — only the first comes in
 *   (port-restricted filtering: nothing unsolicited).
 * - a home cannot reach the other home's private address, and the internet
 *   cannot reach a home's.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  HOMES,
  INET,
  probe,
  publicIp,
  SECOND_IP,
  SERVER_IP,
  setNat,
  startCoturn,
  startProbe,
  STUN_PORT,
  type Coturn,
  type HomeName,
  type LabProcess,
} from '../../scripts/nat-lab/lab.js';

interface Mapping {
  readonly mapped: ({ server: string; address: string; port: number } | { server: string; error: string })[];
}

let coturn: Coturn | undefined;
const echoes: LabProcess[] = [];
beforeAll(async () => {
  coturn = await startCoturn('routers-self-test');
});
afterAll(async () => {
  for (const echo of echoes) await echo.stop();
  await coturn?.process.stop();
  for (const home of ['h1', 'h2'] as const) setNat(home, 'cone');
});

function mappedPorts(home: HomeName): { address: string; port: number }[] {
  const answer = probe<Mapping>(HOMES[home].ns, 'mapping', `${SERVER_IP}:${STUN_PORT}`, `${SECOND_IP}:${STUN_PORT}`);
  return answer.mapped.map((m) => {
    if ('error' in m) throw new Error(`STUN from ${home} to ${m.server}: ${m.error}`);
    return { address: m.address, port: m.port };
  });
}

it('a cone router shows one public address and port to both STUN servers', () => {
  for (const home of ['h1', 'h2'] as const) {
    setNat(home, 'cone');
    const [first, second] = mappedPorts(home);
    expect(first!.address).toBe(publicIp(home));
    expect(second).toEqual(first);
  }
});

it('a symmetric router shows each STUN server another public port', () => {
  setNat('h2', 'symmetric');
  // --random-fully draws each port at random: two runs rule out a chance equal pair.
  const runs = [mappedPorts('h2'), mappedPorts('h2')];
  for (const [first, second] of runs) {
    expect(first!.address).toBe(publicIp('h2'));
    expect(second!.address).toBe(publicIp('h2'));
  }
  expect(runs.every(([first, second]) => first!.port !== second!.port)).toBe(true);
});

it('both kinds let in only the answer from the address and port a home sent to', async () => {
  echoes.push(await startProbe(INET, 'echo', SERVER_IP, '40000', SECOND_IP));
  for (const kind of ['cone', 'symmetric'] as const) {
    setNat('h2', kind);
    for (const home of ['h1', 'h2'] as const) {
      const answer = probe<{ heard: string[] }>(HOMES[home].ns, 'knock', `${SERVER_IP}:40000`, '1000');
      expect(answer.heard, `${home} behind a ${home === 'h2' ? kind : 'cone'} router`).toEqual(['same']);
    }
  }
});

it('no home reaches the other home, and the internet reaches neither', async () => {
  echoes.push(await startProbe(HOMES.h2.ns, 'echo', HOMES.h2.lanIp, '40000', '127.0.0.1'));
  // The echo answers from home 2 itself …
  expect(probe<{ heard: string[] }>(HOMES.h2.ns, 'knock', `${HOMES.h2.lanIp}:40000`, '500').heard).toContain('same');
  // … but nothing from home 1 or from the internet gets to it.
  expect(probe<{ heard: string[] }>(HOMES.h1.ns, 'knock', `${HOMES.h2.lanIp}:40000`, '1000').heard).not.toContain(
    'same',
  );
  expect(probe<{ heard: string[] }>(INET, 'knock', `${HOMES.h2.lanIp}:40000`, '1000').heard).not.toContain('same');
});
