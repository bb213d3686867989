/**
 * Hash routes: `#/` home, `#/t/<table id>` a table, `#/settings`, `#/replay`
 * (open a transcript file and step through its hands). The hash
 * keeps the app a static bundle (no server routes) and the table id out of
 * server logs.
 */
import { parseTableId } from '../table/table-id.js';

export type Route =
  | { readonly page: 'home' }
  | { readonly page: 'settings' }
  | { readonly page: 'replay' }
  | { readonly page: 'table'; readonly table: string }
  | { readonly page: 'not-found'; readonly error: string };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '') || '/';
  if (path === '/' || path === '') return { page: 'home' };
  if (path === '/settings') return { page: 'settings' };
  if (path === '/replay') return { page: 'replay' };
  const table = /^\/t\/([^/?#]+)$/.exec(path);
  if (table) {
    const parsed = parseTableId(decodeURIComponent(table[1]!));
    return parsed.ok ? { page: 'table', table: parsed.table } : { page: 'not-found', error: parsed.error };
  }
  return { page: 'not-found', error: `no page at ${path.slice(0, 60)}` };
}

export function tableHash(table: string): string {
  return `#/t/${table}`;
}

/** The link to share: this page's origin and path with the table's hash. */
export function shareLink(table: string, page: { origin: string; pathname: string }): string {
  return `${page.origin}${page.pathname}${tableHash(table)}`;
}
