/**
 * The typed events components send up to the app shell. Components never
 * call the store, the network, the rules or the crypto; they say what the
 * person asked for, and fd-app carries it out.
 */
import type { Reaction, TableConfig } from '../src/net/messages.js';
import type { SettingsForm } from '../src/app/settings.js';
import type { OptionValue } from '../src/games/game-meta.js';

export class CreateTableEvent extends Event {
  static readonly type = 'fd-create-table';
  constructor(readonly config: TableConfig) {
    super(CreateTableEvent.type, { bubbles: true, composed: true });
  }
}

export class SitEvent extends Event {
  static readonly type = 'fd-sit';
  /** seat null: any free seat; name: the name typed just before sitting (a joiner without one is asked). */
  constructor(
    readonly seat: number | null,
    readonly name?: string,
  ) {
    super(SitEvent.type, { bubbles: true, composed: true });
  }
}

/** The person watches the table instead of sitting (a full table, or play has started). */
export class WatchEvent extends Event {
  static readonly type = 'fd-watch';
  constructor() {
    super(WatchEvent.type, { bubbles: true, composed: true });
  }
}

export class LeaveSeatEvent extends Event {
  static readonly type = 'fd-leave-seat';
  constructor() {
    super(LeaveSeatEvent.type, { bubbles: true, composed: true });
  }
}

export class RenameEvent extends Event {
  static readonly type = 'fd-rename';
  constructor(readonly name: string) {
    super(RenameEvent.type, { bubbles: true, composed: true });
  }
}

export class SaveSettingsEvent extends Event {
  static readonly type = 'fd-save-settings';
  constructor(readonly settings: SettingsForm) {
    super(SaveSettingsEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'fd-create-table': CreateTableEvent;
    'fd-sit': SitEvent;
    'fd-leave-seat': LeaveSeatEvent;
    'fd-rename': RenameEvent;
    'fd-save-settings': SaveSettingsEvent;
  }
}

/** The person chose a move (one of the legal actions the store offered; `A` is the game's action type). */
export class ActEvent<A = unknown> extends Event {
  static readonly type = 'fd-act';
  constructor(readonly action: A) {
    super(ActEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'fd-act': ActEvent;
  }
}

export class RematchEvent extends Event {
  static readonly type = 'fd-rematch';
  constructor() {
    super(RematchEvent.type, { bubbles: true, composed: true });
  }
}

export class AbandonHandEvent extends Event {
  static readonly type = 'fd-abandon-hand';
  constructor() {
    super(AbandonHandEvent.type, { bubbles: true, composed: true });
  }
}

export class AddBotEvent extends Event {
  static readonly type = 'fd-add-bot';
  /** `replace`: the seat's player is gone; the bot takes the seat from the next hand on. */
  constructor(
    readonly seat: number,
    readonly replace = false,
  ) {
    super(AddBotEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'fd-rematch': RematchEvent;
    'fd-abandon-hand': AbandonHandEvent;
    'fd-add-bot': AddBotEvent;
  }
}

export class DownloadTranscriptEvent extends Event {
  static readonly type = 'fd-download-transcript';
  constructor() {
    super(DownloadTranscriptEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'fd-download-transcript': DownloadTranscriptEvent;
  }
}

/** The person chose a transcript file to replay (its text). */
export class OpenReplayEvent extends Event {
  static readonly type = 'fd-open-replay';
  constructor(readonly text: string) {
    super(OpenReplayEvent.type, { bubbles: true, composed: true });
  }
}

/** Replay: move `delta` steps, or show hand `hand` from its start. */
export class ReplayStepEvent extends Event {
  static readonly type = 'fd-replay-step';
  constructor(
    readonly delta: number,
    readonly hand: number | null = null,
  ) {
    super(ReplayStepEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'fd-open-replay': OpenReplayEvent;
    'fd-replay-step': ReplayStepEvent;
  }
}

/** The table's sound button: sound on or off (saved in Settings). */
export class ToggleSoundEvent extends Event {
  static readonly type = 'fd-toggle-sound';
  constructor(readonly on: boolean) {
    super(ToggleSoundEvent.type, { bubbles: true, composed: true });
  }
}

/** The table's Sort toggle: how hands are ordered (remembered in Settings). */
export class SortHandEvent extends Event {
  static readonly type = 'fd-sort-hand';
  constructor(readonly by: 'suit' | 'rank') {
    super(SortHandEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'fd-toggle-sound': ToggleSoundEvent;
    'fd-sort-hand': SortHandEvent;
  }
}

/**
 * The chat's Send: a line of text. Cancelable: the shell cancels it (`preventDefault`) when the line was not sent,
 * so the chat keeps what was typed; the reason comes down in the chat's view.
 */
export class ChatSayEvent extends Event {
  static readonly type = 'fd-chat-say';
  constructor(readonly text: string) {
    super(ChatSayEvent.type, { bubbles: true, composed: true, cancelable: true });
  }
}

/** A quick reaction button of the chat. */
export class ChatReactEvent extends Event {
  static readonly type = 'fd-chat-react';
  constructor(readonly reaction: Reaction) {
    super(ChatReactEvent.type, { bubbles: true, composed: true });
  }
}

/** The chat's Hide/Show button (remembered in Settings). */
export class ChatHideEvent extends Event {
  static readonly type = 'fd-chat-hide';
  constructor(readonly hidden: boolean) {
    super(ChatHideEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'fd-chat-say': ChatSayEvent;
    'fd-chat-react': ChatReactEvent;
    'fd-chat-hide': ChatHideEvent;
  }
}

/** One option control of a form (fd-option-fields) was set: the option's name and its new value. */
export class OptionInputEvent extends Event {
  static readonly type = 'fd-option-input';
  constructor(
    readonly name: string,
    readonly value: OptionValue,
  ) {
    super(OptionInputEvent.type, { bubbles: true, composed: true });
  }
}

/**
 * The table's creator asks to play the next hands under these options (the whole set, as the roster carries it).
 * Cancelable: the shell cancels it when the table refused the change, so the form keeps the choices (the reason comes
 * down in the view).
 */
export class ChangeOptionsEvent extends Event {
  static readonly type = 'fd-change-options';
  constructor(readonly options: Readonly<Record<string, OptionValue>>) {
    super(ChangeOptionsEvent.type, { bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'fd-option-input': OptionInputEvent;
    'fd-change-options': ChangeOptionsEvent;
  }
}
