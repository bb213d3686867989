/**
 * The scenario runner as a command (`npm run scenario -- file.json`): it
 * prints the steps, the first rejected action with its error code, the
 * public state, outcome and audit, and its exit code says whether the file's
 * expectations were met. Two runs of the real script (a passing and a
 * failing file).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const repo = join(import.meta.dirname, '..', '..');
const tsx = join(repo, 'node_modules', 'tsx', 'dist', 'cli.mjs');

function runScript(file: string): { status: number | null; out: string } {
  const result = spawnSync(process.execPath, [tsx, join(repo, 'scripts', 'scenario.ts'), file], {
    cwd: repo,
    encoding: 'utf8',
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

test('a file whose expectations hold exits 0 and prints state, outcome and audit', () => {
  const { status, out } = runScript(join(repo, 'test', 'scenarios', 'stress-shed', 'blind-two-wins.json'));
  expect(out).toContain('public state: {"phase":"over"');
  expect(out).toContain('outcome: {"ranking":[[1],[0]]');
  expect(out).toContain('audit: {"verdict":"clean"');
  expect(status).toBe(0);
});

test('a file whose expectations fail exits non-zero and names the first rejected action', () => {
  const scenario = JSON.parse(
    readFileSync(join(repo, 'test', 'scenarios', 'stress-shed', 'three-on-king.json'), 'utf8'),
  ) as {
    actions: unknown[];
  };
  scenario.actions = [...scenario.actions.slice(0, 3), { seat: 0, type: 'play', cards: ['4D'] }];
  const file = join(mkdtempSync(join(tmpdir(), 'fairdeck-scenario-')), 'broken.json');
  writeFileSync(file, JSON.stringify(scenario));
  const { status, out } = runScript(file);
  expect(out).toContain('first rejected action: #3 (seat 0): illegal-play');
  expect(status).toBe(1);
});
