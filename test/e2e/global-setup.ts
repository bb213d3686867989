/**
 * Starts the real server exactly as `npm start` does (a child process running
 * server/main.ts: Vite + the embedded PeerServer at /peerjs) on a free port,
 * hands its URL to the browser tests, and stops it afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let child: ChildProcess | undefined;

export async function setup(project: TestProject): Promise<void> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'dev'], {
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
  project.provide('baseUrl', url);
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
