/**
 * Whole hands among N bot peers in one process: each peer has its own
 * identity, its own keys and its own TableSession, and they talk only through
 * the in-memory transport (signed envelopes, the relaying mesh) with the real
 * mental-poker cryptography. Used by `npm run simulate` and the multi-peer
 * tests; a hostile peer can be injected through `tamper`, which may rewrite
 * what one seat publishes, or as a cheating seat (`cheat`, cheats.ts) that
 * rewrites what it signs, what it sends or what its bot plays; `monitor`
 * runs a knowledge monitor (knowledge-monitor.ts) on every peer after every
 * event it receives; `reloadAt` reloads one seat's page mid-hand from its
 * stored data only; `store` gives a seat's page a store of its own (a slow
 * one); `blocked` keeps pairs of seats from linking directly once seated (as
 * behind symmetric NATs), so they hear each other only through relays.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { ed25519BaseBytes, ed25519Keyed, seededRandom, systemRandom, type RandomSource } from '../../crypto/index.js';
import { makeRng } from '../../src/bots/prng.js';
import { heuristicBot, randomBot, type Bot } from '../../src/bots/index.js';
import { encodeEnvelope, keyHex, type Envelope, type EnvelopeOf, type Signer } from '../../src/net/envelope.js';
import { MemoryNetwork } from '../../src/net/memory-transport.js';
import { Mesh } from '../../src/net/mesh.js';
import { ed25519Signer } from '../../src/net/signer.js';
import { useKeyedArithmetic } from '../../src/net/verify.js';
import { gameModule, handOutcome, type GameId } from '../../src/games/index.js';
import { MemoryTableStore } from './memory-store.js';
import { newTableId, peerIdFor } from '../../src/table/table-id.js';
import { TableSession } from '../../src/table/table-session.js';
import { outcomeOf } from '../../src/table/hand/setup.js';
import type { HandToExport } from '../../src/verify/transcript-file.js';
import type { Cheat, CheatContext } from './cheats.js';
import type { HandSecrets } from '../../src/table/hand-session.js';
import { KnowledgeMonitor } from './knowledge-monitor.js';
import { tamperSends } from './tamper-sends.js';
import type { PoolLimits } from '../../src/table/hand/event-pool.js';

export interface SimulationOptions {
  readonly game: GameId;
  readonly players: number;
  readonly hands: number;
  readonly seed?: number;
  /** One-way delay between any two peers, ms. */
  readonly delayMs?: number;
  readonly bot?: 'heuristic' | 'random';
  /** Rewrite (or drop: return null) what seat `seat` publishes: for adversarial tests. */
  readonly tamper?: (
    seat: number,
    envelope: EnvelopeOf<'table-event'>,
    signer: Signer,
  ) => EnvelopeOf<'table-event'> | EnvelopeOf<'table-event'>[] | null;
  readonly options?: Record<string, boolean | number | string>;
  /** How long an awaited seat may be silent before it is named as stalled (ms). */
  readonly stallMs?: number;
  /** Real time: the most a bot waits before its next move (ms). */
  readonly botJitterMs?: number;
  /** Reload one seat's page (from its stored data only) at engine step `step` of hand `hand` (1-based); the last seat unless `seat` is given. */
  readonly reloadAt?: { readonly hand: number; readonly step: number; readonly seat?: number };
  /** Receives each finished hand as seat 1's peer holds it (set-up, every signed event, its result), for a transcript file. */
  /** Each hand as seat 1's page exports it, with the creator's signed roster it holds then (for the file). */
  readonly onHandExport?: (hand: HandToExport, roster: EnvelopeOf<'roster'> | null) => void;
  /** One seat cheats (cheats.ts): it rewrites what it signs or sends, or its bot plays a false claim. */
  readonly cheat?: { readonly seat: number; readonly cheat: Cheat };
  /** Run a knowledge monitor on every peer ('all'), or on every peer but the cheater ('honest'). */
  readonly monitor?: 'honest' | 'all';
  /** Each peer's table log lines. */
  readonly onLog?: (seat: number, line: string) => void;
  /** A seat's table session says what it shows changed (the app re-renders there). */
  readonly onChange?: (seat: number) => void;
  /** The clock every page ticks its hands' deadlines by (Date.now unless given: a simulated one, cheat-run.ts). */
  readonly handClock?: () => number;
  /** Per-author limits on a hand's events and bytes (scaled down so that a flood shows in seconds). */
  readonly limits?: PoolLimits;
  /** Pairs of seats that cannot link directly (a partial mesh: they hear each other through relays). */
  readonly blocked?: readonly (readonly [number, number])[];
  /** The store a seat's page opens with (a fresh memory store unless given: a slow or failing one for a test). */
  readonly store?: (seat: number) => MemoryTableStore | undefined;
}

