/**
 * The NAT lab: a small internet made of Linux network namespaces, for
 * `npm run test:nat` (test/nat/). Every name starts with `fdnat-`, and
 * nothing in it touches the root namespace the test runs in:
 *
 *   fdnat-inet   "the internet": a bridge holding 203.0.113.1 (the app server,
 *                PeerServer and coturn) and 203.0.113.2 (coturn's second
 *                address, so a STUN client can ask two servers)
 *   fdnat-r1     home 1's router: out 203.0.113.11 (bridged into fdnat-inet),
 *                in 10.1.0.1; NAT by iptables
 *   fdnat-h1     home 1: 10.1.0.2, default route via its router; its Chromium
 *   fdnat-r2/h2  home 2, the same with 203.0.113.12 and 10.2.0.0/24
 *
 * A router's NAT is one of (setNat):
 *   cone       MASQUERADE, which keeps a flow's source port where it can, so
 *              one inside socket keeps one public port whatever it talks to
 *              (endpoint-independent mapping), and a FORWARD/INPUT policy that
 *              lets in only replies to flows the home started (address- and
 *              port-dependent filtering): a "port-restricted cone".
 *   symmetric  MASQUERADE --random-fully: every new flow (another server,
 *              another port) gets a random public port, with the same
 *              filtering.
 * probe.ts shows both claims on the running kernel (the NAT self-test in
 * test/nat/nat-lab.nat.ts), before any browser relies on them.
 *
 * Why player traffic can only cross the NAT: each home's Chromium is started
 * *inside* the home namespace (`ip netns exec fdnat-hN chromium …`, by a
 * wrapper given to playwright-core as the executable), and Playwright drives
 * it over the pipe it launched it with (`--remote-debugging-pipe`, file
 * descriptors inherited through `ip netns exec`), not over a socket. The home
 * namespace's only interfaces are loopback and the link to its router, so
 * every packet a page sends — the page load, the signaling WebSocket, STUN,
 * TURN, WebRTC — leaves through the router's NAT. The homes have no route to
 * each other's private addresses, the internet namespace forwards nothing,
 * and no lab namespace has a link to the root namespace.
 *
 * Needs root, `ip` (iproute2), `iptables`, `conntrack`, coturn's
 * `turnserver` and Chromium; `requireLab()` names what is missing.
 * `removeLab()` kills every process still inside an `fdnat-` namespace (the
 * servers, coturn and browsers this lab started, or a crashed run's) by its
 * pid and deletes the namespaces and the lab's temp dir; it runs before a lab
 * is built and after it ends.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PREFIX = 'fdnat-';
export const INET = 'fdnat-inet';
/** The app server's, PeerServer's and coturn's address. */
export const SERVER_IP = '203.0.113.1';
/** coturn's second address (STUN from two servers for the NAT self-test). */
export const SECOND_IP = '203.0.113.2';
export const STUN_PORT = 3478;
/** The internet namespace's default gateway: an address on its bridge that nothing holds. */
const UPSTREAM_IP = '203.0.113.254';
export const LAB_DIR = '/tmp/fdnat-lab';
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type HomeName = 'h1' | 'h2';
export type NatKind = 'cone' | 'symmetric';

export interface Home {
  readonly name: HomeName;
  /** The namespace the home's browser runs in. */
  readonly ns: string;
  readonly router: string;
  readonly lanIp: string;
  readonly routerLanIp: string;
  /** The router's public addresses: it starts on the first; changeAddress() moves it to the other. */
  readonly publicIps: readonly [string, string];
}

export const HOMES: Readonly<Record<HomeName, Home>> = {
  h1: {
    name: 'h1',
    ns: 'fdnat-h1',
    router: 'fdnat-r1',
    lanIp: '10.1.0.2',
    routerLanIp: '10.1.0.1',
    publicIps: ['203.0.113.11', '203.0.113.21'],
  },
  h2: {
    name: 'h2',
    ns: 'fdnat-h2',
    router: 'fdnat-r2',
    lanIp: '10.2.0.2',
    routerLanIp: '10.2.0.1',
    publicIps: ['203.0.113.12', '203.0.113.22'],
  },
};

/** Runs a command (no shell); throws with its output if it fails. */
export function sh(command: string, ...args: string[]): string {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8' });
  if (result.error) throw new Error(`${command} ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} exited ${result.status}: ${result.stderr.trim() || result.stdout.trim()}`,
    );
  return result.stdout;
}

/** Runs a command inside a namespace. */
export function inNs(ns: string, command: string, ...args: string[]): string {
  return sh('ip', 'netns', 'exec', ns, command, ...args);
}

