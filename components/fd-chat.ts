/**
 * The table chat: the lines so far, a text field with Send, and the quick
 * reactions, each a button with its words (the emoji beside them only where
 * this machine can draw it: glyphs.ts), so no meaning rides on an emoji
 * alone. Everything a peer wrote is rendered through Lit text bindings, so
 * it shows as text, never as markup. One button folds the chat to a bar that
 * counts the lines that came meanwhile; a page that may not chat (a watcher
 * at a table that keeps chat for its players) reads the lines and says why
 * it cannot write. Properties in (`chat`, the store's ChatView), typed events
 * out (events.ts): a Send the shell cancels keeps what was typed.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { REACTION_WORDS, type ChatView } from '../src/app/chat.js';
import { CHAT_TEXT_MAX, REACTIONS } from '../src/net/messages.js';
import { ChatHideEvent, ChatReactEvent, ChatSayEvent } from './events.js';
import { canDraw } from './glyphs.js';
import { theme } from './theme.js';

@customElement('fd-chat')
export class FdChat extends LitElement {
  @property({ attribute: false }) chat!: ChatView;
  @query('#chat-text') private field!: HTMLInputElement;

  static override styles = [
    theme,
    css`
      :host {
        display: block;
        margin: 0 0 0.75rem;
      }
      section {
        background: rgba(0, 0, 0, 0.25);
        border-radius: var(--fd-radius);
        padding: 0.4rem 0.6rem;
      }
      .bar {
        display: flex;
        align-items: center;
        justify-content: space-between;
        gap: 0.5rem;
      }
      h2 {
        font-size: 0.95rem;
        margin: 0;
      }
      .unread {
        color: var(--fd-accent);
        font-weight: 600;
      }
      ol {
        list-style: none;
        margin: 0.4rem 0;
        padding: 0;
        max-height: 9rem;
        overflow-y: auto;
        font-size: 0.9rem;
        overflow-wrap: anywhere;
      }
      li {
        padding: 0.1rem 0;
      }
      .who {
        font-weight: 600;
      }
      li.mine .who {
        color: var(--fd-accent);
      }
      form {
        display: flex;
        gap: 0.4rem;
      }
      form input {
        flex: 1;
        min-width: 0;
      }
      .reactions {
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem;
        margin-top: 0.4rem;
      }
      .reactions button {
        font-size: 0.8rem;
        padding: 0.15rem 0.5rem;
      }
      .notice,
      .closed {
        font-size: 0.85rem;
        margin: 0.3rem 0 0;
      }
      @media (max-width: 600px) {
        ol {
          max-height: 6rem;
        }
      }
    `,
  ];

  private hide(hidden: boolean) {
    this.dispatchEvent(new ChatHideEvent(hidden));
  }

  private send(e: Event) {
    e.preventDefault();
    const text = this.field.value;
    if (text.trim() === '') return;
    // The shell cancels the event when the line was not sent: then what was typed stays.
    if (this.dispatchEvent(new ChatSayEvent(text))) this.field.value = '';
  }

  private line(line: ChatView['lines'][number]) {
    const reaction = line.reaction;
    return html`<li class=${line.mine ? 'mine' : ''} data-id=${line.id}>
      <span class="who">${line.who}</span>:
      ${
        reaction
          ? html`${canDraw(reaction.emoji) ? html`<span aria-hidden="true">${reaction.emoji}</span> ` : null}<span
                class="reaction"
                data-reaction=${reaction.id}
                >${reaction.words}</span
              >`
          : html`<span class="text">${line.text}</span>`
      }
    </li>`;
  }

  override render() {
    const chat = this.chat;
    if (!chat) return null;
    if (chat.hidden)
      return html`<section aria-label="Table chat" class="bar">
        <div class="bar">
          <h2>Chat</h2>
          ${chat.unread > 0 ? html`<span class="unread" id="chat-unread">${chat.unread} unread</span>` : null}
        </div>
        <button id="chat-toggle" aria-expanded="false" aria-controls="chat-body" @click=${() => this.hide(false)}>
          Show chat
        </button>
      </section>`;
    return html`<section aria-label="Table chat">
      <div class="bar">
        <h2>Chat</h2>
        <button id="chat-toggle" aria-expanded="true" aria-controls="chat-body" @click=${() => this.hide(true)}>
          Hide chat
        </button>
      </div>
      <div id="chat-body">
        <ol id="chat-lines" aria-live="polite" aria-label="Chat messages">
          ${chat.lines.map((l) => this.line(l))}
        </ol>
        ${chat.closed ? html`<p class="closed muted" id="chat-closed">${chat.closed}</p>` : this.inputs()}
        ${chat.notice ? html`<p class="notice error" role="status" id="chat-notice">${chat.notice}</p>` : null}
      </div>
    </section>`;
  }

  private inputs() {
    return html`<form @submit=${(e: Event) => this.send(e)}>
        <input
          id="chat-text"
          maxlength=${CHAT_TEXT_MAX}
          autocomplete="off"
          aria-label="Chat message"
          placeholder="Say something to the table"
        />
        <button type="submit" id="chat-send">Send</button>
      </form>
      <div class="reactions" role="group" aria-label="Quick reactions">
        ${REACTIONS.map((id) => {
          const { words, emoji } = REACTION_WORDS[id];
          return html`<button
            type="button"
            data-reaction=${id}
            aria-label="React: ${words}"
            @click=${() => this.dispatchEvent(new ChatReactEvent(id))}
          >
            ${canDraw(emoji) ? html`<span aria-hidden="true">${emoji}</span> ` : null}${words}
          </button>`;
        })}
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fd-chat': FdChat;
  }
}
