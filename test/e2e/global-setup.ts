/**
 * Starts the real server (a child process running server/main.ts, with the
 * embedded PeerServer at /peerjs) on a free port, hands its URL to the browser
 * tests, and stops it afterwards. The deep suite (`e2e-deep`) runs it as
 * `npm start` does: `dev`, Vite serving the sources module by module. The
 * fast suite (`e2e`) runs it as `npm run preview` does: `preview`, serving the
 * bundle `vite build` made into dist/ just before (built as under Vitest,
 * without the service worker; offline.deep.e2e.ts tests that one). Same
 * server, same app code: a page loads in about a second from the bundle
 * instead of five from ~240 dev modules, and the fast suite loads dozens.
 * FD_E2E_SERVE=dev|preview picks the mode for either suite.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let child: ChildProcess | undefined;

export async function setup(project: TestProject): Promise<void> {
  const mode = process.env.FD_E2E_SERVE ?? (project.name === 'e2e' ? 'preview' : 'dev');
  if (mode !== 'dev' && mode !== 'preview') throw new Error(`FD_E2E_SERVE is dev or preview, not ${mode}`);
  if (mode === 'preview') build();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', mode], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '0.0.0.0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = server;
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/localhost:(\d+)\//.exec(output);
      if (match) resolve(match[0]);
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  if (mode === 'dev') await warmUp(url);
  project.provide('baseUrl', url);
}

/** `vite build` into dist/, as `npm run build` does but with VITEST set (vite.config.ts then leaves the PWA plugin out). */
function build(): void {
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    env: { ...process.env, VITEST: 'true' },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`vite build failed:\n${built.stdout}\n${built.stderr}`);
}

/**
 * A fresh clone has no Vite cache: the first page load would wait for the
 * dependency pre-bundling and the transform of every module while the test's
 * clock runs. Ask for the page and its modules once, before any test.
 */
async function warmUp(url: string): Promise<void> {
  const seen = new Set<string>();
  const queue = [new URL('/src/main.ts', url).href];
  await fetch(url);
  while (queue.length > 0 && seen.size < 400) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const response = await fetch(next);
    if (!response.ok) continue;
    const text = await response.text();
    for (const match of text.matchAll(/(?:import|from)\s*["'](\/[^"']+)["']/g)) {
      const href = new URL(match[1]!, url).href;
      if (!seen.has(href)) queue.push(href);
    }
  }
}

export async function teardown(): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child?.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