/** Throws, naming what to install or how to run, unless this process can build the lab. */
export function requireLab(chromium: string): void {
  if (process.getuid?.() !== 0)
    throw new Error('the NAT lab builds network namespaces and must run as root (as CI does): sudo npm run test:nat');
  const missing: string[] = [];
  for (const [tool, pkg] of [
    ['ip', 'iproute2'],
    ['iptables', 'iptables'],
    ['conntrack', 'conntrack'],
    ['turnserver', 'coturn'],
  ] as const) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) missing.push(pkg);
  }
  if (!existsSync(chromium)) missing.push('chromium');
  if (missing.length > 0)
    throw new Error(`the NAT lab needs ${missing.join(', ')}: apt-get install -y ${missing.join(' ')}`);
}

/** The `fdnat-` namespaces that exist now. */
export function labNamespaces(): string[] {
  return sh('ip', 'netns', 'list')
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter((name) => name.startsWith(PREFIX));
}

/**
 * Kills every process inside an `fdnat-` namespace (by pid: only the lab's
 * own), deletes the namespaces (their links go with them) and the temp dir.
 * Returns what it removed, for a log line.
 */
export function removeLab(): string[] {
  const removed: string[] = [];
  const namespaces = labNamespaces();
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    let found = false;
    for (const ns of namespaces) {
      const pids = spawnSync('ip', ['netns', 'pids', ns], { encoding: 'utf8' })
        .stdout.split('\n')
        .map(Number)
        .filter((pid) => pid > 1 && pid !== process.pid);
      for (const pid of pids) {
        found = true;
        try {
          process.kill(pid, signal);
          if (signal === 'SIGTERM') removed.push(`process ${pid} in ${ns}`);
        } catch {
          // gone already
        }
      }
    }
    if (!found) break;
    if (signal === 'SIGTERM') spawnSync('sleep', ['1']);
  }
  for (const ns of namespaces) {
    spawnSync('ip', ['netns', 'del', ns]);
    removed.push(`namespace ${ns}`);
  }
  if (existsSync(LAB_DIR)) {
    rmSync(LAB_DIR, { recursive: true, force: true });
    removed.push(LAB_DIR);
  }
  return removed;
}

/** Builds the namespaces, links, addresses and routes; both routers start as cone NATs. */
export function buildLab(): void {
  mkdirSync(LAB_DIR, { recursive: true });
  sh('ip', 'netns', 'add', INET);
  sh('ip', '-n', INET, 'link', 'set', 'lo', 'up');
  sh('ip', '-n', INET, 'link', 'add', 'br0', 'type', 'bridge');
  sh('ip', '-n', INET, 'addr', 'add', `${SERVER_IP}/24`, 'dev', 'br0');
  sh('ip', '-n', INET, 'addr', 'add', `${SECOND_IP}/24`, 'dev', 'br0');
  sh('ip', '-n', INET, 'link', 'set', 'br0', 'up');
  inNs(INET, 'sysctl', '-qw', 'net.ipv4.ip_forward=0');
  // The rest of the internet: a default route to a gateway nobody answers for, so packets for anywhere else
  // vanish without an error, as packets to a private address do out there. Without it coturn's sends to a
  // home's private host candidate fail at once (network unreachable), and coturn closes the whole allocation.
  sh('ip', '-n', INET, 'route', 'add', 'default', 'via', UPSTREAM_IP);
  for (const home of Object.values(HOMES)) {
    const { ns, router } = home;
    sh('ip', 'netns', 'add', router);
    sh('ip', 'netns', 'add', ns);
    for (const space of [router, ns]) {
      sh('ip', '-n', space, 'link', 'set', 'lo', 'up');
      // IPv4 only: no IPv6 link-local candidates that could never connect anyway.
      inNs(space, 'sysctl', '-qw', 'net.ipv6.conf.all.disable_ipv6=1');
      inNs(space, 'sysctl', '-qw', 'net.ipv6.conf.default.disable_ipv6=1');
    }
    // The router's outside leg, bridged into the internet.
    sh('ip', '-n', router, 'link', 'add', 'out', 'type', 'veth', 'peer', 'name', home.name, 'netns', INET);
    sh('ip', '-n', INET, 'link', 'set', home.name, 'master', 'br0', 'up');
    sh('ip', '-n', router, 'addr', 'add', `${home.publicIps[0]}/24`, 'dev', 'out');
    sh('ip', '-n', router, 'link', 'set', 'out', 'up');
    sh('ip', '-n', router, 'route', 'add', 'default', 'via', SERVER_IP);
    // The home's LAN: one browser machine behind the router.
    sh('ip', '-n', router, 'link', 'add', 'in', 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns);
    sh('ip', '-n', router, 'addr', 'add', `${home.routerLanIp}/24`, 'dev', 'in');
    sh('ip', '-n', router, 'link', 'set', 'in', 'up');
    sh('ip', '-n', ns, 'addr', 'add', `${home.lanIp}/24`, 'dev', 'eth0');
    sh('ip', '-n', ns, 'link', 'set', 'eth0', 'up');
    sh('ip', '-n', ns, 'route', 'add', 'default', 'via', home.routerLanIp);
    inNs(router, 'sysctl', '-qw', 'net.ipv4.ip_forward=1');
    // changeAddress adds the new address before it removes the old one: keep the new one when the old goes.
    inNs(router, 'sysctl', '-qw', 'net.ipv4.conf.out.promote_secondaries=1');
    setNat(home.name, 'cone');
  }
}

