/**
 * A page's side of `GET /ice` (src/net/ice-servers.ts): where the endpoint is
 * for a signaling server (beside its path, whatever origin the page has), a
 * hostile answer refused with what is wrong, when credentials are renewed,
 * and an IceSource against the real server (startServer on port 0, real
 * HTTP): it takes the answer, renews a credential before it expires (a
 * short-lived one here), tells a server without the endpoint (404) from one
 * that cannot be reached, and keeps nothing expired.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchIce, IceSource, iceUrlFor, parseIceAnswer, refreshDelayMs } from '../../src/net/ice-servers.js';
import { startServer, type StartedServer } from '../../server/main.js';
import { iceConfigFromEnv } from '../../server/ice.js';

describe('iceUrlFor: the endpoint beside the signaling path', () => {
  it.each([
    [{ host: '192.168.1.5', port: 5173, path: '/peerjs', secure: false }, 'http://192.168.1.5:5173/ice'],
    [{ host: 'cards.example.org', port: 443, path: '/peerjs', secure: true }, 'https://cards.example.org:443/ice'],
    [
      { host: 'cards.example.org', port: 443, path: '/fairdeck/peerjs/', secure: true },
      'https://cards.example.org:443/fairdeck/ice',
    ],
    [{ host: 'peer.example.org', port: 9000, path: '/fairdeck', secure: false }, 'http://peer.example.org:9000/ice'],
    [{ host: 'peer.example.org', port: 9000, path: '/', secure: false }, 'http://peer.example.org:9000/ice'],
    [{ host: '[::1]', port: 5173, path: '/peerjs', secure: false }, 'http://[::1]:5173/ice'],
  ])('%j → %s', (server, url) => {
    expect(iceUrlFor(server)).toBe(url);
  });
});

describe('parseIceAnswer', () => {
  const turn = { urls: ['turn:t.example.org:3478'], username: '1:x', credential: 'c' };
  it.each<[string, unknown]>([
    ['an empty list', { iceServers: [], expiresAt: null }],
    [
      'STUN, and TURN with credentials',
      { iceServers: [{ urls: 'stun:s.example.org' }, turn], expiresAt: 1_700_000_000_000 },
    ],
  ])('takes %s', (_what, answer) => {
    expect(parseIceAnswer(answer)).toEqual({ ok: true, value: answer });
  });

  it.each<[string, unknown, RegExp]>([
    ['not an object', 'stun:s.example.org', /not an ICE answer/],
    ['no expiresAt', { iceServers: [] }, /expiresAt/],
    ['an http URL', { iceServers: [{ urls: 'http://x' }], expiresAt: null }, /iceServers\.0\.urls/],
    ['a URL with a space', { iceServers: [{ urls: ['stun:a b'] }], expiresAt: null }, /urls/],
    [
      'an unknown field',
      { iceServers: [{ urls: 'stun:s.example.org', credentialType: 'oauth' }], expiresAt: null },
      /credentialType/,
    ],
    ['a huge credential', { iceServers: [{ ...turn, credential: 'x'.repeat(600) }], expiresAt: null }, /credential/],
    [
      'too many servers',
      { iceServers: Array.from({ length: 9 }, () => ({ urls: 'stun:s.example.org' })), expiresAt: null },
      /iceServers/,
    ],
    ['a negative expiry', { iceServers: [], expiresAt: -1 }, /expiresAt/],
  ])('refuses %s', (_what, answer, error) => {
    const parsed = parseIceAnswer(answer);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(error);
  });
});

describe('refreshDelayMs', () => {
  it.each<[number | null, number, number | null]>([
    [null, 0, null],
    [6 * 3600_000, 0, 5.5 * 3600_000],
    [40 * 60_000, 0, 20 * 60_000],
    [90 * 60_000, 0, 60 * 60_000],
    [10 * 60_000, 0, 5 * 60_000],
    [1000, 0, 500],
    [1000, 5000, 0],
  ])('expiring at %s, now %d → %s', (expiresAt, now, delay) => {
    expect(refreshDelayMs(expiresAt, now)).toBe(delay);
  });
});

describe('fetchIce: each failure by its code, in the words it has always had', () => {
  const url = 'http://ice.example.org/ice';
  const answering =
    (response: Response): typeof fetch =>
    () =>
      Promise.resolve(response);
  it.each<[string, Response, string, string]>([
    ['no endpoint', new Response('no such page', { status: 404 }), 'missing', `${url} is not there`],
    ['another status', new Response('busy', { status: 503 }), 'status', `${url} answered 503`],
    ['an index page', new Response('<!doctype html>'), 'not-json', `${url} answered something other than JSON`],
    ['JSON that is no answer', new Response('{"iceServers":[]}'), 'invalid', `${url}: not an ICE answer`],
  ])('%s: %s', async (_what, response, code, detail) => {
    const answer = await fetchIce(url, answering(response));
    expect(answer).toEqual({ ok: false, error: { code, detail: expect.stringContaining(detail) } });
  });

  it('an index page is no endpoint (none, not asked again); another status is a failure (asked again)', async () => {
    const page = new IceSource(url, answering(new Response('<!doctype html>')));
    const busy = new IceSource(url, answering(new Response('busy', { status: 503 })));
    await Promise.all([page.ready(), busy.ready()]);
    expect(page.state.status).toBe('none');
    expect(busy.state).toEqual({ status: 'failed', error: `${url} answered 503`, grant: null });
    page.stop();
    busy.stop();
  });
});

describe('IceSource against the real server', () => {
  let bundle: string;
  let app: StartedServer;
  let notFound: Server;
  const sources: IceSource[] = [];
  beforeAll(async () => {
    bundle = mkdtempSync(path.join(tmpdir(), 'fairdeck-bundle-'));
    writeFileSync(path.join(bundle, 'index.html'), '<!doctype html><title>Fairdeck</title>');
    const config = iceConfigFromEnv({ TURN_URLS: 'turn:127.0.0.1:3478', TURN_SECRET: 'fairdeck-test-secret-0123' });
    // Credentials good for 2 s: the source must ask again after about 1 s.
    app = await startServer('preview', 0, '127.0.0.1', { ...config, ttlSeconds: 2 }, bundle);
    notFound = createServer((_req, res) => res.writeHead(404).end('no such page'));
    await new Promise<void>((resolve) => notFound.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const source of sources) source.stop();
    await app.close();
    await new Promise((resolve) => notFound.close(resolve));
    rmSync(bundle, { recursive: true, force: true });
  });
  const track = (source: IceSource) => (sources.push(source), source);

  it('takes the answer, then renews the credential before it expires', async () => {
    const source = track(new IceSource(`http://127.0.0.1:${app.port}/ice`));
    let changes = 0;
    source.subscribe(() => changes++);
    await source.ready();
    expect(source.state.status).toBe('ok');
    const first = source.iceServers[0]!;
    expect(first.urls).toEqual(['turn:127.0.0.1:3478']);
    await expect.poll(() => source.iceServers[0]?.username, { timeout: 4000, interval: 100 }).not.toBe(first.username);
    expect(changes).toBeGreaterThanOrEqual(2);
  });

  it('a server without the endpoint says none; one that cannot be reached says failed', async () => {
    const address = notFound.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const missing = track(new IceSource(`http://127.0.0.1:${port}/ice`));
    await missing.ready();
    expect(missing.state).toEqual({
      status: 'none',
      error: expect.stringMatching(/is not there \(the server hands out no ICE servers\)/),
    });
    const answer = await fetchIce('http://127.0.0.1:9/ice');
    expect(answer).toEqual({
      ok: false,
      error: { code: 'unreachable', detail: expect.stringMatching(/^no answer from http:\/\/127\.0\.0\.1:9\/ice/) },
    });
  });

  it('an expired grant gives no servers', async () => {
    let now = Date.now();
    const source = track(new IceSource(`http://127.0.0.1:${app.port}/ice`, fetch, () => now));
    await source.ready();
    expect(source.iceServers).toHaveLength(1);
    now += 10_000;
    expect(source.iceServers).toEqual([]);
  });
});
