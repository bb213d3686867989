/**
 * What the NAT lab's tests read from and do to pages beyond what test/e2e's
 * helpers do: Chromium started inside a home's namespace (lab.ts says why
 * that keeps a page's traffic behind its NAT), the two people of a Fighting
 * Cards deal of one hand (Ann creates and seats a bot, Bob opens her link),
 * and, through the app's e2e handle (`window.fairdeck.store.debugMesh`), how
 * a page's link to the other is doing: when it last heard from it, whether it
 * is still the same link, and which ICE candidates carry it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.js';
import { createTable, newPlayer, openAndSit, until, type Player } from '../e2e/browser.js';
import { fightingTable, tableLogs } from '../e2e/fighting-moves.js';
import { peerIdOf } from '../e2e/browser.js';
import {
  chromiumIn,
  SERVER_IP,
  setNat,
  startApp,
  startCoturn,
  STUN_PORT,
  type AppServer,
  type Coturn,
  type HomeName,
} from '../../scripts/nat-lab/lab.js';

/** The lab a test file plays in: coturn and the app on the public host, a Chromium in each home. */
export interface PublicHost {
  /** The TURN REST secret the app and coturn share. */
  readonly secret: string;
  /** Running coturn (a test may restart it, with another secret). */
  coturn: Coturn | undefined;
  app: AppServer | undefined;
  readonly browsers: Record<HomeName, Browser>;
}

/**
 * Sets up, before the file's tests, coturn with a fresh secret and the app as
 * a host runs it (`preview`, handing out the lab's STUN and TURN), and a
 * Chromium in each home; after them, stops all and puts h2 back behind a cone.
 */
export function withPublicHost(): PublicHost {
  const lab: PublicHost = {
    secret: randomBytes(16).toString('hex'),
    coturn: undefined,
    app: undefined,
    browsers: {} as Record<HomeName, Browser>,
  };
  beforeAll(async () => {
    lab.coturn = await startCoturn(lab.secret);
    lab.app = await startApp('preview', 8080, {
      STUN_URLS: `stun:${SERVER_IP}:${STUN_PORT}`,
      TURN_URLS: `turn:${SERVER_IP}:${STUN_PORT}?transport=udp,turn:${SERVER_IP}:${STUN_PORT}?transport=tcp`,
      TURN_SECRET: lab.secret,
    });
    lab.browsers.h1 = await launchIn('h1');
    lab.browsers.h2 = await launchIn('h2');
  });
  afterAll(async () => {
    for (const browser of Object.values(lab.browsers)) await browser.close();
    await lab.app?.process.stop();
    await lab.coturn?.process.stop();
    setNat('h2', 'cone');
  });
  return lab;
}

/** Debian's Chromium, run inside the home's namespace and driven over its pipe. */
export function launchIn(home: HomeName): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumIn(home, CHROMIUM_PATH), headless: true, args: [...CHROMIUM_ARGS] });
}

/** The app has loaded its identity and listens for links (a hash change before that is not followed): its home page shows. */
async function appReady(page: Page): Promise<void> {
  await page.locator('fd-home').waitFor({ timeout: 60_000 });
}

const cardsHeld = (page: Page) => fightingTable(page).locator('#my-hand fd-card:not([data-card=""])').count();

export interface Table {
  readonly ann: Player;
  readonly bob: Player;
  readonly link: string;
  close(): Promise<void>;
}

/**
 * Ann (a page in home 1) creates a Fighting Cards match of one deal for
 * three with a bot in seat 3, and Bob (in home 2) opens her link; nothing
 * is typed but their names. Resolves once the deal is on (ten cards each).
 */
