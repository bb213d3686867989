/**
 * The open table's game rules, for the app store (store.ts): each game's
 * rules are a chunk of their own (src/games/index.ts `loadGame`), loaded
 * before its table can start a hand. Meanwhile the view says "Loading
 * <game>…"; a roster that names a game not loaded yet is held, with every
 * envelope after it, until the rules are in; a load that fails is shown with
 * its cause and what to do, and the table takes nothing more in.
 */
import type { Envelope } from '../net/envelope.js';
import { gameMeta, isGameId, isGameLoaded, loadGame, type GameId } from '../games/index.js';
import type { Session, SessionOut } from './store-session.js';
import type { AppView } from './store-types.js';

export class TableGame {
  /** The open table's game while its rules load, and why the load failed; null when loaded or at no table. */
  loading: AppView['loadingGame'] = null;

  constructor(private readonly out: SessionOut) {}

  /**
   * Loads `session`'s game. The browser remembers a module that failed to load for the rest of the page's life, so
   * the remedy shown is a reload. True once loaded (and the session still open).
   */
  async load(session: Session, game: GameId): Promise<boolean> {
    if (isGameLoaded(game)) return true;
    const name = gameMeta(game)?.name ?? game;
    this.loading = { name, error: null };
    this.out.changed();
    try {
      await loadGame(game);
    } catch (error) {
      if (session.closed) return false;
      session.gameFailed = true;
      const text = `${name} could not be loaded (${error instanceof Error ? error.message : String(error)}): this page is offline, or the server it came from cannot be reached, and has no saved copy of ${name}. Reconnect, then reload the page.`;
      this.loading = { name, error: text };
      this.out.log('error', text);
      return false;
    }
    if (!session.closed) this.loading = null;
    this.out.changed();
    return !session.closed;
  }

  /**
   * Hands a verified envelope to the table session, unless the table's game is still loading: a roster that names a
   * game not loaded here starts holding (that roster and every envelope after it, in order) until its rules are in.
   */
  deliver(session: Session, envelope: Envelope, via: string): void {
    if (session.closed || session.gameFailed) return;
    if (session.held) {
      session.held.push({ envelope, via });
      return;
    }
    const game = envelope.kind === 'roster' ? envelope.body.config.game : null;
    if (game === null || !isGameId(game) || isGameLoaded(game)) {
      session.tableSession.receive(envelope, via);
      return;
    }
    session.held = [{ envelope, via }];
    void this.load(session, game).then((loaded) => {
      const held = session.held ?? [];
      session.held = undefined;
      if (!loaded || session.closed) return;
      for (const { envelope, via } of held) session.tableSession.receive(envelope, via);
    });
  }
}
