/**
 * The parts of one table on one peer and how they reach each other: the lobby,
 * the hand starter, the intake, the outbox and publisher, the records, the log,
 * the catch-up, the echo, the history, the next terms, the bots, the chat and
 * the watchers. Each is built from the table's read port (table-now.ts) and
 * callbacks to the others that are looked up when called, so the order below
 * does not matter (the starter comes first to keep it so). What the table does
 * when its lobby or a hand changes, each second, and on its person's actions
 * stays in table-session.ts, which builds the port and hands its reactions in.
 */
import { heuristicBot } from '../bots/index.js';
import { botLoaded, loadBot } from '../games/index.js';
import { keyHex } from '../net/envelope.js';
import type { EarlyEvents } from './early-events.js';
import { HandProgress } from './hand-progress.js';
import { Lobby } from './lobby.js';
import { NextTerms } from './next-terms.js';
import { HostedBots } from './table-bots.js';
import { TableCatchUp } from './table-catch-up.js';
import { TableChat } from './table-chat.js';
import { TableEcho } from './table-echo.js';
import { HandStarter } from './table-hand-start.js';
import { HandRecords } from './table-hand-records.js';
import { TableHistory } from './table-history.js';
import { EventIntake } from './table-intake.js';
import { TableLog } from './table-log.js';
import type { TableNow } from './table-now.js';
import { TableOutbox } from './table-outbox.js';
import { TablePublisher } from './table-publish.js';
import type { TableSessionOptions } from './table-session-types.js';
import { Watchers } from './table-watchers.js';

/** What the table session does when a part tells it something changed (table-session.ts). */
export interface TableReactions {
  /** The lobby changed: a roster came or was made, a seat was taken or freed, a peer said hello or goodbye. */
  readonly lobbyChanged: () => void;
  /** A local session of the current hand changed (or the table's catch-up ended or abandoned it). */
  readonly handChanged: () => void;
}

export class TableParts {
  /** The table's phase, the current hand's local sessions and its game; which hand to start, and starting it (table-hand-start.ts). */
  readonly starter: HandStarter;
  readonly lobby: Lobby;
  readonly bots: HostedBots;
  /** Each hand's outcome in storage (a next hand's set-up is read after it is written), and a halted seat's fault report (table-hand-records.ts). */
  readonly records: HandRecords;
  /** Events for the next hand (or the one being started), bounded per author like a hand's pool. */
  readonly early = new Map<number, EarlyEvents>();
  /** The current hand's idle clock (hand-progress.ts). */
  readonly progress = new HandProgress(Date.now());
  /** Which hand the other seats are at, whether this (re)opened page follows them, and who is gone (table-catch-up.ts). */
  readonly rejoin: TableCatchUp;
  /** Which seats have shown they hold an event; signed echoes and fetching again (table-echo.ts). */
  readonly echo: TableEcho;
  /** Where a table event goes: the current hand, kept early for a later or starting one, dropped or refused (table-intake.ts). */
  readonly intake: EventIntake;
  readonly log: TableLog;
  readonly outbox: TableOutbox;
  /** Signs, stores, then sends this page's events (table-publish.ts). */
  readonly publisher: TablePublisher;
  readonly watchers = new Watchers();
  /** An unseated page follows the table's hands from the first before it may sit (table-history.ts). */
  readonly history: TableHistory;
  /** The table's chat: no part of any hand (table-chat.ts). */
  readonly chat: TableChat;
  /** What the next hand changes, shown and logged; an agreement a change outdates before the deal is withdrawn (next-terms.ts). */
  readonly nextTerms: NextTerms;

