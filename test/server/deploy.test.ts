/**
 * deploy/turnserver.conf as a host runs it: the template, with its
 * placeholders filled and bound to 127.0.0.1 on a free port, starts Debian's
 * coturn; a credential the app's server mints from the same secret
 * (server/ice.ts) gets an allocation, checked by coturn's own client
 * (turnutils_uclient), and the relay then refuses a loopback peer (403
 * Forbidden IP: the template relays to the internet only); one minted from
 * another secret gets no allocation.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mintTurnCredential } from '../../server/ice.js';
import { freePort } from '../helpers/coturn.js';
import { createConnection } from 'node:net';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECRET = 'deploy-template-secret-0123456789';
let dir: string;
let port: number;
let coturn: ReturnType<typeof spawn> | undefined;
let output = '';

function listening(onPort: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: onPort }, () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

beforeAll(async () => {
  if (spawnSync('sh', ['-c', 'command -v turnserver']).status !== 0)
    throw new Error('no turnserver on this machine: install coturn (apt-get install -y coturn)');
  dir = mkdtempSync(path.join(tmpdir(), 'fairdeck-deploy-'));
  port = await freePort();
  const template = readFileSync(path.join(root, 'deploy/turnserver.conf'), 'utf8');
  expect(template).toMatch(/^use-auth-secret$/m);
  expect(template).toMatch(/^static-auth-secret=CHANGE-ME$/m);
  expect(template).not.toMatch(/^allow-loopback-peers/m);
  const filled = template
    .replace(/^static-auth-secret=CHANGE-ME$/m, `static-auth-secret=${SECRET}`)
    .replace(/^realm=CHANGE-ME\.example\.org$/m, 'realm=fairdeck.test')
    .replace(
      /^listening-port=3478$/m,
      `listening-port=${port}\nlistening-ip=127.0.0.1\nrelay-ip=127.0.0.1\npidfile=${dir}/turnserver.pid`,
    )
    .replace(/^syslog$/m, 'log-file=stdout');
  writeFileSync(path.join(dir, 'turnserver.conf'), filled);
  coturn = spawn('turnserver', ['-c', path.join(dir, 'turnserver.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  coturn.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  coturn.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let i = 0; i < 100 && !(await listening(port)); i++) {
    if (coturn.exitCode !== null) throw new Error(`coturn exited on the template:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 30_000);

afterAll(async () => {
  if (coturn && coturn.exitCode === null) {
    const exited = new Promise((resolve) => coturn!.once('exit', resolve));
    coturn.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** coturn's own client: one allocation, then data to a peer on 127.0.0.1 (-y: to the other client's relay). */
function uclient(username: string, password: string): string {
  const run = spawnSync(
    'turnutils_uclient',
    ['-n', '1', '-m', '1', '-y', '-u', username, '-w', password, '-p', String(port), '127.0.0.1'],
    {
      encoding: 'utf8',
      timeout: 20_000,
    },
  );
  return `${run.stdout}${run.stderr}`;
}

it('the template starts coturn, takes a credential minted from its secret, and relays to no loopback peer', () => {
  const good = mintTurnCredential(SECRET, Date.now());
  const said = uclient(good.username, good.credential);
  expect(said).not.toMatch(/Cannot complete Allocation/);
  expect(said).toMatch(/403 \(Forbidden IP\)/);
});

it('a credential minted from another secret gets no allocation', () => {
  const wrong = mintTurnCredential('another-secret-than-coturns', Date.now());
  expect(uclient(wrong.username, wrong.credential)).toMatch(/Cannot complete Allocation/);
});
