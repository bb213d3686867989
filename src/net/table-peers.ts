/**
 * Who is at a table, from its signaling server: the app's server answers
 * `GET /table-peers?table=<table id>` with the peer ids registered there for
 * that table (server/table-peers.ts), beside the signaling path as `/ice` is
 * (`/peerjs` → `/table-peers`). A joiner that cannot link to the creator
 * dials them and joins through any it reaches (the mesh relays its `join`),
 * whatever link it was given: the key prefixes read here join those the
 * link's `via=` names (src/table/introducers.ts). The answer comes from
 * whatever server the link names, so it is checked like any input from the
 * network, and it is trusted with nothing: every peer it names must still
 * prove its id with a signed hello, and only the creator's key signs a
 * roster. A server without the endpoint (an older one, a bare PeerServer)
 * answers nothing usable: the joiner has the link's `via=` and the creator.
 */
import * as v from 'valibot';
import { PEER_ID_KEY_HEX } from './peer-id.js';
import { MAX_SEATS } from './messages.js';
import type { SignalingServer } from './signaling.js';
import { err, ok, type Result } from '../result.js';

const FETCH_TIMEOUT_MS = 4000;
/** More than a table's seats: watchers and joiners register too. */
export const MAX_TABLE_PEERS = 4 * MAX_SEATS;

const answerSchema = v.object({
  peers: v.pipe(v.array(v.pipe(v.string(), v.maxLength(128))), v.maxLength(MAX_TABLE_PEERS)),
});

/** `http(s)://host:port/…/table-peers?table=…`: the endpoint beside the signaling server's path. */
export function tablePeersUrlFor(server: SignalingServer, table: string): string {
  const dir = server.path.replace(/[^/]*\/?$/, '');
  const host = server.host.includes(':') && !server.host.startsWith('[') ? `[${server.host}]` : server.host;
  const base = `${server.secure ? 'https' : 'http'}://${host}:${server.port}${dir.endsWith('/') ? dir : `${dir}/`}`;
  return `${base}table-peers?table=${encodeURIComponent(table)}`;
}

/**
 * The key prefixes of the peers an answer names at `table`, without `self`
 * (a peer id): ids of other tables, or not of the `fd-<table>-<16 hex>`
 * form, are dropped. An answer that is not one gives an error.
 */
export function parseTablePeers(json: unknown, table: string, self: string): Result<string[], string> {
  const parsed = v.safeParse(answerSchema, json);
  if (!parsed.success) return err(`not a table-peers answer (${parsed.issues[0]?.message ?? 'invalid'})`);
  const head = `fd-${table}-`;
  const shape = new RegExp(`^[0-9a-f]{${PEER_ID_KEY_HEX}}$`);
  const prefixes = parsed.output.peers
    .filter((id) => id !== self && id.startsWith(head))
    .map((id) => id.slice(head.length))
    .filter((prefix) => shape.test(prefix));
  return ok([...new Set(prefixes)]);
}

/** Asks the table's server who is registered at `table`; an error names the URL and what went wrong. */
export async function fetchTablePeers(
  server: SignalingServer,
  table: string,
  self: string,
  fetchFn: typeof fetch = (...args) => fetch(...args),
): Promise<Result<string[], string>> {
  const url = tablePeersUrlFor(server, table);
  try {
    const response = await fetchFn(url, { cache: 'no-store', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) return err(`${url} answered ${response.status}`);
    const parsed = parseTablePeers(await response.json(), table, self);
    return parsed.ok ? parsed : err(`${url}: ${parsed.error}`);
  } catch (error) {
    return err(`no answer from ${url} (${error instanceof Error ? error.message : String(error)})`);
  }
}
