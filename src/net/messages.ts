/**
 * The message kinds peers exchange and the runtime schema of each body. The
 * envelope (envelope.ts) checks these after decoding, so code above the net
 * layer only ever sees well-typed bodies. Strict objects everywhere: an unknown
 * field is an error, not something silently carried along.
 *
 * Kinds:
 * - `hello`     first message on a direct connection: who I am, my peer id
 *               (which must be derived from my key: peer-id.ts). Liveness on
 *               the link after that is unsigned (mesh.ts), not a kind.
 * - `presence`  flooded every few seconds: which peers I reach directly; lets
 *               every screen show "direct", "relayed" or "offline" per seat.
 * - `join`      ask the table's creator for a seat; `leave` gives it back.
 * - `roster`    the creator's signed, versioned seating of the table, with
 *               its config and the options its earlier hands were played under.
 * - `echo`      a seated page's signed word that it holds these table events
 *               (by signature): sent only when some peer it knows of has no
 *               direct link to it, so that peer learns what it saw
 *               (src/table/table-echo.ts).
 * - `chat`      a line of the table's chat or a quick reaction from a fixed
 *               list: table-level, flooded, never part of a hand (its
 *               transcript, event pool or state hash). Who may chat and how
 *               fast is the table layer's to judge (src/table/table-chat.ts);
 *               the body names no sender: every page names the signing key
 *               from its own roster.
 */
import * as v from 'valibot';

export const MIN_SEATS = 2;
export const MAX_SEATS = 8;
const NAME_MAX = 32;
/** The most event signatures one `echo` (or a fetch's `want`) names. */
export const MAX_ECHO = 256;
const PEER_ID_MAX = 128;
/** The most option changes a roster keeps the earlier options of (`earlierOptions`). */
export const MAX_OPTION_CHANGES = 16;

const name = v.pipe(v.string('name must be a string'), v.maxLength(NAME_MAX, `name longer than ${NAME_MAX}`));
const peerId = v.pipe(
  v.string('peer id must be a string'),
  v.maxLength(PEER_ID_MAX, 'peer id too long'),
  v.regex(/^[A-Za-z0-9_-]+$/, 'peer id has characters PeerJS does not allow'),
);
const uint = v.pipe(v.number('must be a number'), v.safeInteger('must be an integer'), v.minValue(0, 'must be ≥ 0'));
/** Bytes of an exact length (any ArrayBuffer backing, as CBOR decoders and hashes return). */
export const bytesOfLength = (length: number, what: string) =>
  v.pipe(
    v.custom<Uint8Array>((input) => input instanceof Uint8Array, `${what} must be bytes`),
    v.check((input) => input.length === length, `${what} must be ${length} bytes`),
  );
const key32 = bytesOfLength(32, 'key');

/**
 * The wire checks a game id's and the options' shape only: which games exist
 * and which options each takes is the registry's (src/games/index.ts), and
 * the lobby checks a table's config against it (`checkTableConfig`), so the
 * network layer needs no list of games.
 */
const gameId = v.pipe(
  v.string('game must be a string'),
  v.maxLength(32, 'game id longer than 32'),
  v.regex(/^[a-z][a-z0-9-]*$/, 'game id must be lower-case letters, digits and dashes'),
);

const optionsSchema = v.pipe(
  v.record(v.pipe(v.string(), v.maxLength(32)), v.union([v.boolean(), v.number(), v.string()])),
  v.maxEntries(16, 'too many options'),
);

export const tableConfigSchema = v.strictObject({
  game: gameId,
  seats: v.pipe(
    uint,
    v.minValue(MIN_SEATS, `at least ${MIN_SEATS} seats`),
    v.maxValue(MAX_SEATS, `at most ${MAX_SEATS} seats`),
  ),
  /**
   * Whether a page without a seat may chat at this table (table-chat.ts); absent means no. Optional, and left out
   * when false, so rosters stored or signed before it existed read the same.
   */
  watchersChat: v.optional(v.boolean('watchersChat must be true or false')),
  /** Game options as key → boolean | number | string; the lobby checks them against the game's schema. */
  options: optionsSchema,
});
export type TableConfig = v.InferOutput<typeof tableConfigSchema>;

export const seatMemberSchema = v.strictObject({
  key: key32,
  name,
  peerId,
});
export type SeatMember = v.InferOutput<typeof seatMemberSchema>;

export const rosterSchema = v.strictObject({
  version: uint,
  config: tableConfigSchema,
  /** One entry per seat: who sits there, or null for a free seat. */
  seats: v.pipe(v.array(v.nullable(seatMemberSchema)), v.maxLength(MAX_SEATS, 'too many seats')),
  /** Hands started at this table; once play has started the seats are fixed. */
  hands: uint,
  /**
   * The options of the hands played before the table's options last changed (src/table/options-history.ts): each
   * entry's options held for the hands from the entry before's `untilHand` (0 for the first) up to its own, and
   * `config.options` holds from the last entry's `untilHand` on. Optional, and left out while the options never
   * changed after a hand started, so rosters stored or signed before it existed read the same.
   */
  earlierOptions: v.optional(
    v.pipe(
      v.array(v.strictObject({ untilHand: uint, options: optionsSchema })),
      v.maxLength(MAX_OPTION_CHANGES, `options changed more than ${MAX_OPTION_CHANGES} times`),
    ),
  ),
});
export type Roster = v.InferOutput<typeof rosterSchema>;

