/**
 * Saving the Settings page, in Chromium's own localStorage: the page's fields
 * (name, server, ICE servers, sound, card animations) are saved, and the
 * choices made at the table (the hand's sort order, the chat folded) are
 * kept, not reset; what is saved is read back on the next visit.
 */
import { afterEach, expect, test } from 'vitest';
import { AppStore } from '../../src/app/store.js';
import { loadSettings } from '../../src/app/settings.js';

afterEach(() => localStorage.clear());

test('saving Settings keeps the hand sort and the folded chat chosen at the table', () => {
  const store = new AppStore();
  store.sortHand('rank');
  store.setChatHidden(true);
  store.updateSettings({ name: ' Ann ', signaling: null, iceServers: [], sound: true, animateCards: false });
  const expected = { name: 'Ann', sound: true, animateCards: false, sortHandBy: 'rank', chatHidden: true };
  expect(store.view.settings).toMatchObject(expected);
  expect(loadSettings()).toMatchObject(expected);
});
