/**
 * Which other tabs of this browser sit at which table, so a second tab that
 * opens a table this browser already sits at says so and offers to watch
 * instead of seating the same person twice. Tabs find each other on a
 * `BroadcastChannel` (same origin, same browser profile): each tab says where
 * it sits whenever that changes and when asked, and says it is gone when its
 * page goes away. Each tab has its own identity slot (identity.ts), so the
 * other tab's key differs from this one's; what is shared is the person.
 * Nothing here is trusted for the table's rules: it only decides what this
 * page offers its person.
 */

/** Where one tab sits: the table, its key, its seat (null: at the table without a seat) and the name it sits under. */
export interface TabSeat {
  readonly table: string;
  readonly key: string;
  readonly seat: number | null;
  readonly name: string;
}

type TabMessage =
  | { readonly type: 'ask'; readonly from: string }
  | { readonly type: 'here'; readonly from: string; readonly at: TabSeat | null }
  | { readonly type: 'gone'; readonly from: string };

const CHANNEL = 'fairdeck-tabs';

function isTabSeat(value: unknown): value is TabSeat {
  const v = value as Partial<TabSeat> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.table === 'string' &&
    typeof v.key === 'string' &&
    typeof v.name === 'string' &&
    (v.seat === null || (typeof v.seat === 'number' && Number.isInteger(v.seat) && v.seat >= 0))
  );
}

function isTabMessage(value: unknown): value is TabMessage {
  const v = value as { type?: unknown; from?: unknown; at?: unknown } | null;
  if (typeof v !== 'object' || v === null || typeof v.from !== 'string') return false;
  if (v.type === 'ask' || v.type === 'gone') return true;
  return v.type === 'here' && (v.at === null || isTabSeat(v.at));
}

/** Whether two places are the same (compared field by field: `set` runs on every change of the store). */
function samePlace(a: TabSeat | null, b: TabSeat | null): boolean {
  return (
    a === b ||
    (a !== null && b !== null && a.table === b.table && a.key === b.key && a.seat === b.seat && a.name === b.name)
  );
}

export class TabPresence {
  private readonly channel: BroadcastChannel | null;
  /** This tab's id on the channel. From getRandomValues: randomUUID exists only in a secure context, and a LAN table is served over plain http. */
  private readonly id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  private mine: TabSeat | null = null;
  private readonly others = new Map<string, TabSeat>();

  /** `changed` runs when what another tab says changes. Without BroadcastChannel, no other tab is ever seen. */
  constructor(private readonly changed: () => void) {
    this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    this.channel?.addEventListener('message', (event: MessageEvent<unknown>) => this.receive(event.data));
    globalThis.addEventListener?.('pagehide', () => this.post({ type: 'gone', from: this.id }));
    this.post({ type: 'ask', from: this.id });
  }

  /** Says where this tab is now (null: at no table); said again only when it changed. */
  set(at: TabSeat | null): void {
    if (samePlace(at, this.mine)) return;
    this.mine = at;
    this.post({ type: 'here', from: this.id, at });
  }

  /** Another tab of this browser that holds a seat at `table` under another key than `key`, if any. */
  seatedElsewhere(table: string, key: string): TabSeat | null {
    for (const at of this.others.values()) if (at.table === table && at.seat !== null && at.key !== key) return at;
    return null;
  }

  /** Stops listening (tests; a page's channel goes with the page). */
  close(): void {
    this.channel?.close();
  }

  private receive(data: unknown): void {
    if (!isTabMessage(data) || data.from === this.id) return;
    if (data.type === 'ask') {
      this.post({ type: 'here', from: this.id, at: this.mine });
      return;
    }
    const before = this.others.get(data.from) ?? null;
    if (data.type === 'gone' || data.at === null) this.others.delete(data.from);
    else this.others.set(data.from, data.at);
    if (!samePlace(this.others.get(data.from) ?? null, before)) this.changed();
  }

  private post(message: TabMessage): void {
    this.channel?.postMessage(message);
  }
}
