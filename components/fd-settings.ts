/**
 * Settings: display name, which PeerServer introduces peers (the embedded one
 * on this origin, or another host), the ICE servers (STUN/TURN) in use with
 * where each comes from (this server, the table's server, your own; list
 * `#ice-in-use`, each item's `data-origin`), and ICE servers of the player's
 * own. Fields are checked as they are typed (host
 * without scheme or port, port, path, ICE JSON), fields that do not apply are
 * disabled, sound and card animations are switches, a save is confirmed in
 * place, and Back returns to the page
 * Settings was opened from. Invalid input is explained, never saved.
 */
import { LitElement, css, html, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { parseIceServers, type Settings } from '../src/app/settings.js';
import { ICE_ORIGIN_TEXT, type IceView } from '../src/app/ice-choice.js';
import { hostProblem, pathProblem, portProblem, signalingUrl } from '../src/net/signaling.js';
import { SaveSettingsEvent } from './events.js';
import { theme } from './theme.js';

/** What `npm run signal` starts (and `npx peer --port 9000 --path /fairdeck`). */
const SIGNAL_SCRIPT_PORT = 9000;
const SIGNAL_SCRIPT_PATH = '/fairdeck';

interface Draft {
  name: string;
  mode: 'embedded' | 'custom';
  host: string;
  port: string;
  path: string;
  secure: boolean;
  ice: string;
  sound: boolean;
  animateCards: boolean;
}

@customElement('fd-settings')
export class FdSettings extends LitElement {
  @property({ attribute: false }) settings!: Settings;
  /** The ICE servers in use and where each comes from (null: not known yet). */
  @property({ attribute: false }) ice: IceView | null = null;
  /** Where Back goes: the page Settings was opened from. */
  @property() back = '#/';
  @state() private draft: Draft | undefined;
  @state() private saved = false;

  static override styles = [
    theme,
    css`
      :host {
        display: block;
        max-width: 40rem;
        margin: 0 auto;
        padding: 1rem;
        color: var(--fd-ink);
      }
      form {
        display: grid;
        gap: 0.9rem;
      }
      label {
        display: grid;
        gap: 0.3rem;
      }
      fieldset {
        border: 1px solid rgba(255, 255, 255, 0.2);
        border-radius: var(--fd-radius);
        display: grid;
        gap: 0.6rem;
      }
      fieldset[disabled],
      input:disabled {
        opacity: 0.5;
      }
      textarea {
        min-height: 7rem;
        font-family: ui-monospace, monospace;
        font-size: 0.85rem;
      }
      .inline {
        display: flex;
        align-items: center;
        gap: 0.5rem;
      }
      .inline input {
        min-height: auto;
      }
      .field-error {
        color: var(--fd-danger);
        font-size: 0.85rem;
        margin: 0;
      }
      .hint {
        font-size: 0.85rem;
        margin: 0;
      }
      .saved {
        color: var(--fd-ok);
      }
      .buttons {
        display: flex;
        gap: 1rem;
        align-items: center;
        flex-wrap: wrap;
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('settings') && !this.draft) this.draft = draftOf(this.settings);
  }

  private edit(patch: Partial<Draft>) {
    this.draft = { ...this.draft!, ...patch };
    this.saved = false;
  }

  /** Per-field problems of the draft ('' = fine); signaling fields only count for another server. */
  private problems(d: Draft) {
    const custom = d.mode === 'custom';
    const ice = parseIceServers(d.ice);
    return {
      host: custom ? (hostProblem(d.host) ?? '') : '',
      port: custom ? (portProblem(d.port) ?? '') : '',
      path: custom ? (pathProblem(d.path) ?? '') : '',
      ice: ice.ok ? '' : ice.error,
    };
  }

  private save(event: Event) {
    event.preventDefault();
    const d = this.draft!;
    const problems = this.problems(d);
    const ice = parseIceServers(d.ice);
    if (Object.values(problems).some(Boolean) || !ice.ok) return;
    const signaling: Settings['signaling'] =
      d.mode === 'custom' ? { host: d.host.trim(), port: Number(d.port), path: d.path.trim(), secure: d.secure } : null;
    this.dispatchEvent(
      new SaveSettingsEvent({
        name: d.name,
        signaling,
        iceServers: ice.value,
        sound: d.sound,
        animateCards: d.animateCards,
      }),
    );
    this.saved = true;
  }

  /** A switch of the draft (`#settings-<name>`), with its words. */
  private switch(field: 'sound' | 'animateCards', name: string, words: string) {
    return html`<label class="inline"
      ><input
        type="checkbox"
        name=${name}
        id=${`settings-${name}`}
        .checked=${this.draft![field]}
        @change=${(e: Event) => this.edit({ [field]: (e.target as HTMLInputElement).checked })}
      />
      ${words}</label
    >`;
  }

  /** The ICE servers in use, each with where it comes from; what the server said when it gave none. */
  private iceInUse() {
    const ice = this.ice;
    if (!ice) return null;
    const source = ice.source;
    const from = source
      ? html`<p class="hint muted" id="ice-source" data-status=${source.status}>
          ${source.origin === 'this-server' ? 'This server' : 'The table’s server'} (<code>${source.url}</code>)
          ${
            source.status === 'ok'
              ? source.expiresAt !== null
                ? 'hands out STUN and TURN servers, with TURN credentials renewed every few hours.'
                : ice.entries.some((entry) => entry.origin === source.origin)
                  ? 'hands out STUN servers.'
                  : 'hands out no STUN/TURN servers (one network needs none).'
              : source.status === 'asking'
                ? 'is being asked for its ICE servers…'
                : html`hands out none: ${source.error}.`
          }
        </p>`
      : null;
    return html`<fieldset id="ice-in-use-box">
      <legend>ICE servers in use (STUN finds your address; TURN relays when no direct path works)</legend>
      ${from}
      ${
        ice.entries.length === 0
          ? html`<p class="hint" id="ice-in-use" data-count="0">
              None: browsers connect by their local addresses, which works on one network.
            </p>`
          : html`<ul id="ice-in-use" data-count=${ice.entries.length}>
              ${ice.entries.map(
                (entry) =>
                  html`<li data-origin=${entry.origin}>
                    <code>${entry.urls.join(', ')}</code> —
                    ${ICE_ORIGIN_TEXT[entry.origin]}${entry.withCredential ? ' (with credentials)' : ''}
                  </li>`,
              )}
            </ul>`
      }
    </fieldset>`;
  }

  override render() {
    const d = this.draft ?? draftOf(this.settings);
    const problems = this.problems(d);
    const invalid = Object.values(problems).some(Boolean);
    const custom = d.mode === 'custom';
    const value = (e: Event) => (e.target as HTMLInputElement).value;
    const error = (id: string, text: string) =>
      text ? html`<p class="field-error" id=${id} role="alert">${text}</p>` : null;
    const preview =
      custom && !problems.host && !problems.port && !problems.path
        ? signalingUrl({ host: d.host.trim(), port: Number(d.port), path: d.path.trim(), secure: d.secure })
        : null;
    return html`
      <h2>Settings</h2>
      <form @submit=${this.save} novalidate>
        <label
          >Your name
          <input
            name="name"
            maxlength="32"
            .value=${d.name}
            autocomplete="nickname"
            @input=${(e: Event) => this.edit({ name: value(e) })}
        /></label>
        <fieldset>
          <legend>Signaling server (only introduces browsers; never sees a card)</legend>
          <p class="hint muted">
            Every player at a table must use the same server. A table’s share link names the one its creator used, so
            joiners need not change anything here; this is the default for tables you create.
          </p>
          <label class="inline"
            ><input
              type="radio"
              name="mode"
              value="embedded"
              .checked=${!custom}
              @change=${() => this.edit({ mode: 'embedded' })}
            />
            The one this page came from (/peerjs)</label
          >
          <label class="inline"
            ><input
              type="radio"
              name="mode"
              value="custom"
              .checked=${custom}
              @change=${() => this.edit({ mode: 'custom' })}
            />
            Another PeerServer</label
          >
          <fieldset ?disabled=${!custom} id="custom-server">
            <label
              >Host (name or address only)
              <input
                name="host"
                .value=${d.host}
                placeholder="peer.example.org"
                aria-invalid=${problems.host ? 'true' : 'false'}
                @input=${(e: Event) => this.edit({ host: value(e) })}
            /></label>
            ${error('host-error', problems.host)}
            <label
              >Port
              <input
                name="port"
                inputmode="numeric"
                .value=${d.port}
                aria-invalid=${problems.port ? 'true' : 'false'}
                @input=${(e: Event) => this.edit({ port: value(e) })}
            /></label>
            ${error('port-error', problems.port)}
            <label
              >Path
              <input
                name="path"
                .value=${d.path}
                aria-invalid=${problems.path ? 'true' : 'false'}
                @input=${(e: Event) => this.edit({ path: value(e) })}
            /></label>
            ${error('path-error', problems.path)}
            <label class="inline"
              ><input
                type="checkbox"
                name="secure"
                .checked=${d.secure}
                @change=${(e: Event) => this.edit({ secure: (e.target as HTMLInputElement).checked })}
              />
              TLS (wss/https)</label
            >
            <p class="hint muted">
              ${preview ? html`Will connect to <code id="signaling-preview">${preview}</code>. ` : null}<code
                >npm run signal</code
              >
              (or <code>npx peer --port 9000 --path /fairdeck</code>) matches host = that machine, port 9000, path
              /fairdeck, TLS off.
            </p>
          </fieldset>
        </fieldset>
        ${this.iceInUse()}
        <label
          >Your own ICE servers (JSON, as RTCPeerConnection takes them; besides the server’s, usually none)
          <textarea
            name="ice"
            spellcheck="false"
            placeholder='[{"urls":"stun:stun.example.org:3478"},{"urls":"turn:turn.example.org:3478","username":"u","credential":"p"}]'
            .value=${d.ice}
            @input=${(e: Event) => this.edit({ ice: (e.target as HTMLTextAreaElement).value })}
          ></textarea>
        </label>
        ${error('ice-error', problems.ice ? `ICE servers: ${problems.ice}` : '')}
        ${this.switch('sound', 'sound', 'Sound: short tones for your turn, a card played and the end of a hand')}
        ${this.switch(
          'animateCards',
          'animate-cards',
          'Animate cards: they fly to where they are played and drawn. Off, the table holds still and a slow phone ' +
            'works less (your device’s reduce-motion setting also holds it still)',
        )}
        <div class="buttons">
          <button class="primary" type="submit" id="save-settings" ?disabled=${invalid}>Save</button>
          ${this.saved ? html`<span class="saved" id="settings-saved" role="status">Saved ✓ — sound and card animations at once; the server for tables you create or open without a link’s choice</span>` : null}
          <a href=${this.back} id="settings-back" style="color: var(--fd-accent)">Back</a>
        </div>
      </form>
    `;
  }
}

function draftOf(s: Settings): Draft {
  const custom = s.signaling;
  return {
    name: s.name,
    mode: custom ? 'custom' : 'embedded',
    host: custom?.host ?? (typeof location === 'undefined' ? 'localhost' : location.hostname),
    port: String(custom?.port ?? SIGNAL_SCRIPT_PORT),
    path: custom?.path ?? SIGNAL_SCRIPT_PATH,
    secure: custom?.secure ?? false,
    ice: s.iceServers.length ? JSON.stringify(s.iceServers, null, 1) : '',
    sound: s.sound ?? false,
    animateCards: s.animateCards ?? true,
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-settings': FdSettings;
  }
}
