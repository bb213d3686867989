/**
 * One seat of a table's lobby (fd-lobby.ts) as a list item, with its
 * styles: the seat number, the player's name (or "Free seat"; its tooltip
 * shows the start of the seat's signing key, the part a table link's `via`
 * names a seat by), and either their live connection (a coloured dot and words; a bot reads "bot, hosted
 * by …" with its host's connection; a seat linked directly says whether the
 * link runs straight or through a TURN relay) or "Sit here" when this page
 * may sit, and "Give to a bot" for the creator between hands. A pure render
 * helper: the lobby passes the seat and what this page may do, and sends
 * the events up itself.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { SeatView } from '../src/table/lobby.js';
import type { LinkRoute } from '../src/net/ice-watch.js';
import { botIcon } from './icons.js';

const ROUTE_TEXT: Record<LinkRoute, string> = {
  direct: 'direct',
  turn: 'through a relay (TURN) server',
};

const REACHABILITY_TEXT = {
  self: 'you',
  direct: 'connected',
  relayed: 'connected via another player',
  offline: 'connection lost',
} as const;

export const seatStyles = css`
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr));
    gap: 0.6rem;
  }
  li {
    background: rgba(255, 255, 255, 0.08);
    border-radius: var(--fd-radius);
    padding: 0.7rem;
    display: flex;
    flex-direction: column;
    gap: 0.3rem;
  }
  li.me {
    outline: 2px solid var(--fd-accent);
  }
  .seat-no {
    font-size: 0.8rem;
    color: var(--fd-muted);
  }
  .who {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .state {
    font-size: 0.85rem;
    display: flex;
    align-items: center;
    gap: 0.35rem;
  }
  .dot {
    width: 0.6rem;
    height: 0.6rem;
    border-radius: 50%;
    background: #888;
  }
  .dot.self,
  .dot.direct {
    background: var(--fd-ok);
  }
  .dot.relayed {
    background: var(--fd-accent);
  }
  .dot.offline {
    background: var(--fd-danger);
  }
`;

/** What one seat's item shows besides the seat: how its direct link runs, and what this page may do with it. */
export interface SeatItem {
  readonly seat: SeatView;
  /** How the link to this directly connected seat runs, once sampled (null: not direct, or not sampled yet). */
  readonly route: LinkRoute | null;
  /** This page may sit here ("Sit here"). */
  readonly canSit: boolean;
  /** The creator may give this seat to a bot (between hands; a free or offline seat, not the creator's). */
  readonly canAddBot: boolean;
}

/** The seat's connection: a dot and words, a bot's host, how a direct link runs. */
function seatState(seat: SeatView, route: LinkRoute | null): TemplateResult {
  const reach = seat.reachability!;
  if (seat.bot) {
    const host = seat.bot.hostIsMe ? 'you' : seat.bot.hostName;
    const text = reach === 'offline' ? `bot, hosted by ${host} (offline)` : `bot, hosted by ${host}`;
    return html`<span class="state bot"><span class="dot ${reach}"></span>${botIcon()} ${text}</span>`;
  }
  return html`<span class="state"
    ><span class="dot ${reach}"></span
    >${REACHABILITY_TEXT[reach]}${route ? html` · <span class="route">${ROUTE_TEXT[route]}</span>` : null}</span
  >`;
}

/** One seat's list item; `sit` and `addBot` are called when its buttons are pressed. */
export function seatItem(
  item: SeatItem,
  sit: (seat: number) => void,
  addBot: (seat: number, replace: boolean) => void,
): TemplateResult {
  const seat = item.seat;
  return html`<li
    class=${seat.isMe ? 'me' : ''}
    data-seat=${seat.seat}
    data-state=${seat.reachability ?? 'free'}
    data-bot=${seat.bot ? 'yes' : 'no'}
    data-link=${item.route ?? 'none'}
  >
    <span class="seat-no">Seat ${seat.seat + 1}${seat.isMe ? ' · you' : ''}</span>
    <span class="who" title=${seat.member && seat.keyHex ? `signing key ${seat.keyHex.slice(0, 16)}…` : nothing}
      >${seat.member ? seat.member.name || 'Anonymous' : 'Free seat'}</span
    >
    ${
      seat.reachability
        ? seatState(seat, item.route)
        : item.canSit
          ? html`<button class="sit" aria-label="Sit here (seat ${seat.seat + 1})" @click=${() => sit(seat.seat)}>
              Sit here
            </button>`
          : html`<span class="state muted">waiting for a player</span>`
    }
    ${
      item.canAddBot
        ? html`<button
            class="add-bot"
            aria-label="Give to a bot (seat ${seat.seat + 1})"
            @click=${() => addBot(seat.seat, seat.member !== null)}
          >
            Give to a bot
          </button>`
        : null
    }
  </li>`;
}
