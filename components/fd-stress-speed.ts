/**
 * The table of Stress (speed) for one seat: the other player's row and pile
 * above, the two centre stacks, your row and pile below, and a big "Stress!"
 * button. No turns: click (or drag) one of your row cards onto a centre stack
 * whenever it is one up or down; keys 1–4 pick a slot, Z / X play it on the
 * left / right stack, Space calls stress. Your row cards are marked like the
 * other games' hints (card-marks.ts): ringed when they go on a stack, dimmed
 * when not. Your play shows on its stack at once, before the table has
 * ordered it (the view the store passes in); one that lost its race (the top
 * changed first) flies back and shakes into the row with a red flash and a
 * red band naming who got there first;
 * while nobody can move, a countdown shows the new tops being dealt. What
 * happens (a lost race, new tops, a stress call, the winner) is read out to
 * a screen reader as it happens; the standing hint and "Playing…" while an
 * own play is ordered are shown, not read out after every play. On a
 * phone (360 px wide and up, portrait) the cards, gaps and Stress! button
 * shrink so the whole table fits the screen, played by tap (tap a card, and
 * a lit stack when it goes on both; a lit stack is a named button, Enter
 * plays there). A row card that goes on neither
 * stack says why when tapped (the store's card hints); a gone opponent is
 * marked on their side; cards fly row → stack (card-motion.ts). Only legal
 * moves are offered:
 * the store passes them in and this element sends one up as an ActEvent.
 */
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { SpeedView } from '../src/games/stress-speed/views.js';
import type { SpeedAction } from '../src/games/stress-speed/actions.js';
import { TableControls } from './table-controls.js';
import { count } from '../src/app/words.js';
import type { CardHint } from '../src/games/card-hints.js';
import { CardMotion } from './card-motion.js';
import { HandFocus } from './hand-focus.js';
import { goneMark } from './seat-marks.js';
import { playNote } from './card-marks.js';
import { speedStyles } from './speed-styles.js';
import './fd-card.js';

type Play = Extract<SpeedAction, { type: 'play' }>;

@customElement('fd-stress-speed')
export class FdStressSpeed extends LitElement {
  @property({ attribute: false }) view!: SpeedView;
  @property({ type: Number }) mySeat: number | null = null;
  @property({ attribute: false }) names: string[] = [];
  @property({ attribute: false }) legal: SpeedAction[] = [];
  /** How many of this seat's moves have bounced so far (a rise triggers the animation). */
  @property({ type: Number }) myBounces = 0;
  @property({ type: Number }) pending = 0;
  /** The rules' verdict on each of my row cards (src/games/card-hints.ts): on which stacks it goes, or why on neither. */
  @property({ attribute: false }) cardHints: Readonly<Record<number, CardHint>> = {};
  /** Seats whose connection is gone: marked on their seat box. */
  @property({ attribute: false }) gone: readonly number[] = [];
  /** The row card last tapped that cannot go, and why (touch has no hover). */
  @state() private why: string | null = null;
  private readonly motion = new CardMotion(this);
  /** The keyboard's place in my area, kept in my cards when an update loses it (hand-focus.ts). */
  private readonly handFocus = new HandFocus(this, '#my-side', '.row fd-card');
  @state() private selectedSlot: number | null = null;
  @state() private bouncedSlot: number | null = null;
  @state() private bounceNote = '';
  private lastSlotPlayed: number | null = null;
  private readonly table = new TableControls<SpeedAction>(this, {
    onKey: (event) => this.onKey(event),
    clear: (action) => {
      if (action.type === 'play') this.lastSlotPlayed = action.slot;
      this.selectedSlot = null;
    },
  });

  static override styles = speedStyles;

