/**
 * The Settings page and the shell, in Chromium: "Animate cards" starts on,
 * Save sends the page's fields with the switches as set, and the shell puts
 * the saved choice in effect at once (the table holds still, and a card drawn
 * afterwards does not enter), and again on the next visit.
 */
import { afterEach, expect, test, vi } from 'vitest';
import '../../components/fd-app.js';
import '../../components/fd-settings.js';
import '../../components/fd-card.js';
import type { FdApp } from '../../components/fd-app.js';
import { SaveSettingsEvent } from '../../components/events.js';
import { lessMotion, setCardMotion } from '../../components/motion.js';
import { DEFAULT_SETTINGS } from '../../src/app/settings.js';
import { mount } from './mount.js';

afterEach(() => {
  localStorage.clear();
  setCardMotion(true);
  document.body.replaceChildren();
});

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

test('Save sends the page’s fields with the sound and card-animation switches as set', async () => {
  const el = await mount(
    Object.assign(document.createElement('fd-settings'), { settings: { ...DEFAULT_SETTINGS, name: 'Ann' } }),
  );
  const box = (id: string) => el.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!;
  expect(box('settings-animate-cards').checked, 'cards are animated unless turned off').toBe(true);
  expect(box('settings-sound').checked).toBe(false);
  box('settings-animate-cards').click();
  box('settings-sound').click();
  await el.updateComplete;
  const saved: SaveSettingsEvent[] = [];
  el.addEventListener(SaveSettingsEvent.type, (e) => saved.push(e));
  el.shadowRoot!.querySelector<HTMLButtonElement>('#save-settings')!.click();
  expect(saved.map((e) => e.settings)).toEqual([
    { name: 'Ann', signaling: null, iceServers: [], sound: true, animateCards: false },
  ]);
});

async function shell(): Promise<FdApp> {
  const el = document.createElement('fd-app');
  document.body.append(el);
  await vi.waitFor(() => expect(el.shadowRoot?.querySelector('fd-home')).not.toBeNull(), { timeout: 10_000 });
  return el;
}

test('the shell holds cards still as soon as animations are saved off, and on the next visit', async () => {
  const app = await shell();
  expect(lessMotion()).toBe(false);
  app.store.updateSettings({ name: 'Ann', signaling: null, iceServers: [], animateCards: false });
  await frame();
  await app.updateComplete;
  expect(lessMotion()).toBe(true);
  const card = await mount(Object.assign(document.createElement('fd-card'), { card: '7H' }));
  expect(card.getAnimations(), 'a card drawn now does not enter').toEqual([]);

  document.body.replaceChildren();
  setCardMotion(true);
  await shell();
  expect(lessMotion(), 'the next visit reads the saved choice').toBe(true);
});
