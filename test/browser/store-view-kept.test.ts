/**
 * The app store builds its view at every change (a move brings several), in
 * Chromium: a part whose inputs did not change is the same object again, so
 * the shell passes it at once; a part whose inputs changed is built anew.
 */
import { afterEach, expect, test } from 'vitest';
import { AppStore } from '../../src/app/store.js';

afterEach(() => localStorage.clear());

test('the ICE servers shown in Settings are the same object until the player changes them', () => {
  const store = new AppStore();
  const before = store.view.ice;
  expect(store.view.ice).toBe(before);
  const turn = { urls: 'turn:turn.example.org:3478', username: 'ann', credential: 'secret' };
  store.updateSettings({ name: 'Ann', signaling: null, iceServers: [turn], sound: false, animateCards: true });
  const after = store.view.ice;
  expect(after).not.toBe(before);
  expect(JSON.stringify(after.entries)).toContain('turn:turn.example.org:3478');
  expect(JSON.stringify(before.entries)).not.toContain('turn.example.org');
  expect(store.view.ice).toBe(after);
});
