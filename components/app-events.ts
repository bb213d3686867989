/**
 * How the shell (fd-app.ts) turns its children's typed events
 * (components/events.ts) into calls on the store: one listener per event on
 * the shell, which every event reaches as it bubbles up. A change the store
 * refuses (table options, a chat line) cancels its event, so the form that
 * sent it keeps what the player chose or typed.
 */
import type { AppStore } from '../src/app/store.js';
import {
  AbandonHandEvent,
  ActEvent,
  AddBotEvent,
  CreateTableEvent,
  DownloadTranscriptEvent,
  OpenReplayEvent,
  ReplayStepEvent,
  LeaveSeatEvent,
  RematchEvent,
  ChangeOptionsEvent,
  RenameEvent,
  SaveSettingsEvent,
  SitEvent,
  SortHandEvent,
  WatchEvent,
  ToggleSoundEvent,
  ChatSayEvent,
  ChatReactEvent,
  ChatHideEvent,
} from './events.js';

/** Listen on `host` for every event the children send up, and call `store` for each. */
export function storeCalls(host: HTMLElement, store: AppStore): void {
  host.addEventListener(ToggleSoundEvent.type, (e) => store.setSound(e.on));
  host.addEventListener(CreateTableEvent.type, (e) => store.createTable(e.config));
  host.addEventListener(SitEvent.type, (e) => store.sit(e.seat, e.name));
  host.addEventListener(LeaveSeatEvent.type, () => store.leaveSeat());
  host.addEventListener(WatchEvent.type, () => store.watch());
  host.addEventListener(RenameEvent.type, (e) => store.rename(e.name));
  host.addEventListener(ActEvent.type, (e) => store.act(e.action));
  host.addEventListener(RematchEvent.type, () => store.rematch());
  // A change the table refused is cancelled, so the form keeps the choices (the reason comes down in the view).
  host.addEventListener(ChangeOptionsEvent.type, (e) => {
    if (!store.changeOptions({ ...e.options })) e.preventDefault();
  });
  host.addEventListener(SortHandEvent.type, (e) => store.sortHand(e.by));
  // A line not sent is cancelled, so the chat keeps what was typed (the reason comes down in its view).
  host.addEventListener(ChatSayEvent.type, (e) => {
    if (!store.say(e.text)) e.preventDefault();
  });
  host.addEventListener(ChatReactEvent.type, (e) => void store.react(e.reaction));
  host.addEventListener(ChatHideEvent.type, (e) => store.setChatHidden(e.hidden));
  host.addEventListener(AbandonHandEvent.type, () => store.abandonHand());
  host.addEventListener(AddBotEvent.type, (e) => store.addBot(e.seat, e.replace));
  host.addEventListener(DownloadTranscriptEvent.type, () => void store.downloadTranscript());
  host.addEventListener(OpenReplayEvent.type, (e) => void store.openReplay(e.text));
  host.addEventListener(ReplayStepEvent.type, (e) =>
    e.hand !== null ? store.replayHand(e.hand) : store.replayStep(e.delta),
  );
  // Settings confirms a save in place; its Back link returns to where it was opened from.
  host.addEventListener(SaveSettingsEvent.type, (e) => store.updateSettings(e.settings));
}
