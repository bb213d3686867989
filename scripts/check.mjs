/**
 * `npm run check`: the type check (tsc) and the lint (ESLint, Prettier) of
 * `npm test`, run side by side — each is one process on one core, and `npm
 * test` has two. Prints each one's output when it ends; fails when either
 * fails.
 */
import { spawn } from 'node:child_process';

const jobs = [
  ['type check', 'npx', ['tsc', '--noEmit', '-p', '.']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
];

const results = await Promise.all(
  jobs.map(
    ([name, command, args]) =>
      new Promise((resolve) => {
        const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          process.stdout.write(output);
          console.log(`${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