  private get plays(): Play[] {
    return this.legal.filter((a): a is Play => a.type === 'play');
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('legal')) this.why = null;
    const before = changed.get('myBounces') as number | undefined;
    if (before !== undefined && this.myBounces > before) {
      this.bouncedSlot = this.lastSlotPlayed;
      const other = this.names[1 - (this.mySeat ?? 0)] || 'the other player';
      this.bounceNote = `Too late: ${other} got there first. Your card is back in your row.`;
      setTimeout(() => {
        this.bouncedSlot = null;
        this.bounceNote = '';
      }, 1500);
    }
  }

  /** Why this row card goes on neither stack, in the rules' words. */
  private explain(handle: number) {
    this.why = this.cardHints[handle]?.why ?? 'This card cannot be played now.';
  }

  /** Where a playable card goes, for its title. */
  private placesText(handle: number): string {
    const places = this.cardHints[handle]?.places ?? [];
    return places.length === 2
      ? 'goes on either stack'
      : places[0] === 0
        ? 'goes on the left stack'
        : places[0] === 1
          ? 'goes on the right stack'
          : '';
  }

  private playOn(slot: number, stack: number) {
    const play = this.plays.find((p) => p.slot === slot && p.stack === stack);
    if (play) this.table.send(play);
  }

  private pickSlot(slot: number) {
    const options = this.plays.filter((p) => p.slot === slot);
    if (options.length === 1) this.table.send(options[0]!);
    else if (options.length > 1) this.selectedSlot = slot;
  }

  private stress() {
    const call = this.legal.find((a) => a.type === 'stress');
    if (call) this.table.send(call);
  }

  private onKey(event: KeyboardEvent) {
    if (/^[1-4]$/.test(event.key)) this.pickSlot(Number(event.key) - 1);
    else if ((event.key === 'z' || event.key === 'x') && this.selectedSlot !== null)
      this.playOn(this.selectedSlot, event.key === 'z' ? 0 : 1);
    else if (event.key === ' ') {
      event.preventDefault();
      this.stress();
    } else if (event.key === 'Escape') this.selectedSlot = null;
  }

  private side(seat: number, mine: boolean) {
    const s = this.view.seats[seat];
    if (!s) return null;
    const playableSlots = new Set(this.plays.map((p) => p.slot));
    return html`<div
      class="side"
      data-seat=${seat}
      data-seat-box=${seat}
      ?data-gone=${this.gone.includes(seat)}
      id=${mine ? 'my-side' : `side-${seat}`}
    >
      <div class="row">
        ${s.row.map((slot, i) => {
          const can = mine && playableSlots.has(i);
          return html`<div
            class="slot ${this.selectedSlot === i && mine ? 'selected' : ''} ${this.bouncedSlot === i && mine ? 'bounced' : ''}"
            data-slot=${i}
            draggable=${can ? 'true' : 'false'}
            @dragstart=${(e: DragEvent) => e.dataTransfer?.setData('text/plain', String(i))}
          >
            ${
              slot.top
                ? html`<fd-card
                    class=${mine ? (can ? 'legal' : 'illegal') : ''}
                    .card=${slot.top.card}
                    ?selectable=${can}
                    data-card=${slot.top.card ?? ''}
                    data-fly="row-${seat}"
                    data-fly-from="pile-${seat}"
                    data-legal=${mine ? (can ? 'yes' : 'no') : ''}
                    note=${playNote(mine ? can : null)}
                    title=${mine ? (can ? this.placesText(slot.top.handle) : (this.cardHints[slot.top.handle]?.why ?? '')) : ''}
                    @click=${can ? () => ((this.why = null), this.pickSlot(i)) : mine ? () => this.explain(slot.top!.handle) : null}
                  ></fd-card>`
                : null
            }
          </div>`;
        })}
      </div>
      <div class="pile" data-fly-source="pile-${seat}">
        <fd-card small .card=${null}></fd-card>
        <div class="pile-count">${s.pileCount} in pile</div>
      </div>
    </div>`;
  }

  private stack(index: number) {
    const stack = this.view.stacks[index];
    const target =
      this.selectedSlot !== null && this.plays.some((p) => p.slot === this.selectedSlot && p.stack === index);
    // While a chosen card can go here, the stack is a button (Enter plays it there; Space stays "Stress!").
    return html`<div
      class="stack ${target ? 'target' : ''}"
      id="stack-${index}"
      data-top=${stack?.top?.card ?? ''}
      role=${target ? 'button' : nothing}
      tabindex=${target ? 0 : nothing}
      aria-label=${target ? `Play on the ${index === 0 ? 'left' : 'right'} stack` : nothing}
      @keydown=${(e: KeyboardEvent) => {
        if (e.key !== 'Enter' || !target || this.selectedSlot === null) return;
        e.preventDefault();
        this.playOn(this.selectedSlot, index);
      }}
      @click=${() => this.selectedSlot !== null && this.playOn(this.selectedSlot, index)}
      @dragover=${(e: DragEvent) => {
        e.preventDefault();
        (e.currentTarget as HTMLElement).classList.add('drop');
      }}
      @dragleave=${(e: DragEvent) => (e.currentTarget as HTMLElement).classList.remove('drop')}
      @drop=${(e: DragEvent) => {
        e.preventDefault();
        (e.currentTarget as HTMLElement).classList.remove('drop');
        this.playOn(Number(e.dataTransfer?.getData('text/plain')), index);
      }}
    >
      ${
        stack?.top
          ? html`<fd-card
              .card=${stack.top.card}
              data-card=${stack.top.card ?? ''}
              data-fly="stack-${index}"
              data-fly-from="pile-${index}"
            ></fd-card>`
          : html`<div class="slot"></div>`
      }
      <span class="pile">${count(stack?.size ?? 0, 'card')}</span>
    </div>`;
  }

  override render() {
    const v = this.view;
    if (!v) return null;
    const me = this.mySeat ?? 0;
    const other = 1 - me;
    const canStress = this.legal.some((a) => a.type === 'stress');
    // What happened, read out as it happens; the standing hint and a play on its way are shown, not read out.
    const news = this.bounceNote
      ? html`<span id="bounced" class="lost" role="alert">${this.bounceNote}</span>`
      : v.stalemate
        ? html`No one can move: dealing new tops…
            <div class="countdown"><div></div></div>`
        : v.winner !== null
          ? html`<strong>${this.names[v.winner] ?? 'Someone'} wins!</strong>`
          : v.blocked
            ? html`No card can ever be played again: the hand ends without a winner.`
            : v.lastStress
              ? html`${this.names[v.lastStress.caller] ?? '?'} called stress: ${this.names[v.lastStress.taker] ?? '?'}
                takes both stacks.`
              : null;
    return html`
      <div class="name">${this.names[other] ?? 'Opponent'}${goneMark(other, this.gone)}</div>
      ${this.side(other, false)}
      <div class="centre">
        ${this.stack(0)}
        <button class="stress" id="stress" ?disabled=${!canStress} @click=${this.stress}>Stress!</button>
        ${this.stack(1)}
      </div>
      <div class="note" id="speed-note">
        <div id="speed-news" aria-live="polite">${news ?? nothing}</div>
        ${news === null ? (this.pending ? 'Playing…' : 'Play one up or one down — aces go both ways.') : nothing}
      </div>
      <div class="why" id="why" role="alert">${this.why ?? ''}</div>
      ${this.side(me, true)}
      <div class="name">${this.names[me] ?? 'You'} (you)</div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-stress-speed': FdStressSpeed;
  }
}
