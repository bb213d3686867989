/**
 * Browser commands (run in the Node process; the test calls them from the
 * page through `commands`) for the TURN tests in Chromium: start and stop a
 * real coturn on 127.0.0.1 (test/helpers/coturn.ts), mint TURN REST API
 * credentials as the app's server does (server/ice.ts), and find a port
 * nobody listens on (a TURN URL that cannot be reached).
 */
import type { BrowserCommand } from 'vitest/node';
import { freePort, startCoturn as start, type Coturn } from '../helpers/coturn.js';
import { mintTurnCredential } from '../../server/ice.js';

const running = new Map<number, Coturn>();

const startCoturn: BrowserCommand<[secret: string, allowLoopbackPeers?: boolean]> = async (
  _context,
  secret,
  allowLoopbackPeers,
) => {
  const coturn = await start({ secret, allowLoopbackPeers });
  running.set(coturn.port, coturn);
  return coturn.port;
};

const stopCoturn: BrowserCommand<[port: number]> = async (_context, port) => {
  const coturn = running.get(port);
  if (!coturn) throw new Error(`no coturn of these tests on port ${port}`);
  running.delete(port);
  await coturn.stop();
};

const mintTurn: BrowserCommand<[secret: string]> = (_context, secret) => {
  const { username, credential } = mintTurnCredential(secret, Date.now());
  return { username, credential };
};

const unusedPort: BrowserCommand<[]> = () => freePort();

export const coturnCommands = { startCoturn, stopCoturn, mintTurn, unusedPort };

declare module 'vitest/browser' {
  interface BrowserCommands {
    startCoturn: (secret: string, allowLoopbackPeers?: boolean) => Promise<number>;
    stopCoturn: (port: number) => Promise<void>;
    mintTurn: (secret: string) => Promise<{ username: string; credential: string }>;
    unusedPort: () => Promise<number>;
  }
}
