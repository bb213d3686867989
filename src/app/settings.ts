/**
 * Player settings, kept in localStorage: the display name, which PeerServer
 * introduces peers (the embedded one on this page's origin by default, or
 * another), and ICE servers (STUN/TURN) of the player's own, used besides
 * those the table's server hands out (ice-choice.ts), and how the table
 * looks and sounds (sound, card animations, hand sort, the chat folded). The
 * Settings page saves its own fields (`SettingsForm`, `fromForm`) and keeps
 * the choices made at the table. `parseIceServers`
 * validates what a person types and says what is wrong instead of storing it.
 */
import * as v from 'valibot';
import type { LinkSignaling } from './table-link.js';
import type { SignalingServer } from '../net/signaling.js';
import type { Result } from '../result.js';

export interface Settings {
  readonly name: string;
  /** null: the embedded PeerServer at /peerjs on this page's origin. */
  readonly signaling: SignalingServer | null;
  /** The player's own STUN/TURN servers, besides the table server's. */
  readonly iceServers: RTCIceServer[];
  /** Short tones for your turn, a card played and a hand's end (off unless chosen; src/app/sound.ts). */
  readonly sound?: boolean;
  /** Cards fly and enter (unset: yes); off holds the table still, as the device's reduce-motion setting does. */
  readonly animateCards?: boolean;
  /** How hands are sorted at the table: by suit then rank, or by rank then suit (the table's Sort toggle). */
  readonly sortHandBy?: HandSort;
  /** The table chat is folded to one bar (its Hide button); kept for every table. */
  readonly chatHidden?: boolean;
}

export type HandSort = 'suit' | 'rank';

const KEY = 'fairdeck.settings.v1';
const NAME_MAX = 32;

const iceServerSchema = v.strictObject({
  urls: v.union([
    v.pipe(v.string(), v.regex(/^(stun|stuns|turn|turns):/, 'urls must start with stun:, stuns:, turn: or turns:')),
    v.pipe(
      v.array(
        v.pipe(v.string(), v.regex(/^(stun|stuns|turn|turns):/, 'urls must start with stun:, stuns:, turn: or turns:')),
      ),
      v.minLength(1),
    ),
  ]),
  username: v.optional(v.string()),
  credential: v.optional(v.string()),
});
export const iceServersSchema = v.array(iceServerSchema);
const settingsSchema = v.object({
  name: v.pipe(v.string(), v.maxLength(NAME_MAX)),
  signaling: v.nullable(
    v.strictObject({
      host: v.pipe(v.string(), v.minLength(1)),
      port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
      path: v.pipe(v.string(), v.startsWith('/')),
      secure: v.boolean(),
    }),
  ),
  iceServers: v.array(iceServerSchema),
  sound: v.optional(v.boolean()),
  animateCards: v.optional(v.boolean()),
  sortHandBy: v.optional(v.picklist(['suit', 'rank'])),
  chatHidden: v.optional(v.boolean()),
});

export const DEFAULT_SETTINGS: Settings = { name: '', signaling: null, iceServers: [] };

/** What the Settings page edits; the other settings are chosen at the table (its Sort toggle, the chat's Hide). */
export type SettingsForm = Pick<Settings, 'name' | 'signaling' | 'iceServers' | 'sound' | 'animateCards'>;

/** `settings` with the Settings page's fields saved over them, the name cleaned, the table's choices kept. */
export function fromForm(settings: Settings, form: SettingsForm): Settings {
  return { ...settings, ...form, name: cleanName(form.name) };
}

export function loadSettings(storage: Storage = localStorage): Settings {
  try {
    const raw = storage.getItem(KEY);
    if (!raw) return DEFAULT_SETTINGS;
    const parsed = v.safeParse(settingsSchema, JSON.parse(raw));
    return parsed.success ? (parsed.output as Settings) : DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(settings: Settings, storage: Storage = localStorage): void {
  storage.setItem(KEY, JSON.stringify({ ...settings, name: settings.name.slice(0, NAME_MAX) }));
}

export function cleanName(name: string): string {
  return name.replace(/\s+/g, ' ').trim().slice(0, NAME_MAX);
}

/** Parses the ICE servers a person typed (JSON); the error says what is wrong. */
export function parseIceServers(text: string): Result<RTCIceServer[], string> {
  if (text.trim() === '') return { ok: true, value: [] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = v.safeParse(v.array(iceServerSchema), json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
    return { ok: false, error: `${where ? `${where}: ` : ''}${issue?.message ?? 'invalid'}` };
  }
  // Browsers refuse a TURN server without both (RTCPeerConnection throws): say so here, not at the table.
  const index = parsed.output.findIndex(
    (server) =>
      (Array.isArray(server.urls) ? server.urls : [server.urls]).some((url) => /^turns?:/.test(url)) &&
      (server.username === undefined || server.credential === undefined),
  );
  if (index >= 0) return { ok: false, error: `${index}: a turn: server needs both "username" and "credential"` };
  return { ok: true, value: parsed.output as RTCIceServer[] };
}

/** What a new table's link carries: the signaling server of Settings (ICE servers come from that server, not the link). */
export function linkSignalingOf(settings: Settings): LinkSignaling {
  return { server: settings.signaling ?? 'embedded' };
}

/** The signaling server to use from a page at `page`: the link's choice if it has one, else Settings. */
export function signalingServerFor(
  settings: Settings,
  page: { protocol: string; hostname: string; port: string },
  link: LinkSignaling | null = null,
): SignalingServer {
  const server = link ? link.server : (settings.signaling ?? 'embedded');
  if (server !== 'embedded') return server;
  const secure = page.protocol === 'https:';
  return { host: page.hostname, port: page.port ? Number(page.port) : secure ? 443 : 80, path: '/peerjs', secure };
}
