/**
 * The table fingerprint in the lobby element, in Chromium: a character the
 * machine cannot draw is told from one it can (glyphs.ts), and a fingerprint
 * with a symbol that would show as an empty box is shown as its eight words
 * alone, which then carry it ("these same eight words"); one whose symbols
 * all draw shows them above the words.
 */
import { afterEach, expect, test } from 'vitest';
import type { LobbyView } from '../../src/table/lobby-view.js';
import { canDraw } from '../../components/glyphs.js';
import '../../components/fd-lobby.js';
import type { FdLobby } from '../../components/fd-lobby.js';

let element: FdLobby | null = null;
afterEach(() => {
  element?.remove();
  element = null;
});

/** A lobby of two free seats whose fingerprint reads `emoji` / `words`. */
async function mount(emoji: string, words: string): Promise<ShadowRoot> {
  const lobby: LobbyView = {
    table: 't1',
    config: null,
    rosterVersion: 1,
    seats: [0, 1].map((seat) => ({ seat, member: null, keyHex: null, reachability: null, isMe: false, bot: null })),
    mySeat: null,
    isCreator: false,
    fingerprint: { emoji, words },
    waitingForCreator: false,
    handsStarted: 0,
    configProblem: null,
    handRunning: false,
  };
  element = document.createElement('fd-lobby');
  element.lobby = lobby;
  document.body.append(element);
  await element.updateComplete;
  return element.shadowRoot!;
}

test('a letter draws; a code point no font has does not', () => {
  expect(canDraw('AB')).toBe(true);
  expect(canDraw('A\u{10FFFE}')).toBe(false);
});

test('a fingerprint with a symbol this machine cannot draw is shown as its words alone', async () => {
  const root = await mount('AB\u{10FFFE}', 'fox owl key');
  expect(root.querySelector('#fingerprint')).toBeNull();
  expect(root.querySelector('#fingerprint-words')?.textContent).toBe('fox owl key');
  expect(root.querySelector('#fingerprint-words')?.classList.contains('alone')).toBe(true);
  expect(root.textContent).toContain('these same eight words');
});

test('a fingerprint whose symbols all draw shows them above the words', async () => {
  const root = await mount('♠♥♦', 'spade heart diamond');
  expect(root.querySelector('#fingerprint')?.textContent?.trim()).toBe('♠♥♦');
  expect(root.querySelector('#fingerprint-words')?.classList.contains('alone')).toBe(false);
  expect(root.textContent).toContain('these same eight symbols');
});