export interface PeerResult {
  readonly seat: number;
  readonly phase: string;
  readonly hash: string | null;
  readonly audit: string;
  readonly blame: number | null;
  readonly halt: string | null;
}

export interface HandResult {
  readonly hand: number;
  readonly winner: number | null;
  readonly ranking: number[][];
  readonly moves: number;
  /** How many times the hand reshuffled cards into a fresh hidden packet (a stock rebuilt from the discard pile, a secret choice). */
  readonly reshuffles: number;
  readonly agreedHash: string | null;
  readonly allClean: boolean;
  readonly peers: PeerResult[];
}

export interface SimulationPeer {
  readonly signer: Signer;
  readonly mesh: Mesh;
  readonly session: TableSession;
  readonly store: MemoryTableStore;
  /** The knowledge monitor of this peer's current hand (when `monitor` is on). */
  readonly monitor?: () => KnowledgeMonitor | null;
}

// Every simulated page verifies signatures as a browser does once the table's crypto has loaded.
useKeyedArithmetic(ed25519Keyed);

function signerFrom(rng: RandomSource): Signer & { secretKey: Uint8Array } {
  const secretKey = ed25519.utils.randomSecretKey(rng(32));
  return { secretKey, ...ed25519Signer(secretKey, ed25519BaseBytes) };
}

const FAST_TIMING = {
  heartbeatMs: 200,
  linkDeadAfterMs: 60_000,
  presenceMs: 1000,
  presenceFreshMs: 5000,
  reconnectMs: 300,
};

/** How a reloaded page comes back (seatPeers' `reload`). */
export interface ReloadOptions {
  /** Runs between the mesh starting and the table opening (the browser loads the game's rules there), given the kinds of envelopes delivered so far. */
  readonly beforeOpen?: (delivered: () => readonly Envelope['kind'][]) => Promise<void>;
}

