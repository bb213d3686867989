/**
 * The share box of a table: the link, a copy button that says when it has
 * copied, the link as a QR code for a phone across the room, and which
 * signaling server the link tells joiners to use, read back from the link
 * itself.
 */
import { LitElement, css, html, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { unsafeSVG } from 'lit/directives/unsafe-svg.js';
import { describeSignaling, parseSignalingQuery } from '../src/app/table-link.js';
import { theme } from './theme.js';

/** What the link tells a joiner about signaling, from its own query. */
function linkNote(link: string): { server: string } | null {
  const query = /#\/t\/[^?#]*\?([^#]*)$/.exec(link)?.[1];
  if (!query) return null;
  const parsed = parseSignalingQuery(query);
  if (!parsed.ok || !parsed.value) return null;
  return { server: describeSignaling(parsed.value) };
}

@customElement('fd-share')
export class FdShare extends LitElement {
  @property() link = '';
  @state() private qrSvg = '';
  @state() private copied: 'no' | 'yes' | 'failed' = 'no';

  static override styles = [
    theme,
    css`
      :host {
        display: flex;
        gap: 1rem;
        align-items: center;
        flex-wrap: wrap;
      }
      .link {
        display: flex;
        gap: 0.5rem;
        flex: 1 1 20rem;
        min-width: 0;
      }
      input {
        flex: 1;
        min-width: 0;
        font-family: ui-monospace, monospace;
        font-size: 0.85rem;
      }
      .qr {
        width: 7.5rem;
        height: 7.5rem;
        background: #fff;
        border-radius: 8px;
        padding: 0.3rem;
      }
      .qr svg {
        width: 100%;
        height: 100%;
        display: block;
      }
      .note {
        flex-basis: 100%;
        margin: 0;
        font-size: 0.85rem;
        color: var(--fd-muted);
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('link') && this.link) {
      const link = this.link;
      // The QR code library is a chunk of its own, loaded when a link is first shown; without it the link stays.
      import('qrcode')
        .then(({ default: QRCode }) => QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
        .then((svg) => {
          if (this.link === link) this.qrSvg = svg;
        })
        .catch(() => (this.qrSvg = ''));
    }
  }

  private async copy() {
    try {
      await navigator.clipboard.writeText(this.link);
      this.copied = 'yes';
    } catch {
      // Insecure origins have no clipboard API: select the text for Ctrl+C instead.
      this.renderRoot.querySelector<HTMLInputElement>('input')?.select();
      this.copied = 'failed';
    }
    setTimeout(() => (this.copied = 'no'), 2000);
  }

  override render() {
    const note = linkNote(this.link);
    return html`
      <div class="link">
        <input
          id="share-link"
          readonly
          .value=${this.link}
          aria-label="Share link"
          @focus=${(e: Event) => (e.target as HTMLInputElement).select()}
        />
        <button id="copy" @click=${this.copy}>
          ${this.copied === 'yes' ? 'Copied ✓' : this.copied === 'failed' ? 'Press Ctrl+C' : 'Copy link'}
        </button>
      </div>
      <div class="qr" role="img" aria-label="QR code of the share link">
        ${this.qrSvg ? unsafeSVG(this.qrSvg) : null}
      </div>
      ${
        note
          ? html`<p class="note" id="share-signaling">
              Joiners will use the signaling server in the link: <code>${note.server}</code>, and the ICE servers it
              hands out.
            </p>`
          : null
      }
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-share': FdShare;
  }
}
