/**
 * Hash routes: `#/` home, `#/t/<table id>[?signal=…&via=…]` a table (the
 * query is the signaling choice, see table-link.ts), `#/settings`, `#/replay` (open a transcript
 * file and step through its hands). The hash
 * keeps the app a static bundle (no server routes) and the table id out of
 * server logs.
 */
import { parseTableId } from '../table/table-id.js';
import { formatIntroducers, parseIntroducers } from '../table/introducers.js';
import { parseSignalingQuery, signalingQuery, type LinkSignaling } from './table-link.js';
import { BAD_LINK_ADVICE, decodeLinkPart, tableIdProblem } from './link-problem.js';

export type Route =
  | { readonly page: 'home' }
  | { readonly page: 'settings' }
  | { readonly page: 'replay' }
  | {
      readonly page: 'table';
      readonly table: string;
      readonly signaling: LinkSignaling | null;
      /** Key prefixes of peers seated when the link was copied (absent if it names none). */
      readonly via?: readonly string[];
    }
  | {
      readonly page: 'not-found';
      readonly error: string;
      /** A table link that is malformed: what to do about it (absent for other pages that do not exist). */
      readonly advice?: string;
    };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '') || '/';
  if (path === '/' || path === '') return { page: 'home' };
  if (path === '/settings') return { page: 'settings' };
  if (path === '/replay') return { page: 'replay' };
  const table = /^\/t\/([^/?#]*)(\/[^?#]*)?(?:\?([^#]*))?$/.exec(path);
  if (table) {
    const bad = (error: string): Route => ({
      page: 'not-found',
      error: `This link is damaged: ${error}.`,
      advice: BAD_LINK_ADVICE,
    });
    if (table[2]) return bad(`it has “${table[2].slice(0, 40)}” after the table id`);
    const decoded = decodeLinkPart(table[1]!);
    if (!decoded.ok) return bad(decoded.error);
    const parsed = parseTableId(decoded.value);
    if (!parsed.ok) return bad(tableIdProblem(decoded.value) ?? parsed.error);
    const signaling = parseSignalingQuery(table[3] ?? '');
    if (!signaling.ok) return bad(signaling.error);
    const via = parseIntroducers(new URLSearchParams(table[3] ?? '').get('via'));
    return { page: 'table', table: parsed.value.table, signaling: signaling.value, ...(via.length > 0 ? { via } : {}) };
  }
  return { page: 'not-found', error: `no page at ${path.slice(0, 60)}` };
}

/**
 * A table's hash; with `signaling`, the link names the signaling server to use;
 * with `via` (key prefixes), the seated peers a joiner may reach the creator through.
 */
export function tableHash(table: string, signaling: LinkSignaling | null = null, via: readonly string[] = []): string {
  const query = [signaling ? signalingQuery(signaling) : '', formatIntroducers(via) ?? '']
    .filter((part) => part !== '')
    .join('&');
  return query ? `#/t/${table}?${query}` : `#/t/${table}`;
}

/** The link to share: this page's origin and path with the table's hash and signaling choice. */
export function shareLink(
  table: string,
  page: { origin: string; pathname: string },
  signaling: LinkSignaling | null = null,
  via: readonly string[] = [],
): string {
  return `${page.origin}${page.pathname}${tableHash(table, signaling, via)}`;
}
