/**
 * What a person is told about a signaling server: the checks of the fields
 * they type, the `ws://host:port/path/` form every error names, and the
 * probe that tells the likely cause, run against a real PeerServer (the `peer`
 * package, in this process, on a free port and path /fairdeck as `npm run
 * signal` starts it): right settings, wrong path, TLS ticked for a plain
 * server, nothing listening, and plain ws:// from an https page; and the
 * exact asks the probe makes, with `fetch` replaced by a recorder: the CORS
 * ask for `<path>/peerjs/id`, and, when that ask fails outright (a browser
 * refuses a CORS answer without headers), the no-cors ask at the server's
 * root on the same scheme that tells "something listens here, wrong path"
 * from "nothing here".
 */
import { createServer, type Server } from 'node:net';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PeerServer } from 'peer';
import {
  diagnoseSignaling,
  hostProblem,
  pathProblem,
  portProblem,
  SignalingError,
  signalingUrl,
} from '../../src/net/signaling.js';
import { loadedNow } from '../helpers/loaded-now.js';

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
  server = await new Promise<HttpServer>((resolve) =>
    PeerServer({ port, host: '127.0.0.1', path: '/fairdeck' }, resolve),
  );
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
    expect(signalingUrl({ host: 'localhost', port: 9000, path: '/fairdeck', secure: false })).toBe(
      'ws://localhost:9000/fairdeck/',
    );
    expect(signalingUrl({ host: 'peer.example.org', port: 443, path: '/', secure: true })).toBe(
      'wss://peer.example.org:443/',
    );
    const error = new SignalingError(
      { host: 'localhost', port: 9000, path: '/fairdeck', secure: false },
      'network',
      'Lost connection to server.',
    );
    expect(error.message).toBe(
      'could not reach the signaling server ws://localhost:9000/fairdeck/: Lost connection to server.',
    );
    expect(error.url).toBe('ws://localhost:9000/fairdeck/');
  });
});