/** Seats N peers at one table; resolves once every peer sees every seat taken (if a page fails to open, none is left running). */
export async function seatPeers(options: SimulationOptions): Promise<{
  peers: SimulationPeer[];
  network: MemoryNetwork;
  table: string;
  /**
   * Seat `seat`'s page goes away and comes back from its stored data. `beforeOpen` runs between the mesh starting
   * and the table opening — the browser loads the game's rules there — given the kinds of envelopes delivered so far.
   */
  reload: (seat: number, options?: ReloadOptions) => Promise<SimulationPeer>;
  cheat: CheatContext | null;
}> {
  const seedText = `sim-${options.seed ?? 0}`;
  const cryptoRng = options.seed === undefined ? systemRandom : seededRandom(seedText);
  const keyRng = seededRandom(`${seedText}-keys`);
  // Deliveries on the next turn: a simulated hand is hundreds of hops in a row, each a 1 ms timer otherwise.
  const network = new MemoryNetwork({ defaultDelayMs: options.delayMs ?? 0, nextTurn: true });
  const signers = Array.from({ length: options.players }, () => signerFrom(keyRng));
  const table = newTableId(keyHex(signers[0]!.publicKey), keyRng(8));
  const peerIds = signers.map((signer) => peerIdFor(table, keyHex(signer.publicKey)));
  // A little noise for variety of play (not to end hands: every game ends on its own rules, stress-shed's endless-hands rule included).
  const botFor = (seat: number): Bot =>
    options.bot === 'random'
      ? randomBot(makeRng((options.seed ?? 0) * 31 + seat))
      : heuristicBot({ rng: makeRng((options.seed ?? 0) * 31 + seat), noise: 0.1 });
  const peers: SimulationPeer[] = [];
  /** The secrets each seat last kept, per hand (what its page could compute with). */
  const kept = signers.map(() => new Map<number, HandSecrets>());
  const cheating = options.cheat ?? null;
  const cheat: CheatContext | null = cheating && {
    seat: cheating.seat,
    players: options.players,
    signer: signers[cheating.seat]!,
    rng: seededRandom(`${seedText}-cheat`),
    hand: () => peers[cheating.seat]?.session.current?.session ?? null,
    secrets: () => {
      const hand = peers[cheating.seat]?.session.current;
      return hand ? kept[cheating.seat]!.get(hand.handNo) : undefined;
    },
    done: false,
    relations: [],
  };
  /** One peer's page: a mesh and a table session over `store` (a fresh store, or the one a reloaded page finds). */
  const openPeer = async (
    seat: number,
    store: MemoryTableStore,
    config?: Parameters<TableSession['open']>[0],
    beforeOpen?: ReloadOptions['beforeOpen'],
  ): Promise<SimulationPeer> => {
    const signer = signers[seat]!;
    const transport = network.createTransport(peerIdFor(table, keyHex(signer.publicKey)));
    const isCheater = cheat !== null && seat === cheat.seat;
    /** The cheater's own events it did send (what its fetch answers may repeat). */
    const published = new Set<string>();
    const relay = isCheater ? cheatedRelay(cheating!.cheat, cheat!, peerIds, published) : undefined;
    const mesh = new Mesh({
      table,
      signer,
      transport,
      name: `Bot ${seat + 1}`,
      timing: FAST_TIMING,
      ...(relay ? { relayFilter: relay } : {}),
    });
    if (isCheater) {
      const broadcast = mesh.broadcast.bind(mesh);
      mesh.broadcast = ((envelope: EnvelopeOf<'table-event'>) => {
        if (envelope.kind === 'table-event') published.add(keyHex(envelope.sig));
        // Its own echoes are its word, kept back by its filter as its holds frames are (Mesh.sendHolds).
        const links = mesh.openLinks();
        if ((envelope as Envelope).kind === 'echo' && relay && links.some((remote) => !relay(envelope, remote))) return;
        broadcast(envelope);
      }) as Mesh['broadcast'];
    }
    if (isCheater && cheating!.cheat.split) splitSends(mesh, cheating!.cheat, cheat!);
    if (isCheater && cheating!.cheat.sign) {
      // The cheater rewrites what it signs: its own follower takes the rewritten event too.
      const sign = mesh.sign.bind(mesh);
      const rewrite = cheating!.cheat.sign.bind(cheating!.cheat);
      mesh.sign = ((kind, body, to) =>
        kind === 'table-event'
          ? sign(kind, rewrite(body as EnvelopeOf<'table-event'>['body'], cheat) ?? body, to)
          : sign(kind, body, to)) as Mesh['sign'];
    }
    const publishCheat = isCheater ? cheating!.cheat.publish?.bind(cheating!.cheat) : undefined;
    const tamper =
      options.tamper ??
      (publishCheat
        ? (_seat: number, envelope: EnvelopeOf<'table-event'>) => {
            const out = publishCheat(envelope, cheat!);
            return out === undefined ? envelope : out;
          }
        : undefined);
    // Outermost on the mesh: what it sends is rewritten before the split view and the record of what it sent.
    if (tamper) tamperSends(mesh, (envelope) => tamper(seat, envelope, signer));
    const honestBot = botFor(seat);
    const bot = isCheater && cheating!.cheat.bot ? cheating!.cheat.bot(honestBot, cheat!) : honestBot;
    const session = new TableSession({
      mesh,
      signer,
      store,
      name: `Bot ${seat + 1}`,
      onChange: () => options.onChange?.(seat),
      onLog: (line) => options.onLog?.(seat, line),
      rng: cryptoRng,
      bot,
      botDelayMs: 0,
      // In real time each bot thinks for its own random while, so plays collide as they would between people.
      ...(gameModule(options.game)?.timing === 'real-time' ? { botJitterMs: options.botJitterMs ?? 40 } : {}),
      autoplay: true,
      secretsKept: (hand, secrets) => kept[seat]!.set(hand, secrets),
      ...(options.stallMs !== undefined ? { stallMs: options.stallMs } : {}),
      ...(options.handClock ? { handClock: options.handClock } : {}),
      // The cheater does not hold itself to the limits it floods past (its honest code would stop it short).
      ...(options.limits && !isCheater ? { limits: options.limits } : {}),
    });
    let monitor: KnowledgeMonitor | null = null;
    const watched = options.monitor === 'all' || (options.monitor === 'honest' && !isCheater);
    const monitorNow = (): KnowledgeMonitor | null => {
      const hand = session.current;
      if (!watched || !hand || hand.mySeat === null) return null;
      const handNo = hand.handNo;
      if (monitor?.hand !== hand.session)
        monitor = new KnowledgeMonitor(
          hand.mySeat,
          hand.session,
          () => kept[seat]!.get(handNo),
          () => (isCheater ? (cheat?.relations ?? []) : []),
        );
      return monitor;
    };
    /** What the monitor last looked at (every event reaches a page once per link: a copy changes nothing to look at). */
    let looked = '';
    const delivered: Envelope['kind'][] = [];
    await mesh.start({
      message: (envelope, via) => {
        delivered.push(envelope.kind);
        session.receive(envelope, via);
        // Without a monitor there is nothing to look at: `session.current` builds a whole hand summary.
        if (envelope.kind !== 'table-event' || !watched) return;
        const hand = session.current?.session;
        const now = hand ? `${session.current!.handNo}:${hand.follower.pool.events().length}:${hand.phase}` : '';
        if (now === looked) return;
        looked = now;
        monitorNow()?.observe();
      },
      rejected: () => {},
      changed: () => {},
      problem: () => {},
    });
    const peer = { signer, mesh, session, store, monitor: monitorNow };
    try {
      await beforeOpen?.(() => delivered);
      await session.open(config);
    } catch (error) {
      session.close();
      mesh.stop();
      throw error;
    }
    return peer;
  };
  try {
    for (const seat of signers.keys()) {
      peers.push(
        await openPeer(
          seat,
          options.store?.(seat) ?? new MemoryTableStore(),
          seat === 0 ? { game: options.game, seats: options.players, options: options.options ?? {} } : undefined,
        ),
      );
    }
  } catch (error) {
    // A page that could not open: the ones already open (the creator's) are closed too, as no caller gets them.
    for (const peer of peers) {
      peer.session.close();
      peer.mesh.stop();
    }
    throw error;
  }
  // Every peer, each joiner too, sees every seat taken (a joiner without the roster yet shows no seats at all).
  await until(() =>
    peers.every((p) => {
      const seats = p.session.lobby.view().seats;
      return seats.length === options.players && seats.every((s) => s.member !== null);
    }),
  );
  // Seated first (a joiner with no link to the creator would need an introducer), then the pairs lose their links.
  for (const [a, b] of options.blocked ?? []) network.blockPair(peerIds[a]!, peerIds[b]!);
  /** Seat `seat`'s page goes away without a word and comes back with the same identity and only its stored data. */
  const reload = async (seat: number, reloadOptions?: ReloadOptions): Promise<SimulationPeer> => {
    const old = peers[seat]!;
    old.session.close();
    old.mesh.stop();
    const fresh = await openPeer(seat, old.store, undefined, reloadOptions?.beforeOpen);
    peers[seat] = fresh;
    return fresh;
  };
  return { peers, network, table, reload, cheat };
}

