/**
 * The ICE servers the app's server hands out (server/ice.ts): TURN REST API
 * credentials checked against vectors computed by OpenSSL
 * (`echo -n USER | openssl dgst -sha1 -hmac SECRET -binary | base64`) and,
 * for fresh ones, by @noble/hashes (another HMAC-SHA1 than node:crypto's);
 * the expiry and the username's form; hostile environment values refused
 * with the variable's name; and `GET /ice` over real HTTP from the real
 * server (startServer on port 0): empty without variables, STUN alone, STUN
 * and TURN with a fresh credential each time, and a process that will not
 * start when a variable is wrong.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmac } from '@noble/hashes/hmac.js';
import { sha1 } from '@noble/hashes/legacy.js';
import { startServer, type StartedServer } from '../../server/main.js';
import {
  iceAnswer,
  iceConfigFromEnv,
  IceConfigError,
  mintTurnCredential,
  NO_ICE,
  TURN_TTL_SECONDS,
  type IceConfig,
} from '../../server/ice.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECRET = 'fairdeck-test-secret-0123';

const base64Hmac = (secret: string, text: string) =>
  Buffer.from(hmac(sha1, new TextEncoder().encode(secret), new TextEncoder().encode(text))).toString('base64');

describe('TURN REST API credentials', () => {
  it.each([
    // [secret, now (ms), ttl (s), id, username, credential by OpenSSL]
    [SECRET, 1_700_000_000_000, 21_600, 'abc123', '1700021600:abc123', 'HPh48r+ShuuVxVk8yJ3n/lQE3bo='],
    ['north-north-north-north', 1_700_000_000_999, 60, 'q', '1700000060:q', 'vAvhkwtL+rVV+Dci1qcanvkqJ9Q='],
  ])('secret %s at %d, ttl %d s, id %s → %s', (secret, now, ttl, id, username, credential) => {
    const minted = mintTurnCredential(secret, now, ttl, id);
    expect(minted).toEqual({ username, credential, expiresAt: Number(username.split(':')[0]) * 1000 });
  });

  it('a fresh credential: expiry a few hours on, a random id, the HMAC of exactly that username', () => {
    const now = Date.UTC(2026, 10, 29, 12, 0, 0);
    const a = mintTurnCredential(SECRET, now);
    const b = mintTurnCredential(SECRET, now);
    for (const minted of [a, b]) {
      expect(minted.username).toMatch(/^\d{10}:[A-Za-z0-9_-]{12}$/);
      expect(Number(minted.username.split(':')[0])).toBe(now / 1000 + TURN_TTL_SECONDS);
      expect(minted.expiresAt - now).toBe(TURN_TTL_SECONDS * 1000);
      expect(minted.credential).toBe(base64Hmac(SECRET, minted.username));
    }
    expect(TURN_TTL_SECONDS).toBeGreaterThanOrEqual(2 * 3600);
    expect(TURN_TTL_SECONDS).toBeLessThanOrEqual(12 * 3600);
    expect(a.username).not.toBe(b.username);
    expect(mintTurnCredential('another-secret-of-length', now, TURN_TTL_SECONDS, 'x').credential).not.toBe(
      mintTurnCredential(SECRET, now, TURN_TTL_SECONDS, 'x').credential,
    );
  });

  it('an id with a colon would change what coturn reads as the expiry: refused', () => {
    expect(() => mintTurnCredential(SECRET, 0, 60, 'a:b')).toThrow('a TURN REST id holds no colon: a:b');
  });
});

describe('the ICE variables', () => {
  it.each([
    ['nothing set', {}, NO_ICE],
    ['empty values', { STUN_URLS: '', TURN_URLS: '', TURN_SECRET: '' }, NO_ICE],
    [
      'STUN only, spaces and a trailing comma tolerated',
      { STUN_URLS: ' stun:stun.example.org:3478 , stuns:[2001:db8::1]:5349, ' },
      { ...NO_ICE, stunUrls: ['stun:stun.example.org:3478', 'stuns:[2001:db8::1]:5349'] },
    ],
    [
      'STUN and TURN with a secret',
      {
        STUN_URLS: 'stun:turn.example.org',
        TURN_URLS:
          'turn:turn.example.org:3478?transport=udp,turn:turn.example.org:3478?transport=tcp,turns:turn.example.org:5349',
        TURN_SECRET: SECRET,
      },
      {
        stunUrls: ['stun:turn.example.org'],
        turnUrls: [
          'turn:turn.example.org:3478?transport=udp',
          'turn:turn.example.org:3478?transport=tcp',
          'turns:turn.example.org:5349',
        ],
        turnSecret: SECRET,
        ttlSeconds: TURN_TTL_SECONDS,
      },
    ],
  ])('%s', (_what, env, config) => {
    expect(iceConfigFromEnv(env)).toEqual(config);
  });

  it.each([
    ['TURN without a secret', { TURN_URLS: 'turn:t.example.org' }, 'TURN_URLS is set but TURN_SECRET is not'],
    ['a secret without TURN', { TURN_SECRET: SECRET }, 'TURN_SECRET is set but TURN_URLS is not'],
    ['a short secret', { TURN_URLS: 'turn:t.example.org', TURN_SECRET: 'north' }, 'TURN_SECRET is shorter than 16'],
    [
      'a secret with a line break',
      { TURN_URLS: 'turn:t.example.org', TURN_SECRET: `${SECRET}\nx` },
      'TURN_SECRET holds a control character',
    ],
    [
      'a secret with a space at its end',
      { TURN_URLS: 'turn:t.example.org', TURN_SECRET: `${SECRET} ` },
      'begins or ends with a space',
    ],
    [
      'a TURN URL in STUN_URLS',
      { STUN_URLS: 'turn:t.example.org' },
      'STUN_URLS: "turn:t.example.org" must start with stun: or stuns:',
    ],
    [
      'a STUN URL in TURN_URLS',
      { TURN_URLS: 'stun:s.example.org', TURN_SECRET: SECRET },
      'TURN_URLS: "stun:s.example.org" must start with turn: or turns:',
    ],
    ['an http URL', { STUN_URLS: 'https://stun.example.org' }, 'must start with stun: or stuns:'],
    ['slashes after the scheme', { STUN_URLS: 'stun://stun.example.org' }, 'without "//"'],
    ['a user in the URL', { TURN_URLS: 'turn:me@t.example.org', TURN_SECRET: SECRET }, 'no user name in the URL'],
    ['a port out of range', { STUN_URLS: 'stun:s.example.org:70000' }, 'the port must be 1–65535'],
    ['a bad host', { STUN_URLS: 'stun:s_x!.example.org' }, 'the host must be a name'],
    [
      'an unknown transport',
      { TURN_URLS: 'turn:t.example.org?transport=sctp', TURN_SECRET: SECRET },
      '?transport=udp or ?transport=tcp',
    ],
    ['a query on STUN', { STUN_URLS: 'stun:s.example.org?transport=udp' }, 'a STUN URL takes no "?"'],
    [
      'two URLs separated by a space',
      { STUN_URLS: 'stun:a.example.org stun:b.example.org' },
      'holds a space; separate URLs with commas',
    ],
    [
      'a line break in a list',
      { STUN_URLS: 'stun:a.example.org\nstun:b.example.org' },
      'STUN_URLS holds a control character',
    ],
    [
      'too many URLs',
      { STUN_URLS: Array.from({ length: 9 }, (_, i) => `stun:s${i}.example.org`).join(',') },
      'lists 9 URLs; at most 8',
    ],
    [
      'a very long bad URL is cut in the message',
      { STUN_URLS: `http://${'x'.repeat(500)}` },
      '…" must start with stun:',
    ],
  ])('%s: refused, naming the variable', (_what, env, message) => {
    expect(() => iceConfigFromEnv(env)).toThrow(IceConfigError);
    expect(() => iceConfigFromEnv(env)).toThrow(message);
  });
});

describe('GET /ice from the real server', () => {
  let bundle: string;
  const servers: StartedServer[] = [];
  beforeAll(() => {
    bundle = mkdtempSync(path.join(tmpdir(), 'fairdeck-bundle-'));
    writeFileSync(path.join(bundle, 'index.html'), '<!doctype html><title>Fairdeck</title>');
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    rmSync(bundle, { recursive: true, force: true });
  });

  async function serve(ice: IceConfig) {
    const server = await startServer('preview', 0, '127.0.0.1', ice, bundle);
    servers.push(server);
    return `http://127.0.0.1:${server.port}`;
  }

  async function ice(base: string) {
    const response = await fetch(`${base}/ice`, { headers: { Origin: 'https://static-copy.example.org' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return (await response.json()) as {
      iceServers: { urls: string[]; username?: string; credential?: string }[];
      expiresAt: number | null;
    };
  }

  it('without variables: no ICE server at all', async () => {
    expect(await ice(await serve(iceConfigFromEnv({})))).toEqual({ iceServers: [], expiresAt: null });
  });

  it('with STUN only: the STUN URLs, nothing that expires', async () => {
    const base = await serve(iceConfigFromEnv({ STUN_URLS: 'stun:stun.example.org:3478,stuns:stun.example.org' }));
    expect(await ice(base)).toEqual({
      iceServers: [{ urls: ['stun:stun.example.org:3478', 'stuns:stun.example.org'] }],
      expiresAt: null,
    });
  });

  it('with STUN and TURN: a fresh credential per request, good for a few hours, that coturn would recompute', async () => {
    const config = iceConfigFromEnv({
      STUN_URLS: 'stun:t.example.org',
      TURN_URLS: 'turn:t.example.org:3478',
      TURN_SECRET: SECRET,
    });
    const base = await serve(config);
    const before = Date.now();
    const first = await ice(base);
    const second = await ice(base);
    for (const answer of [first, second]) {
      expect(answer.iceServers).toHaveLength(2);
      expect(answer.iceServers[0]).toEqual({ urls: ['stun:t.example.org'] });
      const turn = answer.iceServers[1]!;
      expect(turn.urls).toEqual(['turn:t.example.org:3478']);
      expect(turn.credential).toBe(base64Hmac(SECRET, turn.username!));
      const expiry = Number(turn.username!.split(':')[0]) * 1000;
      expect(answer.expiresAt).toBe(expiry);
      expect(expiry - before).toBeGreaterThan((TURN_TTL_SECONDS - 5) * 1000);
      expect(expiry - before).toBeLessThanOrEqual((TURN_TTL_SECONDS + 5) * 1000);
      expect(JSON.stringify(answer)).not.toContain(SECRET);
    }
    expect(first.iceServers[1]!.username).not.toBe(second.iceServers[1]!.username);
    // The answer is also what iceAnswer gives (no other path).
    expect(iceAnswer(config, before).iceServers[1]!.urls).toEqual(first.iceServers[1]!.urls);
  });

  it('the process refuses to start on a wrong variable, naming it', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts', 'preview'], {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', TURN_URLS: 'turn:t.example.org', TURN_SECRET: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Fairdeck could not start: TURN_URLS is set but TURN_SECRET is not');
  });
});
