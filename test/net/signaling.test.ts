/**
 * What a person is told about a signaling server: the checks of the fields
 * they type, the `ws://host:port/path/` form every error names, and the
 * probe that tells the likely cause, run against a real PeerServer (the `peer`
 * package, in this process, on a free port and path /fairdeck as `npm run
 * signal` starts it): right settings, wrong path, TLS ticked for a plain
 * server, nothing listening, and plain ws:// from an https page.
 */
import { createServer, type Server } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PeerServer } from 'peer';
import { diagnoseSignaling, hostProblem, pathProblem, portProblem, SignalingError, signalingUrl } from '../../src/net/signaling.js';

async function freePort(): Promise<number> {
  const probe: Server = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

let port = 0;
let server: HttpServer | undefined;
beforeAll(async () => {
  port = await freePort();
  server = await new Promise<HttpServer>((resolve) => PeerServer({ port, host: '127.0.0.1', path: '/fairdeck' }, resolve));
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

describe('the fields a person types', () => {
  it('a host is a name or an address, without scheme, port or path', () => {
    expect(hostProblem('peer.example.org')).toBeNull();
    expect(hostProblem('192.168.1.20')).toBeNull();
    expect(hostProblem('[::1]')).toBeNull();
    expect(hostProblem('')).toMatch(/host/);
    expect(hostProblem('https://peer.example.org')).toMatch(/scheme/);
    expect(hostProblem('ws://localhost:9000')).toMatch(/scheme/);
    expect(hostProblem('localhost:9000')).toMatch(/port/);
    expect(hostProblem('localhost/fairdeck')).toMatch(/path/);
    expect(hostProblem('my host')).toMatch(/letters, digits/);
  });

  it('a port is 1–65535 and a path starts with / and has no query', () => {
    expect(portProblem('9000')).toBeNull();
    expect(portProblem(443)).toBeNull();
    expect(portProblem('0')).toMatch(/1–65535/);
    expect(portProblem('70000')).toMatch(/1–65535/);
    expect(portProblem('90a')).toMatch(/number/);
    expect(pathProblem('/')).toBeNull();
    expect(pathProblem('/fairdeck')).toBeNull();
    expect(pathProblem('fairdeck')).toMatch(/starts with \//);
    expect(pathProblem('/a?b')).toMatch(/\?/);
  });

  it('errors name the server as PeerJS opens it', () => {
    expect(signalingUrl({ host: 'localhost', port: 9000, path: '/fairdeck', secure: false })).toBe('ws://localhost:9000/fairdeck/');
    expect(signalingUrl({ host: 'peer.example.org', port: 443, path: '/', secure: true })).toBe('wss://peer.example.org:443/');
    const error = new SignalingError({ host: 'localhost', port: 9000, path: '/fairdeck', secure: false }, 'network', 'Lost connection to server.');
    expect(error.message).toBe('could not reach the signaling server ws://localhost:9000/fairdeck/: Lost connection to server.');
    expect(error.url).toBe('ws://localhost:9000/fairdeck/');
  });
});

describe('the probe names the likely cause', () => {
  const at = (patch: Partial<{ host: string; port: number; path: string; secure: boolean }> = {}) => ({ host: '127.0.0.1', port, path: '/fairdeck', secure: false, ...patch });

  it('the right settings: the server answers', async () => {
    expect((await diagnoseSignaling(at())).cause).toBe('answers');
    expect((await diagnoseSignaling(at({ path: '/fairdeck/' }))).cause).toBe('answers');
  });

  it('a wrong path', async () => {
    const diagnosis = await diagnoseSignaling(at({ path: '/' }));
    expect(diagnosis.cause).toBe('wrong-path');
    expect(diagnosis.advice).toContain('Path');
  });

  it('TLS ticked for a plain server', async () => {
    const diagnosis = await diagnoseSignaling(at({ secure: true }));
    expect(diagnosis.cause).toBe('tls-mismatch');
    expect(diagnosis.advice).toContain('untick TLS');
  });

  it('nothing listening on the port', async () => {
    const diagnosis = await diagnoseSignaling(at({ port: await freePort() }));
    expect(diagnosis.cause).toBe('nothing-listening');
    expect(diagnosis.advice).toContain('npm run signal');
  });

  it('a setting saved before the form checked it is named, not probed', async () => {
    const diagnosis = await diagnoseSignaling(at({ host: `127.0.0.1:${port}` }));
    expect(diagnosis.cause).toBe('bad-setting');
    expect(diagnosis.advice).toContain('leave out the port');
  });

  it('plain ws:// from an https page', async () => {
    expect((await diagnoseSignaling(at(), 'https:')).cause).toBe('mixed-content');
  });
});