export async function seatAnnAndBob(browsers: Record<HomeName, Browser>, url: string): Promise<Table> {
  const ann = await newPlayer(browsers.h1, url, 'Ann');
  const players: Player[] = [ann];
  const close = async () => {
    for (const p of players) await p.context.close().catch(() => undefined);
  };
  try {
    await ann.page.locator('input[name="game"][value="fighting-cards"]').check();
    await ann.page.locator('#opt-deals').fill('1');
    await ann.page.locator('#opt-deals').blur();
    const link = await createTable(ann.page, 'fighting-cards');
    await ann.page.locator('#seats li[data-seat="2"] .add-bot').click();
    const bob = await newPlayer(browsers.h2, url, 'Bob');
    players.push(bob);
    await appReady(bob.page);
    await openAndSit(bob.page, link);
    const pages = new Map([
      ['Ann', ann.page],
      ['Bob', bob.page],
    ]);
    for (const [name, page] of pages)
      await until(async () => (await cardsHeld(page)) === 10, `${name}'s ten cards`, 120_000).catch(
        async (error: unknown) => {
          const shown = await Promise.all(
            [ann, bob].map(
              async (p, i) =>
                `--- ${i ? 'Bob' : 'Ann'}'s page ---\n${(await p.page.locator('[role="alert"], #seats li').allTextContents()).join('\n')}\n${p.console.slice(-30).join('\n')}`,
            ),
          );
          throw new Error(`${(error as Error).message}\n${shown.join('\n')}\n${await tableLogs(pages)}`, {
            cause: error,
          });
        },
      );
    return { ann, bob, link, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The link a page's mesh holds to `remote`: whether its hello bound it, when it last heard anything on it. */
export interface LinkLook {
  readonly bound: boolean;
  readonly lastHeardMs: number;
  /** True while it is the very link `markLink` saw (not dropped and dialled again since). */
  readonly sameAsMarked: boolean;
}

interface MeshInternals {
  links: Map<string, { key?: string; lastHeardMs: number }>;
}
type Handle = { fairdeck: { store: { debugMesh?: MeshInternals } }; __fdnatMarked?: unknown };

export async function lookAtLink(page: Page, remote: string): Promise<LinkLook | null> {
  return page.evaluate((id) => {
    const w = window as unknown as Handle;
    const info = w.fairdeck.store.debugMesh?.links.get(id);
    if (!info) return null;
    return { bound: info.key !== undefined, lastHeardMs: info.lastHeardMs, sameAsMarked: info === w.__fdnatMarked };
  }, remote);
}

/** Remembers the page's current link to `remote`, so `lookAtLink` can tell whether it survived. */
export async function markLink(page: Page, remote: string): Promise<void> {
  await page.evaluate((id) => {
    const w = window as unknown as Handle;
    w.__fdnatMarked = w.fairdeck.store.debugMesh?.links.get(id);
  }, remote);
}

/** The page's transport journal (peerjs-transport.ts) from `sinceMs` on, each entry's time relative to it. */
export async function journalSince(page: Page, sinceMs: number): Promise<string[]> {
  const journal = await page.evaluate(() => {
    const store = (window as unknown as { fairdeck: { store: { debugMesh?: unknown } } }).fairdeck.store;
    return (store.debugMesh as { transport?: { journal?: string[] } } | undefined)?.transport?.journal ?? [];
  });
  return journal.flatMap((entry) => {
    const at = Number(entry.slice(0, entry.indexOf(' ')));
    return at >= sinceMs ? [`+${at - sinceMs} ms ${entry.slice(entry.indexOf(' ') + 1)}`] : [];
  });
}

/**
 * The candidate types (`host`, `srflx`, `prflx`, `relay`, local/remote) of
 * the selected pair of every open PeerJS connection of the page, read from
 * RTCPeerConnection.getStats().
 */
export async function selectedPairs(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    type Connection = { open: boolean; peerConnection: RTCPeerConnection | null };
    const store = (window as unknown as { fairdeck: { store: { debugMesh?: unknown } } }).fairdeck.store;
    const transport = (store.debugMesh as { transport?: { peer?: { connections: Record<string, Connection[]> } } })
      ?.transport;
    const found: string[] = [];
    for (const list of Object.values(transport?.peer?.connections ?? {})) {
      for (const connection of list) {
        const pc = connection.peerConnection;
        if (!connection.open || !pc) continue;
        const stats = await pc.getStats();
        let pairId: string | undefined;
        stats.forEach((s: { type: string; selectedCandidatePairId?: string }) => {
          if (s.type === 'transport' && s.selectedCandidatePairId) pairId = s.selectedCandidatePairId;
        });
        const pair = pairId ? stats.get(pairId) : undefined;
        const local = pair ? stats.get(pair.localCandidateId) : undefined;
        const remote = pair ? stats.get(pair.remoteCandidateId) : undefined;
        found.push(`${local?.candidateType ?? '?'}/${remote?.candidateType ?? '?'}`);
      }
    }
    return found;
  });
}

export { peerIdOf };
