/**
 * The table chat element in Chromium: a peer's line that is markup shows as
 * literal text and runs nothing; a reaction reads as words beside its
 * (hidden from screen readers) emoji; Send hands the line up and keeps it
 * when the shell cancels (not sent); the Hide button folds the chat to a bar
 * with the unread count and Show unfolds it; a page that may not chat reads
 * the lines and says why; and axe finds no serious violation on the felt.
 */
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import axe from 'axe-core';
import { blockingViolations, describeViolations } from '../e2e/axe-report.js';
import type { ChatView } from '../../src/app/chat.js';
import { REACTION_WORDS } from '../../src/app/chat.js';
import { ChatHideEvent, ChatReactEvent, ChatSayEvent } from '../../components/events.js';
import '../../components/fd-chat.js';
import { mount, text } from './mount.js';

const HOSTILE = '<img src=x onerror="window.__chatPwned=1">';

const view = (extra: Partial<ChatView> = {}): ChatView => ({
  lines: [
    { id: 1, who: 'Bob', mine: false, text: HOSTILE, reaction: null },
    { id: 2, who: 'Cat (watching)', mine: false, text: null, reaction: { id: 'nice', ...REACTION_WORDS.nice } },
    { id: 3, who: 'You', mine: true, text: 'thanks', reaction: null },
  ],
  hidden: false,
  unread: 0,
  closed: null,
  notice: null,
  ...extra,
});

/** The chat on the felt, as the table page shows it. */
async function chat(chatView: ChatView) {
  const felt = document.createElement('div');
  felt.style.cssText = 'background:#0f5132;color:#f4f1e8;padding:1rem;font-family:sans-serif';
  const el = document.createElement('fd-chat');
  el.chat = chatView;
  felt.append(el);
  // Mounted (and removed after the test) as one: the felt holds the element.
  await mount(Object.assign(felt, { updateComplete: Promise.resolve() }));
  await el.updateComplete;
  return { felt, el, root: el.shadowRoot! };
}

test('a line that is markup shows as its literal text and runs nothing; a reaction reads in words', async () => {
  await page.viewport(1280, 800);
  const { root } = await chat(view());
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(root.querySelector('img')).toBeNull();
  expect((window as unknown as { __chatPwned?: number }).__chatPwned).toBeUndefined();
  expect(text(root.querySelector('#chat-lines li'))).toBe(`Bob: ${HOSTILE}`);
  expect(text(root.querySelector('#chat-lines li:nth-child(2) .reaction'))).toBe('nice one');
  expect(text(root.querySelector('#chat-lines li:nth-child(2)'))).toMatch(/^Cat \(watching\): (👍 )?nice one$/);
  // The emoji, when drawn, is hidden from screen readers: the words carry the meaning.
  for (const span of root.querySelectorAll('#chat-lines li:nth-child(2) span[aria-hidden]'))
    expect(text(span)).toBe('👍');
  // Each reaction button is named in words.
  const names = [...root.querySelectorAll('.reactions button')].map((b) => b.getAttribute('aria-label'));
  expect(names).toEqual(['React: nice one', 'React: ha ha', 'React: wow', 'React: well played']);
});

test('Send hands the line up; a line the shell refuses stays typed, with the reason shown', async () => {
  const { el, root } = await chat(view());
  const said: string[] = [];
  let refuse = true;
  el.addEventListener(ChatSayEvent.type, (e) => {
    said.push(e.text);
    if (refuse) e.preventDefault();
  });
  const reacted: string[] = [];
  el.addEventListener(ChatReactEvent.type, (e) => reacted.push(e.reaction));
  const field = root.querySelector<HTMLInputElement>('#chat-text')!;
  expect(field.maxLength).toBe(300);
  field.value = 'gg';
  root.querySelector<HTMLButtonElement>('#chat-send')!.click();
  expect(said).toEqual(['gg']);
  expect(field.value).toBe('gg');
  el.chat = view({ notice: 'Not sent: wait 2 s. Chat takes 5 messages at once, then one every 2 s.' });
  await el.updateComplete;
  expect(text(root.querySelector('#chat-notice'))).toMatch(/^Not sent: wait 2 s/);
  refuse = false;
  root.querySelector<HTMLButtonElement>('#chat-send')!.click();
  expect(said).toEqual(['gg', 'gg']);
  expect(field.value).toBe('');
  root.querySelector<HTMLButtonElement>('.reactions button[data-reaction="bravo"]')!.click();
  expect(reacted).toEqual(['bravo']);
});

test('Hide folds the chat to a bar that counts unread lines; Show unfolds it', async () => {
  await page.viewport(390, 844);
  const { el, root } = await chat(view());
  const asked: boolean[] = [];
  el.addEventListener(ChatHideEvent.type, (e) => {
    asked.push(e.hidden);
    el.chat = view({ hidden: e.hidden, unread: e.hidden ? 2 : 0 });
  });
  const toggle = () => root.querySelector<HTMLButtonElement>('#chat-toggle')!;
  expect(toggle().getAttribute('aria-expanded')).toBe('true');
  toggle().click();
  await el.updateComplete;
  expect(asked).toEqual([true]);
  expect(root.querySelector('#chat-lines')).toBeNull();
  expect(text(root.querySelector('#chat-unread'))).toBe('2 unread');
  expect(toggle().getAttribute('aria-expanded')).toBe('false');
  expect(text(toggle())).toBe('Show chat');
  // Folded, it is one slim bar on a phone.
  expect(el.getBoundingClientRect().height).toBeLessThan(80);
  toggle().click();
  await el.updateComplete;
  expect(asked).toEqual([true, false]);
  expect(root.querySelectorAll('#chat-lines li').length).toBe(3);
  expect(root.querySelector('#chat-unread')).toBeNull();
});

test('a page that may not chat reads the lines and says why, with nothing to type in', async () => {
  const closed = 'Chat is for the players at this table: its creator has not let watchers chat.';
  const { root } = await chat(view({ closed }));
  expect(root.querySelectorAll('#chat-lines li').length).toBe(3);
  expect(text(root.querySelector('#chat-closed'))).toBe(closed);
  expect(root.querySelector('#chat-text')).toBeNull();
  expect(root.querySelector('.reactions')).toBeNull();
});

test('axe finds no serious violation on the chat, open and folded', async () => {
  await page.viewport(1280, 800);
  for (const chatView of [
    view({ notice: 'Not sent: wait 2 s.' }),
    view({ hidden: true, unread: 4 }),
    view({ closed: 'Chat is for the players at this table.' }),
  ]) {
    const { felt } = await chat(chatView);
    const results = await axe.run(felt, { resultTypes: ['violations'] });
    const found = blockingViolations(results.violations);
    expect(found, describeViolations(found)).toEqual([]);
    felt.remove();
  }
});