  constructor(options: TableSessionOptions, now: TableNow, react: TableReactions) {
    const { mesh, signer, store, onLog } = options;
    const selfKey = keyHex(signer.publicKey);
    const startHand = (hand: number) => void this.starter.start(hand);
    // prettier-ignore
    this.starter = new HandStarter({
      now, store, mesh, signer, options, early: this.early,
      botSigner: (key) => this.bots.signerFor(key), recordSaved: () => this.records.saved,
      setupFor: (hand) => this.history.setupFor(hand), storedEvents: (hand) => this.outbox.storedEvents(hand),
      copyWord: (envelope, via, seatKeys) => this.echo.copyWord(envelope, via, seatKeys),
      // A new hand's idle time counts from its start, not from the previous hand's last event.
      newHand: (hand) => {
        this.progress.restart(Date.now());
        this.log.newHand();
        this.lobby.markHandStarted(hand + 1);
      },
      loadResults: (hand) => void this.records.loadResults(hand).then((found) => found && options.onChange()),
      keepSecrets: (seat, hand, key, secrets) => {
        options.secretsKept?.(hand, secrets);
        this.outbox.keepSecrets(seat, hand, key, secrets);
      },
      signAs: (signer, body) => this.publisher.signAs(signer, body),
      publish: (envelope) => {
        this.publisher.publish(envelope);
        // Play is over and this seat has disclosed: the page may close now, its word must outlive it (table-echo.ts).
        if (envelope.body.type === 'disclose') this.echo.lastWord(envelope.body.hand);
      },
      echoTaken: (envelopes, seatKeys) => {
        this.echo.echoAll(envelopes, seatKeys);
        this.echo.started(Date.now());
      },
      changed: () => react.handChanged(),
    });
    // No noise: a free seat's bot plays its game's heuristic (stress-shed's endless-hands rule ends loops).
    // prettier-ignore
    this.bots = new HostedBots({
      bot: options.bot ?? heuristicBot(), now, autoplay: options.autoplay, delayMs: options.botDelayMs, jitterMs: options.botJitterMs,
      blocked: (session) => this.rejoin.movesBlocked(session), moved: () => this.rejoin.settle(),
      botLoaded, loadBot, onLog,
    });
    // prettier-ignore
    this.rejoin = new TableCatchUp({
      mesh, now, isBot: (key) => this.bots.signerFor(key) !== undefined,
      storedEvents: (hand) => this.outbox.storedEvents(hand), startHand, onLog,
      // Only seats and the first few fresh watchers get an answer to a fetch (table-watchers.ts).
      fetchRefusal: (key) => this.watchers.fetchRefusal(key, this.seatedKeys(), selfKey, Date.now()),
      nextChanges: () => this.nextTerms.changes(), rosterHeard: () => this.lobby.isCreator || this.lobby.signedRoster !== null,
      withheld: (envelope) => this.outbox.withheld(envelope),
    }, Date.now());
    this.echo = new TableEcho({ mesh, now });
    mesh.onHolds((sigs, via) => this.echo.holds(sigs, via));
    // prettier-ignore
    this.outbox = new TableOutbox({
      store, now, retryMs: options.saveRetryMs, onLog,
      failed: (seat, hand, detail) => {
        // Only the hand whose write failed stops: after a rematch `hands` holds the next hand's sessions.
        if (hand === now.handNo) now.hands.get(seat)?.session.follower.fault(detail);
        options.onChange();
      },
    });
    this.publisher = new TablePublisher({ mesh, signer, outbox: this.outbox, now });
    // prettier-ignore
    this.records = new HandRecords({
      store, now, signAs: (signer, body) => this.publisher.signAs(signer, body), publish: (envelope) => this.publisher.publish(envelope),
    });
    this.log = new TableLog({ onLog, now });
    // prettier-ignore
    this.chat = new TableChat({
      send: (body) => mesh.send('chat', body), selfKey,
      seatOf: (key) => {
        const seat = this.lobby.seatKeys().indexOf(key);
        return seat >= 0 ? seat : null;
      },
      seatName: (seat) => this.lobby.names()[seat] ?? `Seat ${seat + 1}`,
      watchersMayChat: () => this.lobby.view().config?.watchersChat === true, changed: () => options.onChange(),
    });
    this.nextTerms = new NextTerms({ now, onLog });
    // prettier-ignore
    this.lobby = new Lobby({
      mesh, store, name: options.name, onChange: () => react.lobbyChanged(), onLog: (line) => onLog(line),
      botKeys: () => this.bots.keys(), runningSeats: () => now.runningSeats, mayJoin: () => this.history.mayJoin(),
      admitChat: (envelope) => this.chat.admit(envelope),
    });
    // prettier-ignore
    this.history = new TableHistory({
      mesh, store, now, optionsOf: (hand) => this.lobby.optionsOf(hand),
      playsAny: (keys) => keys.some((key) => key === selfKey || this.bots.signerFor(key) !== undefined),
      early: (hand) => this.early.get(hand)?.events ?? [], startHand, askForSeat: () => this.lobby.askAgain(), onLog,
    });
    // prettier-ignore
    this.intake = new EventIntake({
      early: this.early, now, history: () => this.history, echo: () => this.echo,
      noteShown: (from, hand) => this.rejoin.noteShown(from, hand, false), refuse: (envelope, why, outsider) => this.log.refuse(envelope, why, outsider),
      saveReceived: (envelope, bytes) => this.outbox.saveReceived(envelope, bytes), startHand,
      changed: () => options.onChange(), onLog,
    });
  }

  /** The keys (hex) the roster seats. */
  seatedKeys(): Set<string> {
    return new Set(this.lobby.seatKeys().filter((key) => key !== null));
  }
}
