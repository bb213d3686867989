/**
 * The real server for pages driven from Node: `buildBundle` runs `vite build`
 * into dist/ for the tests (`buildProduction` as `npm run build` runs it) and `startServer` starts server/main.ts (the app and the embedded
 * PeerServer at /peerjs) as a child process on a free port. The e2e suites
 * (global-setup.ts) and the browser bench (bench/browser.ts) serve the app
 * this same way.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServeMode = 'dev' | 'preview';

export interface RunningServer {
  /** The app's address, http://localhost:PORT/. */
  readonly url: string;
  /** Stops the server and waits for it to exit. */
  stop(): Promise<void>;
}

/** Runs `vite build` with `env` and `args` (after `build`); throws with Vite's output when it fails. */
function viteBuild(env: NodeJS.ProcessEnv, args: readonly string[] = []): void {
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`vite build failed:\n${built.stdout}\n${built.stderr}`);
}

/** `vite build` into dist/, as `npm run build` does but with VITEST set (vite.config.ts then leaves the PWA plugin out). */
export function buildBundle(): void {
  viteBuild({ ...process.env, VITEST: 'true' });
}

/**
 * `vite build` as `npm run build` runs it, from inside a test too: without
 * Vitest's variables (the PWA plugin runs, the page's test handle stays out
 * unless `extra` asks for it with FD_TEST_HANDLE=1) and without Vitest's
 * NODE_ENV=test (libraries would build their development variants). Into
 * `outDir`, dist/ by default.
 */
export function buildProduction(outDir?: string, extra: NodeJS.ProcessEnv = {}): void {
  const env = { ...process.env, ...extra };
  delete env.VITEST;
  delete env.VITEST_MODE;
  delete env.NODE_ENV;
  viteBuild(env, ['--logLevel', 'warn', ...(outDir ? ['--outDir', outDir] : [])]);
}

/** Starts server/main.ts in `mode` (`npm start` is dev, `npm run preview` serves dist/) and resolves once it listens. */
export async function startServer(mode: ServeMode): Promise<RunningServer> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', mode], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '0.0.0.0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  return {
    url,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
