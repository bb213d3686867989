/**
 * The ICE servers (STUN and TURN) this server hands its pages at `GET /ice`,
 * so that friends on different networks need to type nothing. Read from the
 * environment once, at start:
 *
 * - `STUN_URLS`: comma-separated `stun:`/`stuns:` URLs;
 * - `TURN_URLS`: comma-separated `turn:`/`turns:` URLs (RFC 7065), served
 *   only together with
 * - `TURN_SECRET`: coturn's `static-auth-secret` (coturn runs with
 *   `use-auth-secret`).
 *
 * TURN credentials are minted per request in the "TURN REST API" scheme of
 * draft-uberti-behave-turn-rest-00, §2.2 (the response: the username is the
 * expiry as a Unix timestamp, a colon and an id; the password is
 * base64(HMAC-SHA1(shared secret, username))) and §4 (the TURN server takes
 * the timestamp from the username, refuses it once past, and recomputes the
 * password from its copy of the secret) — what coturn's `use-auth-secret`
 * implements (coturn's turnserver.conf: "TURN REST API flag … turn user ->
 * usercombo, turn password -> base64(hmac(secret key, usercombo))"). They
 * expire after `TURN_TTL_SECONDS`; the page asks again before then. The
 * secret itself never leaves this process: a leaked credential is good for
 * a few hours on this relay only, which is the scheme's point, since any
 * visitor of the app must be able to get one.
 *
 * A bad value is refused at start with an `IceConfigError` naming the
 * variable and what is wrong, never half-used. With none of the variables
 * set the answer is an empty list: a LAN table uses no STUN and asks nothing
 * of the internet.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** How long a minted TURN credential is good for: a long evening of play; the page asks for a new one before. */
export const TURN_TTL_SECONDS = 6 * 60 * 60;
/** More ICE servers than this only slows candidate gathering down; a longer list is a mistake in the environment. */
const MAX_URLS = 8;
/** coturn takes any secret; a short one can be guessed from one credential offline. */
const MIN_SECRET_LENGTH = 16;

export interface IceConfig {
  readonly stunUrls: readonly string[];
  readonly turnUrls: readonly string[];
  /** coturn's static-auth-secret; null when no TURN URL is set. */
  readonly turnSecret: string | null;
  readonly ttlSeconds: number;
}

/** One entry of the answer, as RTCPeerConnection takes it. */
export interface IceServerEntry {
  readonly urls: string[];
  readonly username?: string;
  readonly credential?: string;
}

/** What `GET /ice` answers. */
export interface IceAnswer {
  readonly iceServers: IceServerEntry[];
  /** When the TURN credentials stop working (ms since the epoch); null when there are none. */
  readonly expiresAt: number | null;
}

export const NO_ICE: IceConfig = { stunUrls: [], turnUrls: [], turnSecret: null, ttlSeconds: TURN_TTL_SECONDS };

export class IceConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IceConfigError';
  }
}

/** A host name, an IPv4 address or a bracketed IPv6 address, then an optional port. */
const HOST_PORT =
  /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*)(:(\d{1,5}))?$/;

/** Why `url` is not a usable STUN/TURN URL of one of `schemes` (RFC 7064, RFC 7065), or null. */
export function iceUrlProblem(url: string, schemes: readonly string[]): string | null {
  const scheme = /^([a-z]+):/.exec(url)?.[1];
  if (!scheme || !schemes.includes(scheme))
    return `"${clip(url)}" must start with ${schemes.map((s) => `${s}:`).join(' or ')}`;
  const rest = url.slice(scheme.length + 1);
  if (rest.startsWith('//')) return `"${clip(url)}": write ${scheme}:host:port, without "//"`;
  const [hostPort, query, ...more] = rest.split('?');
  if (more.length > 0) return `"${clip(url)}" has more than one "?"`;
  if (hostPort!.includes('@'))
    return `"${clip(url)}": no user name in the URL (TURN credentials are minted from TURN_SECRET)`;
  const match = HOST_PORT.exec(hostPort!);
  if (!match) return `"${clip(url)}": the host must be a name, an IPv4 address or [an IPv6 address], then :port`;
  const port = match[6];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535))
    return `"${clip(url)}": the port must be 1–65535`;
  if (query !== undefined) {
    if (!scheme.startsWith('turn')) return `"${clip(url)}": a STUN URL takes no "?"`;
    if (!/^transport=(udp|tcp)$/.test(query))
      return `"${clip(url)}": the only query a TURN URL takes is ?transport=udp or ?transport=tcp`;
  }
  return null;
}

