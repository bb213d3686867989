/**
 * The table's options in the lobby (fd-table-options) in Chromium: everyone
 * reads them in the game's words; between hands the creator changes them
 * with the New table form's own controls, and the change asked for carries
 * only what was changed on top of the table's options; a combination the
 * game does not take for this many seats is named and cannot be sent; a
 * change the table refused keeps the choices and shows why; what the next
 * hand changes is listed with the reminder that every seat agrees by
 * Rematch. Nobody but the creator, and nobody during a hand, gets the control.
 */
import { describe, expect, test } from 'vitest';
import { ChangeOptionsEvent } from '../../components/events.js';
import '../../components/fd-table-options.js';
import type { FdTableOptions } from '../../components/fd-table-options.js';
import { mount, text } from './mount.js';

async function options(props: Partial<FdTableOptions>): Promise<FdTableOptions> {
  const el = document.createElement('fd-table-options');
  Object.assign(el, { game: 'stress-shed', seats: 3, options: { decks: 'auto' }, ...props });
  return mount(el);
}

const part = <E extends Element = HTMLElement>(el: FdTableOptions, selector: string): E | null =>
  el.shadowRoot!.querySelector<E>(selector) ??
  el.shadowRoot!.querySelector('fd-option-fields')?.shadowRoot?.querySelector<E>(selector) ??
  null;

async function settled(el: FdTableOptions): Promise<void> {
  await el.updateComplete;
  // The form's controls are imported when it first opens: until then it says they are loading.
  const loading = () =>
    el.shadowRoot!.querySelector('#options-form') !== null && el.shadowRoot!.querySelector('fd-option-fields') === null;
  for (let i = 0; i < 100 && loading(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  await el.updateComplete;
  await el.shadowRoot!.querySelector<FdTableOptions>('fd-option-fields')?.updateComplete;
}

/** Opens the form and records every change asked for (refusing each when `refuse`). */
async function changing(el: FdTableOptions, refuse = false): Promise<ChangeOptionsEvent[]> {
  const asked: ChangeOptionsEvent[] = [];
  el.addEventListener(ChangeOptionsEvent.type, (e) => {
    asked.push(e);
    if (refuse) e.preventDefault();
  });
  part<HTMLButtonElement>(el, '#change-options')!.click();
  await settled(el);
  return asked;
}

async function check(el: FdTableOptions, id: string): Promise<void> {
  part<HTMLInputElement>(el, id)!.click();
  await settled(el);
}

async function choose(el: FdTableOptions, id: string, label: string): Promise<void> {
  const select = part<HTMLSelectElement>(el, id)!;
  select.selectedIndex = [...select.options].findIndex((o) => o.text === label);
  select.dispatchEvent(new Event('change'));
  await settled(el);
}

describe('the table’s options', () => {
  test.each([
    ['another player, between hands', { canChange: false }],
    ['the creator while a hand is played', { canChange: false }],
  ])('%s reads them in the game’s words, with no control to change them', async (_, props) => {
    const el = await options({ ...props, options: { decks: 2, voluntaryPickup: true } });
    expect(text(part(el, '[data-option="voluntaryPickup"]'))).toBe('yes');
    expect(text(part(el, '[data-option="decks"]'))).toBe('Two decks');
    expect(text(part(el, '[data-option="fourOfAKindBurns"]'))).toBe('no');
    expect(part(el, '#change-options')).toBeNull();
    expect(part(el, '#options-form')).toBeNull();
  });

  test('the creator between hands changes one option: only that option is asked on top of the table’s', async () => {
    const el = await options({ canChange: true });
    const asked = await changing(el);
    // The form's own controls, labelled as the New table form labels them, showing the table's values.
    expect(text(part(el, 'legend'))).toBe('Options for the next hand');
    expect(part<HTMLInputElement>(el, '#opt-voluntaryPickup')!.checked).toBe(false);
    expect(text(part(el, '#opt-voluntaryPickup')!.closest('label'))).toContain('Pick up the stack at will');
    expect(part<HTMLButtonElement>(el, '#apply-options')!.disabled).toBe(true);
    expect(text(part(el, '#options-unchanged'))).toBe('Nothing changed yet.');
    await check(el, '#opt-voluntaryPickup');
    // Set back and forth to the default: nothing for that option.
    await check(el, '#opt-fourOfAKindBurns');
    await check(el, '#opt-fourOfAKindBurns');
    part<HTMLButtonElement>(el, '#apply-options')!.click();
    await settled(el);
    expect(asked.map((e) => e.options)).toEqual([{ decks: 'auto', voluntaryPickup: true }]);
    // Sent: the form closes; the table's options come back down when its roster has them.
    expect(part(el, '#options-form')).toBeNull();
  });

  test('a combination the game does not take for this many seats is named and cannot be sent', async () => {
    const el = await options({ canChange: true, seats: 5 });
    const asked = await changing(el);
    await choose(el, '#opt-decks', 'One deck');
    expect(text(part(el, '#options-problem'))).toMatch(/\S/);
    expect(part<HTMLButtonElement>(el, '#apply-options')!.disabled).toBe(true);
    part<HTMLFormElement>(el, '#options-form')!.requestSubmit();
    await settled(el);
    expect(asked).toEqual([]);
    await choose(el, '#opt-decks', 'Two decks');
    expect(part(el, '#options-problem')).toBeNull();
    expect(part<HTMLButtonElement>(el, '#apply-options')!.disabled).toBe(false);
  });

  test('a change the table refused keeps every choice and says why', async () => {
    const el = await options({ canChange: true });
    const asked = await changing(el, true);
    await check(el, '#opt-voluntaryPickup');
    await choose(el, '#opt-decks', 'One deck');
    part<HTMLButtonElement>(el, '#apply-options')!.click();
    await settled(el);
    expect(asked).toHaveLength(1);
    el.refusal = 'The options were not changed: the options change between hands: this hand is being played.';
    await settled(el);
    expect(text(part(el, '#options-refused'))).toBe(el.refusal);
    expect(part<HTMLInputElement>(el, '#opt-voluntaryPickup')!.checked).toBe(true);
    expect(part<HTMLSelectElement>(el, '#opt-decks')!.selectedOptions[0]!.text).toBe('One deck');
    // A hand began meanwhile: the choices wait, and cannot be sent until it has ended.
    el.canChange = false;
    await settled(el);
    expect(part<HTMLButtonElement>(el, '#apply-options')!.disabled).toBe(true);
    expect(text(part(el, '#options-note'))).toMatch(/this hand is being played/);
    expect(part<HTMLInputElement>(el, '#opt-voluntaryPickup')!.checked).toBe(true);
  });

  test('what the next hand changes is listed, with who agrees how, on every page', async () => {
    const line = 'Ann changed “Pick up the stack at will”: no → yes';
    const el = await options({ canChange: false, pending: [line] });
    expect(text(part(el, '#options-pending'))).toBe(
      `The next hand changes — it starts once every seat has clicked Rematch: ${line}`,
    );
  });
});
