/**
 * Starts the real server (a child process running server/main.ts, with the
 * embedded PeerServer at /peerjs; test/e2e/server.ts) on a free port, hands
 * its URL to the browser tests, and stops it afterwards. The deep suite
 * (`e2e-deep`) runs it as `npm start` does: `dev`, Vite serving the sources
 * module by module. The fast suite (`e2e`) runs it as `npm run preview` does:
 * `preview`, serving the bundle `vite build` made into dist/ just before
 * (built as under Vitest, without the service worker; offline.deep.e2e.ts
 * tests that one). Same server, same app code: a page loads in about a second
 * from the bundle instead of five from ~240 dev modules, and the fast suite
 * loads dozens. FD_E2E_SERVE=dev|preview picks the mode for either suite.
 */
import type { TestProject } from 'vitest/node';
import { buildBundle, startServer, type RunningServer } from './server.js';

let server: RunningServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  const mode = process.env.FD_E2E_SERVE ?? (project.name === 'e2e' ? 'preview' : 'dev');
  if (mode !== 'dev' && mode !== 'preview') throw new Error(`FD_E2E_SERVE is dev or preview, not ${mode}`);
  if (mode === 'preview') buildBundle();
  server = await startServer(mode);
  if (mode === 'dev') await warmUp(server.url);
  project.provide('baseUrl', server.url);
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
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