/** Makes the home's router a cone or a symmetric NAT (and forgets every mapping it had). */
export function setNat(name: HomeName, kind: NatKind): void {
  const { router } = HOMES[name];
  const ipt = (...args: string[]) => inNs(router, 'iptables', '-w', ...args);
  ipt('-t', 'nat', '-F');
  ipt('-F');
  ipt(
    '-t',
    'nat',
    '-A',
    'POSTROUTING',
    '-o',
    'out',
    '-j',
    'MASQUERADE',
    ...(kind === 'symmetric' ? ['--random-fully'] : []),
  );
  // Only replies to what the home started come in; nothing unsolicited, not even to the router itself.
  ipt('-P', 'FORWARD', 'DROP');
  ipt('-A', 'FORWARD', '-i', 'in', '-o', 'out', '-j', 'ACCEPT');
  ipt('-A', 'FORWARD', '-i', 'out', '-o', 'in', '-m', 'conntrack', '--ctstate', 'ESTABLISHED,RELATED', '-j', 'ACCEPT');
  ipt('-A', 'INPUT', '-i', 'out', '-m', 'conntrack', '--ctstate', 'ESTABLISHED,RELATED', '-j', 'ACCEPT');
  ipt('-A', 'INPUT', '-i', 'out', '-j', 'DROP');
  flushMappings(name);
}

/** Forgets every NAT mapping of the home's router (its conntrack table). */
export function flushMappings(name: HomeName): void {
  // conntrack -F exits 0 with "0 flow entries" too; an error means the tool itself failed.
  inNs(HOMES[name].router, 'conntrack', '-F');
}

/** The router's current public address. */
export function publicIp(name: HomeName): string {
  const { router, publicIps } = HOMES[name];
  const shown = sh('ip', '-n', router, '-4', '-o', 'addr', 'show', 'dev', 'out');
  const found = publicIps.find((ip) => shown.includes(` ${ip}/`));
  if (!found) throw new Error(`${router} has none of its public addresses: ${shown.trim()}`);
  return found;
}

/**
 * The home gets a new public address, as when a provider re-addresses a line
 * or a phone moves from wifi to mobile: the router's outside address changes
 * and every mapping it held is gone, so each flow the home had open now
 * leaves from another address and port, and replies to the old ones are lost.
 */
export function changeAddress(name: HomeName): { from: string; to: string } {
  const { router, publicIps } = HOMES[name];
  const from = publicIp(name);
  const to = from === publicIps[0] ? publicIps[1] : publicIps[0];
  sh('ip', '-n', router, 'addr', 'add', `${to}/24`, 'dev', 'out');
  sh('ip', '-n', router, 'addr', 'del', `${from}/24`, 'dev', 'out');
  flushMappings(name);
  return { from, to };
}

/** A long-running process inside a namespace, with what it printed so far. */
export class LabProcess {
  output = '';
  readonly exited: Promise<number | null>;

