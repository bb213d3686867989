/**
 * Settings: display name, which PeerServer introduces peers (the embedded one
 * on this origin, or another host), and the ICE servers (STUN/TURN) for
 * players on different networks. Invalid input is explained, never saved.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { parseIceServers, type Settings } from '../src/app/settings.js';
import { SaveSettingsEvent } from './events.js';
import { theme } from './theme.js';

@customElement('fd-settings')
export class FdSettings extends LitElement {
  @property({ attribute: false }) settings!: Settings;
  @state() private error = '';

  static override styles = [
    theme,
    css`
      :host { display: block; max-width: 40rem; margin: 0 auto; padding: 1rem; color: var(--fd-ink); }
      form { display: grid; gap: 0.9rem; }
      label { display: grid; gap: 0.3rem; }
      fieldset { border: 1px solid rgba(255, 255, 255, 0.2); border-radius: var(--fd-radius); display: grid; gap: 0.6rem; }
      textarea { min-height: 7rem; font-family: ui-monospace, monospace; font-size: 0.85rem; }
      .inline { display: flex; align-items: center; gap: 0.5rem; }
      .inline input { min-height: auto; }
    `,
  ];

  private save(event: Event) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const ice = parseIceServers(String(data.get('ice') ?? ''));
    if (!ice.ok) {
      this.error = `ICE servers: ${ice.error}`;
      return;
    }
    let signaling: Settings['signaling'] = null;
    if (data.get('mode') === 'custom') {
      const host = String(data.get('host') ?? '').trim();
      const port = Number(data.get('port'));
      const path = String(data.get('path') ?? '/').trim() || '/';
      if (!host) return void (this.error = 'Signaling: give the PeerServer host.');
      if (!Number.isInteger(port) || port < 1 || port > 65535) return void (this.error = 'Signaling: the port must be 1–65535.');
      if (!path.startsWith('/')) return void (this.error = 'Signaling: the path must start with /.');
      signaling = { host, port, path, secure: data.get('secure') === 'on' };
    }
    this.error = '';
    this.dispatchEvent(new SaveSettingsEvent({ name: String(data.get('name') ?? ''), signaling, iceServers: ice.value }));
  }

  override render() {
    const s = this.settings;
    const custom = s.signaling;
    return html`
      <h2>Settings</h2>
      <form @submit=${this.save}>
        <label>Your name <input name="name" maxlength="32" .value=${s.name} autocomplete="nickname" /></label>
        <fieldset>
          <legend>Signaling server (only introduces browsers; never sees a card)</legend>
          <label class="inline"><input type="radio" name="mode" value="embedded" ?checked=${!custom} /> The one this page came from (/peerjs)</label>
          <label class="inline"><input type="radio" name="mode" value="custom" ?checked=${!!custom} /> Another PeerServer</label>
          <label>Host <input name="host" .value=${custom?.host ?? ''} placeholder="peer.example.org" /></label>
          <label>Port <input name="port" type="number" .value=${String(custom?.port ?? 443)} /></label>
          <label>Path <input name="path" .value=${custom?.path ?? '/'} /></label>
          <label class="inline"><input type="checkbox" name="secure" ?checked=${custom?.secure ?? true} /> TLS (wss/https)</label>
        </fieldset>
        <label>ICE servers (JSON, as RTCPeerConnection takes them; empty on one network)
          <textarea name="ice" spellcheck="false" placeholder='[{"urls":"stun:stun.example.org:3478"},{"urls":"turn:turn.example.org:3478","username":"u","credential":"p"}]'
            .value=${s.iceServers.length ? JSON.stringify(s.iceServers, null, 1) : ''}></textarea>
        </label>
        ${this.error ? html`<p class="error" role="alert" id="settings-error">${this.error}</p>` : null}
        <div><button class="primary" type="submit" id="save-settings">Save</button> <a href="#/" style="color: var(--fd-accent)">Back</a></div>
      </form>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-settings': FdSettings;
  }
}
