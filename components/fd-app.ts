/**
 * The app shell: header with the name field and settings, the current page
 * (home, a table's lobby, settings), the log, and any problem as a readable
 * banner. It is the only element that holds the store: it renders from
 * `store.view` and turns the children's events into store calls. On a phone
 * during a hand the seats and the log fold behind one button, so the table
 * fits the screen. The pages a table link does not open on (home, settings,
 * the replay viewer) are imported when first shown, so the lobby's first
 * load does not carry them; the hand's element (fd-hand, with its summary,
 * verdict and score strip) when a table's page is first shown, not before its
 * lobby (lazy-part.ts: a line while each loads, or what failed and what to
 * do); a table's game view while its game loads shows "Loading <game>…" (or
 * why the load failed, with Reload).
 */
import { LitElement, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { AppStore, type AppView } from '../src/app/store.js';
import { ToggleSoundEvent, RenameEvent } from './events.js';
import { storeCalls } from './app-events.js';
import { soundCue, TableSounds, type CueState } from '../src/app/sound.js';
import { theme } from './theme.js';
import { appStyles } from './app-styles.js';
import { OnceAFrame } from './once-a-frame.js';
import { setCardMotion } from './motion.js';
import { keepSame } from './keep-same.js';
import { cardIcon, gearIcon } from './icons.js';
import {
  failureStyles,
  gameLoadFailure,
  joinFailure,
  notFound,
  signalingFailure,
  signalingLine,
} from './app-failures.js';
import { LazyPart, lazyFailureText } from './lazy-part.js';
import './fd-lobby.js';
import './fd-log.js';
import './fd-chat.js';

/** The lobby's change lines when no hand is held: one array, so the lobby is not redrawn for a new empty one. */
const NO_CHANGES: readonly string[] = [];

@customElement('fd-app')
export class FdApp extends LitElement {
  readonly store = new AppStore();
  @state() private view: AppView = this.store.view;
  private readonly sounds = new TableSounds();
  private lastCue: CueState | null = null;
  /** In the task of the player's input (a click, a key, a form's change or submit). */
  private acting = false;
  private readonly onInput = () => {
    if (this.acting) return;
    this.acting = true;
    setTimeout(() => (this.acting = false), 0);
  };
  private readonly viewChange = new OnceAFrame(() => {
    // What did not change stays the same object: a change that shows nothing new renders nothing (keep-same.ts).
    this.view = keepSame(this.view, this.store.view);
    setCardMotion(this.view.settings.animateCards !== false);
    this.sound(this.view);
  });
  /** Phones, during a hand: whether the chat, the seats and the log are unfolded. */
  @state() private extrasOpen = false;
  /** The newest chat line shown unfolded (what the folded extras' button counts from). */
  private chatSeenId = 0;
  /** The pages a table link does not open on, imported when first shown: home, settings, the replay viewer. */
  private readonly home = new LazyPart(this, () => import('./fd-home.js'));
  private readonly settingsPage = new LazyPart(this, () => import('./fd-settings.js'));
  private readonly replay = new LazyPart(this, () => import('./fd-replay.js'));
  /** The hand's element (fd-hand), imported while a table's lobby is shown: in by the time a hand is dealt. */
  private readonly hand = new LazyPart(this, () => import('./fd-hand.js'));
  /** Rules help (its button and panel), imported when a table first shows: the lobby's first load has a budget. */
  private readonly rules = new LazyPart(this, () => import('./fd-rules.js'));

  static override styles = [theme, failureStyles, appStyles];

  override connectedCallback() {
    super.connectedCallback();
    setCardMotion(this.view.settings.animateCards !== false);
    // One view per frame: an incoming move announces many changes, each in a task of its own (once-a-frame.ts).
    // What the player does shows as their handler returns, as it always did.
    this.store.addEventListener('change', () => (this.acting ? this.viewChange.soon() : this.viewChange.request()));
    for (const type of ['click', 'keydown', 'change', 'submit'])
      window.addEventListener(type, this.onInput, { capture: true });
    storeCalls(this, this.store);
    void this.store.init();
    // The tests' handle on the page (the e2e tests' hostile peer reaches the mesh through it): in development and in
    // the bundle the tests build only (vite.config.ts), never in a production build.
    if (import.meta.env.DEV || __FD_TEST_HANDLE__)
      (window as unknown as { fairdeck: unknown }).fairdeck = { store: this.store };
  }

  /** Plays the cue the change calls for, when sound is on (src/app/sound.ts decides which). */
  private sound(view: AppView) {
    const hand = view.hand;
    const now: CueState | null = hand
      ? {
          handNo: hand.handNo,
          step: hand.step,
          myTurn: (hand.table?.legal.length ?? 0) > 0 && !hand.busy,
          over: hand.summary !== null,
        }
      : null;
    const cue = soundCue(this.lastCue, now);
    this.lastCue = now;
    if (cue && view.settings.sound) this.sounds.play(cue);
  }

  /** The Rules button, once its element is in (a moment after the table shows), or why it could not be loaded. */
  private rulesHelp(help: NonNullable<AppView['rulesHelp']>) {
    this.rules.start();
    if (this.rules.state === 'failed')
      return html`<span class="error" role="alert" id="rules-load-failed"
        >${lazyFailureText('The rules help could not be loaded', this.rules.error)}</span
      >`;
    return html`<fd-rules .help=${help}></fd-rules>`;
  }

  /** Rules help and the sound switch, reachable at any moment at the table. */
  private tableTools(view: AppView) {
    const on = view.settings.sound === true;
    return html`<div class="tools">
      ${view.rulesHelp ? this.rulesHelp(view.rulesHelp) : null}
      <button
        id="sound-toggle"
        aria-pressed=${on ? 'true' : 'false'}
        @click=${() => this.dispatchEvent(new ToggleSoundEvent(!on))}
      >
        ${on ? '♪ Sound on' : 'Sound off'}
      </button>
    </div>`;
  }

  private page() {
    const view = this.view;
    if (!view.ready) return view.problem ? null : html`<p class="muted" style="padding:1rem">Loading…</p>`;
    switch (view.route.page) {
      case 'home':
        return this.home.show(
          { loading: 'Loading…', failed: 'The home page could not be loaded', id: 'home-load-failed' },
          () => html`<fd-home .recentTables=${view.recentTables}></fd-home>`,
        );
      case 'settings':
        return this.settingsPage.show(
          { loading: 'Loading the settings…', failed: 'The settings could not be loaded', id: 'settings-load-failed' },
          () => html`<fd-settings .settings=${view.settings} .ice=${view.ice} .back=${view.backHash}></fd-settings>`,
        );
      case 'replay':
        return this.replay.show(
          {
            loading: 'Loading the replay viewer…',
            failed: 'The replay viewer could not be loaded',
            id: 'replay-load-failed',
          },
          () => html`<fd-replay .replay=${view.replay}></fd-replay>`,
        );
      case 'table':
        if (view.signalingFailure) return signalingFailure(view, () => this.store.retry());
        if (view.joinFailure) return joinFailure(view, () => this.store.retry());
        if (view.loadingGame?.error) return gameLoadFailure(view.loadingGame.name, view.loadingGame.error);
        this.hand.start();
        // On a phone during a hand, the chat, the seats and the log fold away below a button so the table fits the
        // screen (the button counts chat lines unread meanwhile).
        // During a hand the Rules and Sound buttons sit with the seats and the log (folded on a phone), so a turn fits the screen.
        // On a wide desktop during a hand, the chat, the seats and the log sit in a column beside the table.
        return html`<div class="table-page">
          <div class="table-main">
            ${view.hand ? null : this.tableTools(view)}${view.hand ? this.handElement(view, view.hand) : null}
            ${
              view.hand
                ? html`<button
                    class="extras-toggle"
                    id="extras-toggle"
                    aria-expanded=${this.extrasOpen ? 'true' : 'false'}
                    @click=${() => (this.extrasOpen = !this.extrasOpen)}
                  >
                    ${this.extrasOpen ? 'Hide' : 'Show'} seats, chat and
                    log${
                      !this.extrasOpen && view.chat && !view.chat.hidden && this.foldedUnread(view) > 0
                        ? html` <span id="extras-unread">(${this.foldedUnread(view)} unread)</span>`
                        : null
                    }
                  </button>`
                : null
            }
            ${
              view.loadingGame
                ? html`<p class="muted" role="status" id="game-loading">Loading ${view.loadingGame.name}…</p>`
                : null
            }
          </div>
          <div class="extras ${view.hand && !this.extrasOpen ? 'folded' : ''}">
            ${view.chat && view.lobby ? html`<fd-chat .chat=${view.chat}></fd-chat>` : null}
            ${view.hand ? this.tableTools(view) : null} ${signalingLine(view)}
            <fd-lobby
              .lobby=${view.lobby}
              .watchers=${view.watchers}
              ?watching=${view.watching}
              .seatOrder=${view.seatOrder}
              ?needsName=${view.needsName}
              .name=${view.settings.name}
              .otherTab=${view.otherTab}
              .seatStatus=${view.seatStatus}
              .link=${view.shareLink ?? ''}
              .routes=${view.linkRoutes}
              ?connecting=${view.connecting}
              ?compact=${view.hand !== null}
              .optionsRefusal=${view.optionsRefusal}
              .nextChanges=${view.hand?.nextChanges ?? NO_CHANGES}
            ></fd-lobby>
            <h3>Table log</h3>
            <fd-log .entries=${view.log}></fd-log>
          </div>
        </div>`;
      case 'not-found':
        return notFound(view.route);
    }
  }

  /** The hand in play: its element once imported; until then (or if that fails) a line saying so. */
  private handElement(view: AppView, hand: NonNullable<AppView['hand']>) {
    return this.hand.show(
      {
        loading: 'Loading the hand…',
        failed: 'The hand could not be shown',
        id: 'hand-load-failed',
        after: '; the hand waits for you.',
      },
      () =>
        html`<fd-hand
          .hand=${hand}
          ?watching=${view.watching}
          .sortHandBy=${view.settings.sortHandBy ?? 'suit'}
        ></fd-hand>`,
    );
  }

  /** Chat lines from others that came while the extras were folded (a phone during a hand). */
  private foldedUnread(view: AppView): number {
    return view.chat?.lines.filter((l) => l.id > this.chatSeenId && !l.mine).length ?? 0;
  }

  override willUpdate() {
    // A page's element is fetched alongside the store's start, not once the store is ready.
    const page = this.view.route.page;
    if (page === 'home') this.home.start();
    else if (page === 'settings') this.settingsPage.start();
    else if (page === 'replay') this.replay.start();
    const newest = this.view.chat?.lines.at(-1)?.id ?? 0;
    // A new table numbers its lines afresh.
    if (newest < this.chatSeenId) this.chatSeenId = 0;
    if (!this.view.hand || this.extrasOpen) this.chatSeenId = newest;
    // The end-of-hand summary takes a column of its own on a desktop (styles above).
    this.toggleAttribute('with-summary', this.view.route.page === 'table' && Boolean(this.view.hand?.summary));
    this.toggleAttribute(
      'with-side',
      this.view.route.page === 'table' && Boolean(this.view.hand && !this.view.hand.summary),
    );
  }

  override render() {
    const view = this.view;
    return html`
      <header>
        <h1><a class="brand" href="#/">${cardIcon()} Fairdeck</a></h1>
        <label
          >Name
          <input
            id="name"
            maxlength="32"
            placeholder="Your name"
            .value=${view.settings.name}
            @change=${(e: Event) => this.dispatchEvent(new RenameEvent((e.target as HTMLInputElement).value))}
          />
        </label>
        <a href="#/replay">Replay a transcript</a>
        <a href="#/settings">${gearIcon()} Settings</a>
      </header>
      ${
        view.problem
          ? html`<div class="problem" role="alert" id="problem">
              <span>${view.problem}</span> <button @click=${() => this.store.clearProblem()}>Dismiss</button>
            </div>`
          : null
      }
      <main>${this.page()}</main>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-app': FdApp;
  }
}