/** The longest chat line, in UTF-16 code units (what `maxlength` counts in a text field). */
export const CHAT_TEXT_MAX = 300;
/** The quick reactions, by id: a page shows each in words (src/table/table-chat.ts `REACTION_WORDS`). */
export const REACTIONS = ['nice', 'funny', 'wow', 'bravo'] as const;
export type Reaction = (typeof REACTIONS)[number];
/**
 * One line of chat: not blank, at most CHAT_TEXT_MAX long, one line, and no control or bidirectional-override
 * characters (those could make "Ann: hi" read as another sender's line on screen).
 */
const chatText = v.pipe(
  v.string('chat text must be a string'),
  v.maxLength(CHAT_TEXT_MAX, `chat text longer than ${CHAT_TEXT_MAX}`),
  v.check((text) => text.trim() !== '', 'chat text is blank'),
  v.regex(/^[^\p{Cc}\u202A-\u202E\u2066-\u2069]*$/u, 'chat text has control or direction-override characters'),
);
export const chatSchema = v.variant(
  'type',
  [
    v.strictObject({ type: v.literal('text'), text: chatText }),
    v.strictObject({ type: v.literal('reaction'), reaction: v.picklist(REACTIONS, 'unknown reaction') }),
  ],
  'chat must be a text or a reaction',
);
export type ChatBody = v.InferOutput<typeof chatSchema>;

export const BODY_SCHEMAS = {
  hello: v.strictObject({ peerId, name }),
  presence: v.strictObject({
    peerId,
    name,
    links: v.pipe(v.array(peerId), v.maxLength(MAX_SEATS * 2, 'too many links')),
  }),
  /** Ask for a seat: a particular free one, or any (null). A seated key asking again keeps its seat. */
  join: v.strictObject({ peerId, name, seat: v.nullable(v.pipe(uint, v.maxValue(MAX_SEATS - 1, 'no such seat'))) }),
  leave: v.strictObject({ rosterVersion: uint }),
  roster: rosterSchema,
  /**
   * One event of a hand's transcript (src/table/transcript.ts validates
   * `data` by `type`). `n` counts the author's own events in the hand; `at`
   * is how many engine steps the author had applied and `hash` its state hash
   * then, which every peer cross-checks.
   */
  'table-event': v.strictObject({
    hand: uint,
    n: uint,
    at: uint,
    hash: bytesOfLength(32, 'hash'),
    type: v.picklist(
      [
        'ready',
        'shuffle',
        'lock',
        'keys',
        'act',
        'commit',
        'reveal',
        'reshuffle',
        'disclose',
        'abandon',
        'fault',
      ] as const,
      'unknown event type',
    ),
    data: v.unknown(),
  }),
  /**
   * Ask for the events of a hand this peer is missing: per author (hex key),
   * how many it has; and (`want`) events it has heard of but not got, by signature.
   */
  fetch: v.strictObject({
    hand: uint,
    have: v.pipe(
      v.record(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'author must be a hex key')), uint),
      v.maxEntries(MAX_SEATS, 'too many authors'),
    ),
    want: v.optional(v.pipe(v.array(bytesOfLength(64, 'event signature')), v.maxLength(MAX_ECHO, 'too many events'))),
  }),
  /** Table events this page holds, by signature (a signed echo: src/table/table-echo.ts). */
  echo: v.strictObject({
    hand: uint,
    events: v.pipe(
      v.array(bytesOfLength(64, 'event signature')),
      v.minLength(1, 'an echo names at least one event'),
      v.maxLength(MAX_ECHO, 'too many events'),
    ),
  }),
  chat: chatSchema,
} as const;

export type Kind = keyof typeof BODY_SCHEMAS;
export const KINDS = Object.keys(BODY_SCHEMAS) as [Kind, ...Kind[]];
export type BodyOf<K extends Kind> = v.InferOutput<(typeof BODY_SCHEMAS)[K]>;

/** Kinds a peer that holds no seat may send (to get one). Everything else needs a seat. */
export const KINDS_WITHOUT_SEAT: ReadonlySet<Kind> = new Set<Kind>(['hello', 'join', 'presence']);
/** Kinds that are flooded to every peer (relayed); the rest stay on one direct link. */
export const RELAYED_KINDS: ReadonlySet<Kind> = new Set<Kind>([
  'presence',
  'join',
  'leave',
  'roster',
  'table-event',
  'echo',
  'chat',
]);
/**
 * Kinds whose old copies are refused as replays. Transcript events are not:
 * they are resent on request after a reload, and the transcript itself
 * ignores an event it already holds (author, hand, n).
 */
export const REPLAY_CHECKED_KINDS: ReadonlySet<Kind> = new Set<Kind>([
  'hello',
  'presence',
  'join',
  'leave',
  'roster',
  'chat',
]);