/** A control character (a line break, a NUL …): an environment value holds none. */
function hasControl(text: string): boolean {
  return [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

function clip(text: string): string {
  const printable = text.replace(/[^\x20-\x7e]/g, '?');
  return printable.length > 80 ? `${printable.slice(0, 80)}…` : printable;
}

/** The comma-separated list in variable `name`; empty entries (a trailing comma) are skipped. */
function urlList(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  schemes: readonly string[],
): string[] {
  const raw = env[name];
  if (raw === undefined) return [];
  if (hasControl(raw))
    throw new IceConfigError(
      `${name} holds a control character (a line break?): give comma-separated URLs on one line`,
    );
  const urls = raw
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
  if (urls.length > MAX_URLS) throw new IceConfigError(`${name} lists ${urls.length} URLs; at most ${MAX_URLS}`);
  for (const url of urls) {
    if (/\s/.test(url)) throw new IceConfigError(`${name}: "${clip(url)}" holds a space; separate URLs with commas`);
    const problem = iceUrlProblem(url, schemes);
    if (problem) throw new IceConfigError(`${name}: ${problem}`);
  }
  return urls;
}

/** The ICE settings in `env`; throws IceConfigError (naming the variable) for anything it would not serve as asked. */
export function iceConfigFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): IceConfig {
  const stunUrls = urlList(env, 'STUN_URLS', ['stun', 'stuns']);
  const turnUrls = urlList(env, 'TURN_URLS', ['turn', 'turns']);
  const secret = env.TURN_SECRET;
  if (turnUrls.length === 0) {
    if (secret !== undefined && secret !== '')
      throw new IceConfigError(
        'TURN_SECRET is set but TURN_URLS is not: give the TURN server’s URLs too (or unset TURN_SECRET)',
      );
    return { stunUrls, turnUrls, turnSecret: null, ttlSeconds: TURN_TTL_SECONDS };
  }
  if (secret === undefined || secret === '')
    throw new IceConfigError('TURN_URLS is set but TURN_SECRET is not: set it to coturn’s static-auth-secret');
  if (hasControl(secret)) throw new IceConfigError('TURN_SECRET holds a control character (a line break?)');
  if (secret.trim() !== secret)
    throw new IceConfigError('TURN_SECRET begins or ends with a space: coturn would not read it the same way');
  if (secret.length < MIN_SECRET_LENGTH)
    throw new IceConfigError(
      `TURN_SECRET is shorter than ${MIN_SECRET_LENGTH} characters: make a long one (openssl rand -hex 32)`,
    );
  return { stunUrls, turnUrls, turnSecret: secret, ttlSeconds: TURN_TTL_SECONDS };
}

export interface TurnCredential {
  /** `<expiry, Unix seconds>:<random id>` */
  readonly username: string;
  /** base64(HMAC-SHA1(secret, username)) */
  readonly credential: string;
  /** The expiry in ms since the epoch. */
  readonly expiresAt: number;
}

/** A TURN REST API credential good until `nowMs` + `ttlSeconds` (draft-uberti-behave-turn-rest-00 §2.2). */
export function mintTurnCredential(
  secret: string,
  nowMs: number,
  ttlSeconds = TURN_TTL_SECONDS,
  id: string = randomBytes(9).toString('base64url'),
): TurnCredential {
  if (id.includes(':')) throw new Error(`a TURN REST id holds no colon: ${id}`);
  const expiry = Math.floor(nowMs / 1000) + ttlSeconds;
  const username = `${expiry}:${id}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential, expiresAt: expiry * 1000 };
}

/** The answer to `GET /ice` at `nowMs`: STUN as configured, TURN with a fresh credential. */
export function iceAnswer(config: IceConfig, nowMs: number): IceAnswer {
  const iceServers: IceServerEntry[] = [];
  if (config.stunUrls.length > 0) iceServers.push({ urls: [...config.stunUrls] });
  if (config.turnUrls.length === 0 || config.turnSecret === null) return { iceServers, expiresAt: null };
  const minted = mintTurnCredential(config.turnSecret, nowMs, config.ttlSeconds);
  iceServers.push({ urls: [...config.turnUrls], username: minted.username, credential: minted.credential });
  return { iceServers, expiresAt: minted.expiresAt };
}

/** One line for the start-up banner: what the pages get, without the secret. */
export function describeIceConfig(config: IceConfig): string {
  const parts = [
    config.stunUrls.length > 0 ? `STUN ${config.stunUrls.join(', ')}` : null,
    config.turnUrls.length > 0
      ? `TURN ${config.turnUrls.join(', ')} (credentials good for ${config.ttlSeconds / 3600} h)`
      : null,
  ].filter((part) => part !== null);
  return parts.length > 0
    ? `ICE servers for the pages: ${parts.join('; ')}`
    : 'no STUN/TURN servers (a LAN needs none; see README, "Play over the internet")';
}
