/**
 * A real coturn (Debian's `turnserver`, `apt-get install -y coturn`) for the
 * tests of TURN failures and relayed links: bound to 127.0.0.1 on a free
 * port, with `use-auth-secret` and the given `static-auth-secret` (so
 * credentials minted with another secret get a real 401), no TLS, and its
 * own relay port range. `allowLoopbackPeers` lets it relay between two
 * browsers on this machine (coturn refuses loopback peers by default, as
 * deploy/turnserver.conf keeps it). Stopped with `stop()`; a missing
 * `turnserver` is an error that says how to install it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Coturn {
  readonly port: number;
  /** `turn:127.0.0.1:<port>?transport=udp` */
  readonly url: string;
  stop(): Promise<void>;
}

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
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

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startCoturn(options: { secret: string; allowLoopbackPeers?: boolean }): Promise<Coturn> {
  if (spawnSync('sh', ['-c', 'command -v turnserver']).status !== 0)
    throw new Error('no turnserver on this machine: install coturn (apt-get install -y coturn)');
  const port = await freePort();
  const relayBase = 40_000 + Math.floor(Math.random() * 200) * 100;
  const args = [
    '-n',
    '--listening-ip=127.0.0.1',
    `--listening-port=${port}`,
    '--relay-ip=127.0.0.1',
    `--min-port=${relayBase}`,
    `--max-port=${relayBase + 99}`,
    '--use-auth-secret',
    `--static-auth-secret=${options.secret}`,
    '--realm=fairdeck.test',
    '--fingerprint',
    '--no-tls',
    '--no-dtls',
    '--no-cli',
    '--log-file=stdout',
    '--simple-log',
    `--pidfile=${path.join(tmpdir(), `fairdeck-coturn-${port}.pid`)}`,
    ...(options.allowLoopbackPeers ? ['--allow-loopback-peers'] : []),
  ];
  const child = spawn('turnserver', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const deadline = Date.now() + 15_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null) throw new Error(`turnserver exited (${child.exitCode}) before listening:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`turnserver did not listen on ${port} within 15 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    url: `turn:127.0.0.1:${port}?transport=udp`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
