/**
 * Browser commands (Vitest browser mode: they run in the Node process, the
 * test calls them from the page through `commands`) that start and stop a
 * real signaling server: `npm run signal`'s standalone server
 * (scripts/signal.ts: the `peer` package's PeerServer mounted as the app's
 * server mounts it) in a child process on a free port, or with `bare` the
 * `peer` package's own PeerServer alone, as `npx peer` runs it, which a
 * table's link may also name.
 * `stopSignaling` kills it, as a crash or an unplugged machine would (every
 * socket drops at once), and `startSignaling(port)` brings one back on the
 * same port: the PeerJS transport's outage handling is tested against that,
 * not against a fake. (A child process, not a server in this process: the
 * `peer` package's timers never stop and would keep Vitest from exiting.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserCommand } from 'vitest/node';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const running = new Map<number, ChildProcess>();

const SIGNALING_PATH = '/fairdeck';

/** A port nobody listens on right now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A bare PeerServer of the `peer` package (what `npx peer --port … --path …` starts), printing the line `npm run signal` prints. */
const BARE = `import { PeerServer } from 'peer';
const port = Number(process.env.SIGNAL_PORT);
PeerServer({ port, path: process.env.SIGNAL_PATH, allow_discovery: false, alive_timeout: 60_000 }, () =>
  console.log('PeerServer listening on port ' + port),
);`;

/** Starts a signaling server (on `port`, or a free one; `bare`: the `peer` package's alone) and returns its port once it listens. */
async function start(port: number | undefined, bare: boolean): Promise<number> {
  const chosen = port ?? (await freePort());
  const args = bare ? ['--input-type=module', '-e', BARE] : ['--import', 'tsx', 'scripts/signal.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, SIGNAL_PORT: String(chosen), SIGNAL_PATH: SIGNALING_PATH },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`PeerServer listening on port ${chosen}`)) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`the signaling server exited (${code}) before listening:\n${output}`)),
    );
  });
  running.set(chosen, child);
  return chosen;
}

/** `npm run signal` on `port` (or a free one); its port once it listens. */
const startSignaling: BrowserCommand<[port?: number]> = (_context, port) => start(port, false);
/** A bare PeerServer (`npx peer`) on a free port; its port once it listens. */
const startBareSignaling: BrowserCommand<[]> = () => start(undefined, true);

/** Kills the server on `port`; resolves once it is gone (its clients see their sockets drop). */
const stopSignaling: BrowserCommand<[port: number]> = async (_context, port) => {
  const child = running.get(port);
  if (!child) throw new Error(`no signaling server of these tests on port ${port}`);
  running.delete(port);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
};

export const signalingCommands = { startSignaling, startBareSignaling, stopSignaling };

declare module 'vitest/browser' {
  interface BrowserCommands {
    startSignaling: (port?: number) => Promise<number>;
    startBareSignaling: () => Promise<number>;
    stopSignaling: (port: number) => Promise<void>;
  }
}