/**
 * The cheater's relaying: what its cheat's `relay` keeps back, and — for a
 * split view — never its own events (the versions meet only through honest peers).
 */
function cheatedRelay(
  cheat: Cheat,
  ctx: CheatContext,
  peerIds: readonly string[],
  published: ReadonlySet<string>,
): (envelope: Envelope, remote: string) => boolean {
  const own = keyHex(ctx.signer.publicKey);
  return (envelope, remote) => {
    // Its fetch answers never give away an event of its own it withheld (or rewrote) when it published.
    const mine = envelope.kind === 'table-event' && keyHex(envelope.from) === own;
    if (mine && (cheat.split || !published.has(keyHex(envelope.sig)))) return false;
    const to = peerIds.indexOf(remote);
    return cheat.relay ? cheat.relay(envelope, to < 0 ? null : to, ctx) : true;
  };
}

/** A split view: each version of an event the cheat splits goes to its own share of the cheater's links. */
function splitSends(mesh: Mesh, cheat: Cheat, ctx: CheatContext): void {
  const broadcast = mesh.broadcast.bind(mesh);
  mesh.broadcast = ((envelope: EnvelopeOf<'table-event'>) => {
    const versions = envelope.kind === 'table-event' ? cheat.split!(envelope, ctx) : undefined;
    if (!versions) return broadcast(envelope);
    const links = mesh.openLinks();
    // With one peer only, it gets every version (two versions to one peer: plain equivocation).
    if (links.length === 1) for (const version of versions) mesh.sendRaw(links[0]!, encodeEnvelope(version));
    else links.forEach((remote, i) => mesh.sendRaw(remote, encodeEnvelope(versions[i % versions.length]!)));
  }) as Mesh['broadcast'];
}

