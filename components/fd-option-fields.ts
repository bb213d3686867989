/**
 * A game's table options as form controls: each option's field from the
 * game's meta (src/app/catalog.ts `OptionControl`) as a checkbox, a select or
 * a number, labelled and helped in the game's own words. The home screen's
 * New table form and the creator's between-hands change (fd-table-options)
 * both use it, so an option reads and works the same in both. It renders
 * `values` (an option missing there shows its default) and says each change
 * with an `OptionInputEvent`; the form around it keeps the values.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { OptionControl } from '../src/app/catalog.js';
import type { OptionValue } from '../src/games/game-meta.js';
import { OptionInputEvent } from './events.js';
import { theme } from './theme.js';

/** How an option reads (a label with its control, and a line of help below): shared with fd-home's own options. */
export const optionStyles = css`
  .option {
    display: block;
    margin: 0.45rem 0;
  }
  .option input[type='checkbox'] {
    min-height: auto;
    margin-right: 0.45rem;
  }
  .option input[type='number'] {
    width: 6rem;
    margin-left: 0.4rem;
  }
  .option select {
    margin-left: 0.4rem;
  }
  .help {
    display: block;
    font-size: 0.8rem;
    color: var(--fd-muted);
    margin-left: 1.6rem;
  }
`;

@customElement('fd-option-fields')
export class FdOptionFields extends LitElement {
  @property({ attribute: false }) controls: readonly OptionControl[] = [];
  @property({ attribute: false }) values: Readonly<Record<string, OptionValue>> = {};
  @property({ type: Boolean }) disabled = false;

  static override styles = [
    theme,
    optionStyles,
    css`
      :host {
        display: block;
      }
    `,
  ];

  private set(name: string, value: OptionValue) {
    this.dispatchEvent(new OptionInputEvent(name, value));
  }

  private option(control: OptionControl) {
    const { name, field } = control;
    const value = Object.hasOwn(this.values, name) ? this.values[name]! : control.default;
    const id = `opt-${name}`;
    const help = field.help ? html`<span class="help">${field.help}</span>` : null;
    switch (field.kind) {
      case 'checkbox':
        return html`<label class="option"
          ><input
            type="checkbox"
            id=${id}
            .checked=${value === true}
            ?disabled=${this.disabled}
            @change=${(e: Event) => this.set(name, (e.target as HTMLInputElement).checked)}
          />${field.label}${help}</label
        >`;
      case 'select':
        return html`<label class="option"
          >${field.label}
          <select
            id=${id}
            ?disabled=${this.disabled}
            @change=${(e: Event) => {
              const choice = field.choices[(e.target as HTMLSelectElement).selectedIndex];
              if (choice) this.set(name, choice.value);
            }}
          >
            ${field.choices.map((c) => html`<option ?selected=${c.value === value}>${c.label}</option>`)}</select
          >${help}</label
        >`;
      case 'number':
        return html`<label class="option"
          >${field.label}
          <input
            type="number"
            id=${id}
            min=${field.min}
            max=${field.max}
            step=${field.step ?? 1}
            .value=${String(value)}
            ?disabled=${this.disabled}
            @change=${(e: Event) => this.set(name, Number((e.target as HTMLInputElement).value))}
          />${help}</label
        >`;
    }
  }

  override render() {
    return this.controls.map((c) => this.option(c));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-option-fields': FdOptionFields;
  }
}