describe('the probe names the likely cause', () => {
  const at = (patch: Partial<{ host: string; port: number; path: string; secure: boolean }> = {}) => ({
    host: '127.0.0.1',
    port,
    path: '/fairdeck',
    secure: false,
    ...patch,
  });

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

/**
 * The probe's requests themselves, against servers that are not a PeerServer:
 * a plain HTTP server that records what it is asked (and answers 404), and a
 * TLS server (answering 404) with a self-signed certificate for 127.0.0.1 (test/fixtures/tls,
 * made for these tests only; this file's worker accepts it), so both
 * directions of a TLS mismatch and the exact advice are checked.
 */
describe('the probe, request by request', () => {
  let recorder: HttpServer | undefined;
  let recorderPort = 0;
  let tls: HttpsServer | undefined;
  let tlsPort = 0;
  const asked: { url: string; mode: string | undefined; cache: string | undefined }[] = [];
  const previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

  beforeAll(async () => {
    recorder = createHttpServer((request, response) => {
      asked.push({
        url: request.url ?? '',
        mode: request.headers['sec-fetch-mode'] as string | undefined,
        cache: request.headers['cache-control'] as string | undefined,
      });
      response.statusCode = 404;
      response.end('not here');
    });
    recorderPort = await new Promise<number>((resolve) =>
      recorder!.listen(0, '127.0.0.1', () => resolve((recorder!.address() as { port: number }).port)),
    );
    const fixtures = fileURLToPath(new URL('../fixtures/tls/', import.meta.url));
    tls = createHttpsServer(
      { key: readFileSync(`${fixtures}localhost-key.pem`), cert: readFileSync(`${fixtures}localhost-cert.pem`) },
      (_request, response) => {
        response.statusCode = 404;
        response.end('tls here');
      },
    );
    tlsPort = await new Promise<number>((resolve) =>
      tls!.listen(0, '127.0.0.1', () => resolve((tls!.address() as { port: number }).port)),
    );
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  });
  afterAll(async () => {
    if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls;
    for (const s of [recorder, tls]) {
      s?.closeAllConnections();
      await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
    }
  });

  it('asks <path>/peerjs/id once, uncached, as a CORS request; a 404 there is a wrong path', async () => {
    asked.length = 0;
    const diagnosis = await diagnoseSignaling({
      host: '127.0.0.1',
      port: recorderPort,
      path: '/fairdeck',
      secure: false,
    });
    expect(diagnosis).toEqual({
      cause: 'wrong-path',
      advice: `something answers at http://127.0.0.1:${recorderPort}, but no PeerServer at path /fairdeck: check the Path setting (the --path the server was started with)`,
    });
    expect(asked).toEqual([{ url: '/fairdeck/peerjs/id', mode: 'cors', cache: 'no-cache' }]);
  });

  it('the PeerServer answering: the advice says to try again', async () => {
    expect(await diagnoseSignaling({ host: '127.0.0.1', port, path: '/fairdeck', secure: false })).toEqual({
      cause: 'answers',
      advice: `the server at 127.0.0.1:${port} answers now: try again`,
    });
  });

  it('a TLS server with TLS not ticked: tick TLS', async () => {
    expect(await diagnoseSignaling({ host: '127.0.0.1', port: tlsPort, path: '/fairdeck', secure: false })).toEqual({
      cause: 'tls-mismatch',
      advice: `the server at 127.0.0.1:${tlsPort} speaks TLS (https/wss): tick TLS`,
    });
  });

  it('TLS ticked and the TLS server answers, but not as a PeerServer: a wrong path at https', async () => {
    expect(await diagnoseSignaling({ host: '127.0.0.1', port: tlsPort, path: '/fairdeck', secure: true })).toEqual({
      cause: 'wrong-path',
      advice: `something answers at https://127.0.0.1:${tlsPort}, but no PeerServer at path /fairdeck: check the Path setting (the --path the server was started with)`,
    });
  });

  it('TLS ticked for a plain server: untick TLS, word for word', async () => {
    expect(await diagnoseSignaling({ host: '127.0.0.1', port: recorderPort, path: '/fairdeck', secure: true })).toEqual(
      {
        cause: 'tls-mismatch',
        advice: `the server at 127.0.0.1:${recorderPort} speaks plain http/ws, not TLS: untick TLS`,
      },
    );
  });

  it('mixed content, word for word; an http page is not mixed content', async () => {
    expect(
      await diagnoseSignaling({ host: '127.0.0.1', port: recorderPort, path: '/fairdeck', secure: false }, 'https:'),
    ).toEqual({
      cause: 'mixed-content',
      advice:
        'this page was loaded over https, and browsers block plain ws:// from it: tick TLS (the server must speak wss), or open the app over http',
    });
    expect(
      (await diagnoseSignaling({ host: '127.0.0.1', port: tlsPort, path: '/fairdeck', secure: true }, 'https:')).cause,
    ).toBe('wrong-path');
  });

  it('nothing listening, word for word', async () => {
    const free = await freePort();
    expect(await diagnoseSignaling({ host: '127.0.0.1', port: free, path: '/fairdeck', secure: false })).toEqual({
      cause: 'nothing-listening',
      advice: `nothing answers at 127.0.0.1:${free}: is the PeerServer running (npm run signal), and are Host and Port right?`,
    });
  });

  it('a bad setting, word for word', async () => {
    expect(await diagnoseSignaling({ host: '127.0.0.1', port: 0, path: '/', secure: false })).toEqual({
      cause: 'bad-setting',
      advice: 'the signaling setting is wrong: the port must be 1–65535',
    });
    expect((await diagnoseSignaling({ host: '127.0.0.1', port: 9000, path: 'x', secure: false })).advice).toBe(
      'the signaling setting is wrong: the path starts with / (the --path the server was started with; / if none)',
    );
  });
});

describe('the fields a person types, edge by edge', () => {
  it.each<[string, string | null]>([
    ['a', null],
    ['x.y', null],
    ['  peer.example.org  ', null],
    ['   ', 'give the PeerServer’s host name or address'],
    ['', 'give the PeerServer’s host name or address'],
    ['host/x://y', 'leave out the path: it has its own field'],
    ['HTTPS://peer', 'leave out the scheme (ws://, https://): TLS is the checkbox below'],
    ['[::1]x', 'a host is letters, digits, dots and dashes (or an address)'],
    ['x[::1]', 'a host is letters, digits, dots and dashes (or an address)'],
    ['[FE80::1]', null],
    ['a:b', 'a host is letters, digits, dots and dashes (or an address)'],
    ['a:', 'leave out the port: it has its own field'],
    ['-a', 'a host is letters, digits, dots and dashes (or an address)'],
    ['a-', 'a host is letters, digits, dots and dashes (or an address)'],
    ['a..b', 'a host is letters, digits, dots and dashes (or an address)'],
  ])('host %j → %s', (host, problem) => {
    expect(hostProblem(host)).toBe(problem);
  });

  it.each<[string | number, string | null]>([
    [1, null],
    [65535, null],
    ['65536', 'the port must be 1–65535'],
    [' 9000 ', null],
    ['a9000', 'the port is a number, e.g. 9000'],
    ['9000a', 'the port is a number, e.g. 9000'],
    ['', 'the port is a number, e.g. 9000'],
  ])('port %j → %s', (value, problem) => {
    expect(portProblem(value)).toBe(problem);
  });

  it.each<[string, string | null]>([
    [' /fairdeck ', null],
    ['/a b', 'the path has no spaces, ? or #'],
    ['/a#b', 'the path has no spaces, ? or #'],
    ['/a?b', 'the path has no spaces, ? or #'],
  ])('path %j → %s', (value, problem) => {
    expect(pathProblem(value)).toBe(problem);
  });

  it('a path is given its slashes for the URL', () => {
    expect(signalingUrl({ host: 'h', port: 1, path: 'x', secure: false })).toBe('ws://h:1/x/');
    expect(signalingUrl({ host: 'h', port: 1, path: '/x/', secure: false })).toBe('ws://h:1/x/');
    expect(signalingUrl({ host: 'h', port: 1, path: '', secure: true })).toBe('wss://h:1/');
  });

  it('the error is a SignalingError naming its server and type', () => {
    const server = { host: 'h', port: 1, path: '/', secure: false };
    const error = new SignalingError(server, 'server-error', 'boom');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SignalingError');
    expect(error.type).toBe('server-error');
    expect(error.server).toBe(server);
  });
});

interface Asked {
  readonly url: string;
  readonly mode: RequestMode | undefined;
}

/** A fetch that records each ask and answers by `reply` (undefined: the ask fails). */
function recordingFetch(asked: Asked[], reply: (url: string, mode: RequestMode | undefined) => Response | undefined) {
  return async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    asked.push({ url, mode: init?.mode });
    const answer = reply(url, init?.mode);
    if (!answer) throw new TypeError('Failed to fetch');
    return answer;
  };
}

/**
 * The module is loaded inside each test (loadedNow, docs/TESTING.md) so that
 * the PeerJS key in the asked path is read as the module defines it now.
 */
describe('the probe, ask by ask, with fetch recorded', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('the PeerServer answering: one CORS ask for <path>/peerjs/id', async () => {
    const asked: Asked[] = [];
    vi.stubGlobal(
      'fetch',
      recordingFetch(asked, (url) => (url.endsWith('/peerjs/id') ? new Response('abc') : undefined)),
    );
    const { diagnoseSignaling } = await loadedNow(() => import('../../src/net/signaling.js'));
    const d = await diagnoseSignaling({ host: 'cards.example', port: 9000, path: '/fairdeck', secure: true });
    expect(d).toEqual({ cause: 'answers', advice: 'the server at cards.example:9000 answers now: try again' });
    expect(asked).toEqual([{ url: 'https://cards.example:9000/fairdeck/peerjs/id', mode: 'cors' }]);
  });

  it('the CORS ask fails but the root answers a no-cors ask on the same scheme: a wrong path', async () => {
    const asked: Asked[] = [];
    vi.stubGlobal(
      'fetch',
      recordingFetch(asked, (url, mode) =>
        url === 'http://cards.example:9000/' && mode === 'no-cors' ? new Response('') : undefined,
      ),
    );
    const { diagnoseSignaling } = await loadedNow(() => import('../../src/net/signaling.js'));
    const d = await diagnoseSignaling({ host: 'cards.example', port: 9000, path: '/fairdeck', secure: false });
    expect(d).toEqual({
      cause: 'wrong-path',
      advice:
        'something answers at http://cards.example:9000, but no PeerServer at path /fairdeck: check the Path setting (the --path the server was started with)',
    });
    expect(asked).toEqual([
      { url: 'http://cards.example:9000/fairdeck/peerjs/id', mode: 'cors' },
      { url: 'http://cards.example:9000/', mode: 'no-cors' },
    ]);
  });

  it("nothing on either scheme: three asks, the last at the other scheme's root", async () => {
    const asked: Asked[] = [];
    vi.stubGlobal(
      'fetch',
      recordingFetch(asked, () => undefined),
    );
    const { diagnoseSignaling } = await loadedNow(() => import('../../src/net/signaling.js'));
    const d = await diagnoseSignaling({ host: 'cards.example', port: 9000, path: '/fairdeck/', secure: false });
    expect(d.cause).toBe('nothing-listening');
    expect(asked).toEqual([
      { url: 'http://cards.example:9000/fairdeck/peerjs/id', mode: 'cors' },
      { url: 'http://cards.example:9000/', mode: 'no-cors' },
      { url: 'https://cards.example:9000/', mode: 'no-cors' },
    ]);
  });
});
