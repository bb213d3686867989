/**
 * The bots a table hosts on this peer: their signing keys (a bot takes a seat
 * with its own identity, created and stored by the table's creator) and one
 * clock per bot seat, so that in real time each bot acts on its own after its
 * own think time. With `autoplay` (simulations) this peer's own seat is
 * played by the bot too.
 */
import type { Bot } from '../bots/index.js';
import { keyHex, type Signer } from '../net/envelope.js';
import { ed25519Signer } from '../net/signer.js';
import type { HandSession } from './hand-session.js';
import { loadFixedBase, tableBaseBytes } from './signature-base.js';
import type { TableNow } from './table-now.js';

export interface HostedBotsHost {
  readonly bot: Bot;
  /** The current hand's sessions of this peer, per seat, and whether a bot plays the seat; its game; whether the table closed. */
  readonly now: Pick<TableNow, 'hands' | 'game' | 'closed'>;
  /** Let the bot play this peer's own seat too (simulations). */
  readonly autoplay: boolean | undefined;
  /** Bot think time (ms); 600 unless given. */
  readonly delayMs: number | undefined;
  /** Extra random think time per bot move (ms). */
  readonly jitterMs: number | undefined;
  /** No bot moves in this hand now (a page that came back does not yet know which hand the table is at: table-catch-up.ts). */
  readonly blocked?: (session: HandSession) => boolean;
  /** A bot (or autoplay) of this page made a move: the page plays live from now on. */
  readonly moved?: () => void;
  /** Whether game `id`'s own bot is here (src/games/index.ts `gameBot`; true for a game the registry does not hold). */
  readonly botLoaded: (gameId: string) => boolean;
  /** Loads game `id`'s own bot (its chunk: a page loads it only when it hosts a bot). */
  readonly loadBot: (gameId: string) => Promise<unknown>;
  /** A bot's code could not be loaded: said in the log, as what to do. */
  readonly onLog: (line: string, level?: 'info' | 'warn' | 'error') => void;
}

/** How long after a failed load of a bot's code the next try waits (ms). */
const LOAD_RETRY_MS = 10_000;

export class HostedBots {
  private readonly signers = new Map<string, Signer>();
  /** One clock per bot seat: in real time each bot acts on its own, after its own think time. */
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  /** The game whose bot is being loaded (schedule runs again once it is in). */
  private loading: string | null = null;
  /** After a failed load, no new try before this time (ms): a schedule runs on every change. */
  private retryAfter = 0;

  constructor(private readonly host: HostedBotsHost) {}

  /** Takes a stored (or new) bot key into this table; its signer signs the bot's events. */
  adopt(secretKey: Uint8Array): Signer {
    const signer = ed25519Signer(secretKey, tableBaseBytes);
    void loadFixedBase().catch(() => {});
    this.signers.set(keyHex(signer.publicKey), signer);
    return signer;
  }

  /** The public keys (hex) of the bots hosted here. */
  keys(): string[] {
    return [...this.signers.keys()];
  }

  signerFor(key: string): Signer | undefined {
    return this.signers.get(key);
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
  }

  /** Starts a clock for every bot seat that may move now and has none running (once its game's bot is loaded). */
  schedule(): void {
    for (const [seat, { session, bot }] of this.host.now.hands) {
      if (!(bot || this.host.autoplay) || this.timers.has(seat) || this.host.now.closed) continue;
      if (session.phase !== 'play' || !this.host.now.game || !session.engineState) continue;
      if (session.legalActions().length === 0 || session.pendingMoves > 0 || this.host.blocked?.(session)) continue;
      if (!this.host.botLoaded(this.host.now.game.id)) return this.load(this.host.now.game.id);
      const jitter = this.host.jitterMs ? Math.random() * this.host.jitterMs : 0;
      this.timers.set(
        seat,
        setTimeout(
          () => {
            this.timers.delete(seat);
            const game = this.host.now.game;
            if (
              this.host.now.closed ||
              !game ||
              !session.engineState ||
              session.legalActions().length === 0 ||
              session.pendingMoves > 0
            )
              return;
            const action = this.host.bot(game, session.engineState, seat, session.privateView);
            if (action !== null && session.act(action).ok) this.host.moved?.();
            this.schedule();
          },
          (this.host.delayMs ?? 600) + jitter,
        ),
      );
    }
  }

  /** Loads game `id`'s bot once, then schedules again; a failure is said, and a schedule 10 s later tries again. */
  private load(id: string): void {
    if (this.loading === id || Date.now() < this.retryAfter) return;
    this.loading = id;
    this.host.loadBot(id).then(
      () => {
        this.loading = null;
        this.schedule();
      },
      (error: unknown) => {
        this.loading = null;
        this.retryAfter = Date.now() + LOAD_RETRY_MS;
        const why = error instanceof Error ? error.message : String(error);
        this.host.onLog(
          `the bot's code could not be loaded (${why}): check the connection and reload the page`,
          'error',
        );
      },
    );
  }
}
