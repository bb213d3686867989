/**
 * ICE servers from a table's server: the app's server answers `GET /ice`
 * with the STUN and TURN servers to use and short-lived TURN credentials
 * (server/ice.ts). The endpoint sits beside the signaling path
 * (`/peerjs` → `/ice`), so a page finds it from the signaling server a
 * table's link names, whatever origin the page came from. An `IceSource`
 * asks once, keeps the answer, and asks again before the credentials expire
 * (and a minute later after a failed try), telling its listener each time
 * the servers change. The answer comes from whatever server the link names,
 * so it is checked like any input from the network.
 */
import * as v from 'valibot';
import { err, ok, type Result } from '../result.js';
import type { SignalingServer } from './signaling.js';

export interface IceGrant {
  readonly iceServers: RTCIceServer[];
  /** When the TURN credentials stop working (ms since the epoch); null: nothing expires. */
  readonly expiresAt: number | null;
}

/** Why a server gave no ICE servers, and the words that say it. */
export interface IceFetchFailure {
  /**
   * 'unreachable': no answer; 'missing': no such endpoint (404); 'status': another error status; 'not-json': an
   * answer that is not JSON (a static host's index page); 'invalid': JSON that is not an ICE answer.
   */
  readonly code: 'unreachable' | 'missing' | 'status' | 'not-json' | 'invalid';
  readonly detail: string;
}

const ICE_URL = /^(stun|stuns|turn|turns):[^\s]{1,250}$/;
const MAX_SERVERS = 8;
const FETCH_TIMEOUT_MS = 4000;
/** After a failed refresh, the next try. */
const RETRY_MS = 60_000;
/** Ask again this long before the credentials expire (at half their life when they live less than twice that). */
const REFRESH_MARGIN_MS = 30 * 60_000;

const answerSchema = v.object({
  iceServers: v.pipe(
    v.array(
      v.strictObject({
        urls: v.union([
          v.pipe(v.string(), v.regex(ICE_URL)),
          v.pipe(v.array(v.pipe(v.string(), v.regex(ICE_URL))), v.minLength(1), v.maxLength(MAX_SERVERS)),
        ]),
        username: v.optional(v.pipe(v.string(), v.maxLength(512))),
        credential: v.optional(v.pipe(v.string(), v.maxLength(512))),
      }),
    ),
    v.maxLength(MAX_SERVERS),
  ),
  expiresAt: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
});

/** `http(s)://host:port/…/ice`: the endpoint beside the signaling server's path. */
export function iceUrlFor(server: SignalingServer): string {
  const dir = server.path.replace(/[^/]*\/?$/, '');
  const host = server.host.includes(':') && !server.host.startsWith('[') ? `[${server.host}]` : server.host;
  return `${server.secure ? 'https' : 'http'}://${host}:${server.port}${dir.endsWith('/') ? dir : `${dir}/`}ice`;
}

/** Checks a `GET /ice` answer; the error says what is wrong with it. */
export function parseIceAnswer(json: unknown): Result<IceGrant, string> {
  const parsed = v.safeParse(answerSchema, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
    return err(`not an ICE answer (${where ? `${where}: ` : ''}${issue?.message ?? 'invalid'})`);
  }
  return ok({ iceServers: parsed.output.iceServers as RTCIceServer[], expiresAt: parsed.output.expiresAt });
}

/** Asks `url` for ICE servers. */
export async function fetchIce(url: string, fetchFn: typeof fetch = fetch): Promise<Result<IceGrant, IceFetchFailure>> {
  const failure = (code: IceFetchFailure['code'], detail: string) => err({ code, detail });
  let response: Response;
  try {
    response = await fetchFn(url, { cache: 'no-store', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    return failure('unreachable', `no answer from ${url} (${error instanceof Error ? error.message : String(error)})`);
  }
  if (response.status === 404) return failure('missing', `${url} is not there (the server hands out no ICE servers)`);
  if (!response.ok) return failure('status', `${url} answered ${response.status}`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    // A static host answers every path with its index page.
    return failure('not-json', `${url} answered something other than JSON (no ICE endpoint there)`);
  }
  const parsed = parseIceAnswer(json);
  return parsed.ok ? parsed : failure('invalid', `${url}: ${parsed.error}`);
}

/** The server has no ICE endpoint (an older server, a bare PeerServer, a static host): nothing to ask again. */
function noEndpoint(failure: IceFetchFailure): boolean {
  return failure.code === 'missing' || failure.code === 'not-json';
}

/** How long from `now` until the credentials of a grant expiring at `expiresAt` should be renewed (null: never). */
export function refreshDelayMs(expiresAt: number | null, now: number): number | null {
  if (expiresAt === null) return null;
  const left = expiresAt - now;
  return Math.max(0, left - REFRESH_MARGIN_MS, left / 2);
}

export type IceSourceState =
  | { readonly status: 'asking' }
  | { readonly status: 'ok'; readonly grant: IceGrant }
  | { readonly status: 'none'; readonly error: string }
  | { readonly status: 'failed'; readonly error: string; readonly grant: IceGrant | null };

/** The ICE servers one server hands out, kept fresh. */
export class IceSource {
  private current: IceSourceState = { status: 'asking' };
  private timer: ReturnType<typeof setTimeout> | undefined;
  private first: Promise<void> | undefined;
  private readonly listeners = new Set<() => void>();
  private stopped = false;

  constructor(
    readonly url: string,
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
    private readonly now: () => number = () => Date.now(),
  ) {}

  get state(): IceSourceState {
    return this.current;
  }

  /** The servers to use now: the last good answer unless it has expired. */
  get iceServers(): RTCIceServer[] {
    const state = this.current;
    const grant = state.status === 'ok' ? state.grant : state.status === 'failed' ? state.grant : null;
    if (!grant || (grant.expiresAt !== null && grant.expiresAt <= this.now())) return [];
    return grant.iceServers;
  }

  /** Runs on every change of `state`; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Asks (once) and resolves when the first answer is in, or after `timeoutMs`, whichever is first. */
  ready(timeoutMs = FETCH_TIMEOUT_MS): Promise<void> {
    this.first ??= this.ask();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    return Promise.race([this.first, late]).finally(() => clearTimeout(timer));
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.listeners.clear();
  }

  private async ask(): Promise<void> {
    const answer = await fetchIce(this.url, this.fetchFn);
    if (this.stopped) return;
    const before = this.current;
    if (answer.ok) this.current = { status: 'ok', grant: answer.value };
    else if (noEndpoint(answer.error)) this.current = { status: 'none', error: answer.error.detail };
    else
      this.current = {
        status: 'failed',
        error: answer.error.detail,
        grant: before.status === 'ok' ? before.grant : before.status === 'failed' ? before.grant : null,
      };
    this.schedule();
    for (const listener of [...this.listeners]) listener();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    const state = this.current;
    const delay =
      state.status === 'ok'
        ? refreshDelayMs(state.grant.expiresAt, this.now())
        : state.status === 'failed'
          ? RETRY_MS
          : null;
    if (delay === null) return;
    this.timer = setTimeout(() => void this.ask(), delay);
  }
}