/** Waits for a condition the event loop will make true (polls every few ms; no time limit of its own). */
export async function until(condition: () => boolean, pollMs = 5): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, pollMs));
}

export function handFinished(peer: SimulationPeer): boolean {
  const hand = peer.session.current?.session;
  return !!hand && ((hand.phase === 'done' && hand.auditResult !== null) || hand.phase === 'halted');
}

export function resultOf(peers: SimulationPeer[], gameId: GameId): HandResult {
  const sessions = peers.map((p) => p.session.current!.session);
  const first = sessions[0]!;
  const outcome = first.engineState ? handOutcome(gameId, first.engineState, first.auditResult?.rules ?? null) : null;
  const hashes = sessions.map((s) => s.hash);
  const peerResults = sessions.map((s, seat) => ({
    seat,
    phase: s.phase,
    hash: s.hash,
    audit: s.auditResult
      ? s.auditResult.clean
        ? 'clean'
        : `fault: ${s.auditResult.code}: ${s.auditResult.detail}`
      : 'none',
    blame: s.auditResult?.seat ?? s.halt?.seat ?? null,
    halt: s.halt ? `${s.halt.code}: ${s.halt.detail}` : null,
  }));
  return {
    hand: peers[0]!.session.current!.handNo,
    winner: outcome?.ranking[0]?.[0] ?? null,
    ranking: outcome?.ranking ?? [],
    moves: first.loggedInputs().filter((i) => i.kind === 'act').length,
    reshuffles: first.loggedInputs().filter((i) => i.kind === 'reshuffled').length,
    agreedHash: new Set(hashes).size === 1 ? (hashes[0] ?? null) : null,
    allClean: sessions.every((s) => s.phase === 'done' && s.auditResult?.clean === true),
    peers: peerResults,
  };
}

/** Plays `options.hands` hands; calls `onHand` after each. */
export async function simulate(
  options: SimulationOptions,
  onHand: (result: HandResult) => void = () => {},
): Promise<HandResult[]> {
  const { peers, reload } = await seatPeers(options);
  const results: HandResult[] = [];
  try {
    for (let hand = 0; hand < options.hands; hand++) {
      if (hand > 0) for (const peer of peers) peer.session.rematch();
      const reloadAt = options.reloadAt;
      if (reloadAt && reloadAt.hand === hand + 1) {
        const seat = reloadAt.seat ?? peers.length - 1;
        await until(
          () =>
            handFinished(peers[seat]!) ||
            (peers[seat]!.session.current?.handNo === hand &&
              peers[seat]!.session.current.session.step >= reloadAt.step),
        );
        await reload(seat);
      }
      await until(() => peers.every((p) => p.session.current?.handNo === hand && handFinished(p)));
      const result = resultOf(peers, options.game);
      options.onHandExport?.(handExport(peers[0]!), peers[0]!.session.lobby.signedRoster);
      results.push(result);
      onHand(result);
    }
  } finally {
    for (const peer of peers) {
      peer.session.close();
      peer.mesh.stop();
    }
  }
  return results;
}

/** A finished hand as `peer` holds it: its set-up, every signed event, and the result it records. */
export function handExport(peer: SimulationPeer): HandToExport {
  const hand = peer.session.current!.session;
  const state = hand.engineState;
  const outcome =
    hand.phase === 'done' && state && hand.hash
      ? outcomeOf(handOutcome(hand.config.game.id, state, hand.auditResult?.rules ?? null), hand.hash)
      : null;
  return { setup: hand.config.setup, envelopes: hand.events(), stateHash: hand.hash, outcome };
}
