/**
 * The hand in play: a status bar (shuffling, whose turn, who the table waits
 * for and for how long), the game's own table element (whichever
 * components/game-views.ts registers for the hand's game), and the end of the
 * hand: result, audit verdict, a rematch button; or, if the hand stopped,
 * who was blamed and why. An owing seat whose connection is lost is named at
 * once, and once the turn timer runs out anyone may end the hand without a
 * result; a player who is only thinking is never named.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { HandView } from '../src/app/store.js';
import { AbandonHandEvent, RematchEvent } from './events.js';
import { renderGameTable } from './game-views.js';
import { theme } from './theme.js';
import './fd-verdict.js';

@customElement('fd-hand')
export class FdHand extends LitElement {
  @property({ attribute: false }) hand!: HandView;

  static override styles = [
    theme,
    css`
      :host { display: block; margin-bottom: 1rem; }
      .banner { border-radius: var(--fd-radius); padding: 0.7rem 1rem; margin-bottom: 0.8rem; display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; justify-content: space-between; }
      .info { background: rgba(0, 0, 0, 0.25); }
      .bad { background: rgba(255, 123, 114, 0.18); border: 1px solid var(--fd-danger); }
      .good { background: rgba(126, 226, 168, 0.15); border: 1px solid var(--fd-ok); }
      .warn { background: rgba(242, 193, 78, 0.15); border: 1px solid var(--fd-accent); }
      .spinner { display: inline-block; width: 1rem; height: 1rem; border: 2px solid var(--fd-muted); border-top-color: transparent; border-radius: 50%; animation: spin 0.8s linear infinite; vertical-align: middle; margin-right: 0.4rem; }
      @keyframes spin { to { transform: rotate(360deg); } }
      code { font-size: 0.8rem; color: var(--fd-muted); }
    `,
  ];

  private banner() {
    const hand = this.hand;
    if (hand.halt) {
      return html`<div class="banner bad" role="alert" id="halt">
        <span><strong>${hand.halt.kind === 'desync' ? 'Desync' : hand.halt.kind === 'abandoned' ? 'Hand ended' : 'Cheating or fault'}</strong>:
          ${hand.halt.blame ? html`<strong>${hand.halt.blame}</strong> — ` : null}${hand.halt.reason}</span>
        <button class="primary" id="rematch" @click=${() => this.dispatchEvent(new RematchEvent())}>New hand</button>
      </div>`;
    }
    const report = hand.reports[0];
    if (report) {
      return html`<div class="banner bad" role="alert" id="fault-report">
        <span><strong>${report.reporter}</strong> reports a fault${report.blame ? html` by <strong>${report.blame}</strong>` : null}: ${report.reason}
          <code>${report.code}</code> (this browser has not found it itself)</span>
        <button @click=${() => this.dispatchEvent(new AbandonHandEvent())}>End hand</button>
      </div>`;
    }
    if (hand.stalled) {
      const stall = hand.stalled;
      const who = html`<strong>${stall.names.join(', ')}</strong>`;
      return html`<div class="banner warn" role="alert" id="stalled" data-gone=${stall.gone}>
        <span>${stall.gone
          ? html`${who} ${stall.names.length > 1 ? 'have' : 'has'} lost the connection (silent for ${stall.seconds} s); the hand waits for them ${stall.what}.
              ${stall.canEnd
                ? hand.phase === 'disclose'
                  ? null
                  : html`Their cards are locked with keys only their page holds, so nobody can play them on: the hand can only end without a result (earlier hands’ scores stay).`
                : html`If they do not come back, the hand can be ended when the turn timer runs out.`}`
          : html`${who} ${stall.names.length > 1 ? 'are' : 'is'} connected but ${stall.names.length > 1 ? 'have' : 'has'} not answered for ${stall.seconds} s (${stall.what}).`}</span>
        ${stall.canEnd
          ? html`<button id="end-hand" @click=${() => this.dispatchEvent(new AbandonHandEvent())}>End hand${hand.phase === 'disclose' ? ` (names ${stall.names.join(', ')})` : ' without a result'}</button>`
          : null}
      </div>`;
    }
    if (hand.phase === 'done' || hand.phase === 'disclose') {
      const audit = hand.audit;
      return html`<div class="banner ${audit ? (audit.clean ? 'good' : 'bad') : 'info'}" id="result">
        <span>${hand.outcome ? html`<strong>Result:</strong> ${hand.outcome}<br />` : null}
          ${audit
            ? audit.clean
              ? html`<span id="audit">✔ Audit clean: every shuffle, key and rule was re-checked with all cards open.</span>`
              : html`<span id="audit">✘ Audit: ${audit.blame ? html`<strong>${audit.blame}</strong> — ` : null}${audit.reason}</span>`
            : html`<span class="spinner"></span>Auditing the hand with all cards open…`}
          ${hand.hash ? html`<br /><code title="state hash every peer agreed on">hash ${hand.hash.slice(0, 16)}</code>` : null}</span>
        ${hand.phase === 'done'
          ? html`<button class="primary" id="rematch" @click=${() => this.dispatchEvent(new RematchEvent())}>${hand.rematchOffered ? 'Join the rematch' : 'Rematch'}</button>`
          : null}
      </div>`;
    }
    if (hand.phase === 'ready' || hand.phase === 'dealing') {
      return html`<div class="banner info" id="dealing"><span><span class="spinner"></span>${hand.phase === 'ready' ? 'Starting the hand' : 'Shuffling and locking the deck together'}${hand.waiting ? ` — waiting for ${hand.waiting.names.join(', ')}` : ''}…</span></div>`;
    }
    return null;
  }

  override render() {
    const verdict = this.hand.verdict;
    return html`${this.banner()}${verdict ? html`<fd-verdict .verdict=${verdict} .names=${this.hand.names}></fd-verdict>` : null}${renderGameTable(this.hand)}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-hand': FdHand;
  }
}
