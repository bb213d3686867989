/**
 * Which table-log lines would only say again what the log says already. A
 * session opened again for the same table (a retry after a signaling
 * failure) keeps the table's log, and its fresh lobby states the page's seat
 * afresh: "you sit in seat 2" is shown once, until the seat changes. And
 * the names the seat list gives watchers: their own, or "Watcher N".
 */
const SEAT_LINE = /^you (?:sit in seat \d+|left your seat)$/;

/** Whether `text` states this page's seat exactly as the log's newest seat line does already. */
export function repeatsSeatLine(entries: readonly { readonly text: string }[], text: string): boolean {
  if (!SEAT_LINE.test(text)) return false;
  for (let i = entries.length - 1; i >= 0; i--) if (SEAT_LINE.test(entries[i]!.text)) return entries[i]!.text === text;
  return false;
}

/**
 * The watchers as the seat list names them: by their name, or numbered in
 * the order listed ("Watcher 2") when a page has none. A name that only
 * spells a key's first digits ("Player 35c1", what older pages sent) counts
 * as none.
 */
export function watcherNames(watchers: readonly { readonly name: string }[]): string[] {
  let unnamed = 0;
  return watchers.map((w) => {
    const name = w.name.trim();
    return name && !/^Player [0-9a-f]{4}$/.test(name) ? name : `Watcher ${++unnamed}`;
  });
}