  constructor(
    readonly label: string,
    readonly child: ChildProcess,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** Resolves once the output matches `pattern`; rejects if the process exits first or `ms` pass. */
  async waitFor(pattern: RegExp, ms = 60_000): Promise<RegExpExecArray> {
    const started = Date.now();
    for (;;) {
      const match = pattern.exec(this.output);
      if (match) return match;
      if (this.child.exitCode !== null)
        throw new Error(`${this.label} exited (${this.child.exitCode}) before printing ${pattern}:\n${this.output}`);
      if (Date.now() - started > ms)
        throw new Error(`${this.label} did not print ${pattern} within ${ms} ms:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const killer = setTimeout(() => this.child.kill('SIGKILL'), 3000);
    await this.exited;
    clearTimeout(killer);
  }
}

/** Starts `command` inside `ns` (ip netns exec runs it in place: the child's pid is the command's). */
export function startIn(
  ns: string,
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): LabProcess {
  // Not Vitest's variables (VITEST, NODE_ENV=test): the servers run as a person would start them.
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key, value]) => !key.startsWith('VITEST') && !(key === 'NODE_ENV' && value === 'test'),
    ),
  );
  const child = spawn('ip', ['netns', 'exec', ns, command, ...args], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new LabProcess(label, child);
}

/** Runs probe.ts inside `ns` and returns its JSON line. */
export function probe<T>(ns: string, ...args: string[]): T {
  const out = inNs(ns, process.execPath, '--import', 'tsx', path.join(ROOT, 'scripts/nat-lab/probe.ts'), ...args);
  const line = out.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as T;
}

/** Starts probe.ts in `ns` as a server (echo) and waits until it is bound. */
export async function startProbe(ns: string, ...args: string[]): Promise<LabProcess> {
  const process_ = startIn(ns, `probe ${args.join(' ')} in ${ns}`, process.execPath, [
    '--import',
    'tsx',
    path.join(ROOT, 'scripts/nat-lab/probe.ts'),
    ...args,
  ]);
  await process_.waitFor(/"ready":true/, 30_000);
  return process_;
}

export interface Coturn {
  readonly process: LabProcess;
  readonly secret: string;
}

/**
 * coturn from Debian in the internet namespace: STUN and TURN on both
 * addresses, port 3478 (UDP and TCP), TURN REST credentials checked against
 * `secret` (`use-auth-secret`), relays from 203.0.113.1, no TLS. Its log goes
 * to the process output (a refused credential shows as a 401 there).
 */
export async function startCoturn(secret: string): Promise<Coturn> {
  mkdirSync(LAB_DIR, { recursive: true });
  const args = [
    '-n',
    `--listening-ip=${SERVER_IP}`,
    `--listening-ip=${SECOND_IP}`,
    `--listening-port=${STUN_PORT}`,
    `--relay-ip=${SERVER_IP}`,
    '--min-port=49160',
    '--max-port=49999',
    '--realm=fairdeck.lab',
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    '--fingerprint',
    '--no-tls',
    '--no-dtls',
    '--no-cli',
    '--no-software-attribute',
    '--log-file=stdout',
    '--simple-log',
    // Sessions and their refusals (a wrong credential's 401) in the log.
    '--verbose',
    `--pidfile=${LAB_DIR}/turnserver.pid`,
    `--userdb=${LAB_DIR}/turndb`,
  ];
  const coturn = startIn(INET, 'coturn', 'turnserver', args);
  // Ready once it answers STUN on both addresses.
  const started = Date.now();
  for (;;) {
    const answer = probe<{ mapped: ({ port: number } | { error: string })[] }>(
      INET,
      'mapping',
      `${SERVER_IP}:${STUN_PORT}`,
      `${SECOND_IP}:${STUN_PORT}`,
    );
    if (answer.mapped.every((m) => 'port' in m)) break;
    if (coturn.child.exitCode !== null) throw new Error(`coturn exited (${coturn.child.exitCode}):\n${coturn.output}`);
    if (Date.now() - started > 30_000) throw new Error(`coturn does not answer STUN:\n${coturn.output}`);
  }
  return { process: coturn, secret };
}

export interface AppServer {
  readonly process: LabProcess;
  /** The URL a home opens: http://203.0.113.1:<port>/ */
  readonly url: string;
}

/**
 * The app server (server/main.ts, as `npm run preview` or `npm start` runs
 * it) in the internet namespace on `port`, with `env` (STUN_URLS, TURN_URLS,
 * TURN_SECRET). `preview` serves dist/, built beforehand.
 */
export async function startApp(mode: 'preview' | 'dev', port: number, env: NodeJS.ProcessEnv): Promise<AppServer> {
  const app = startIn(INET, `app server (${mode})`, process.execPath, ['--import', 'tsx', 'server/main.ts', mode], {
    ...env,
    PORT: String(port),
    HOST: '0.0.0.0',
  });
  await app.waitFor(/http:\/\/localhost:\d+\//, 120_000);
  return { process: app, url: `http://${SERVER_IP}:${port}/` };
}

/**
 * An executable that starts Chromium inside the home's namespace, for
 * playwright-core's `executablePath`: `ip netns exec` hands it the pipes
 * Playwright drives it through.
 */
export function chromiumIn(name: HomeName, chromium: string): string {
  mkdirSync(LAB_DIR, { recursive: true });
  const wrapper = path.join(LAB_DIR, `chromium-${name}`);
  writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${HOMES[name].ns} ${chromium} "$@"\n`);
  chmodSync(wrapper, 0o755);
  return wrapper;
}
