/**
 * `npm run verify` in the worker layout this machine does not use: one
 * worker doing both tasks (as on two cores) or one worker per task (more
 * cores), chosen by FAIRDECK_VERIFY_WORKERS. It says how many threads it
 * used, and its words and exit code are exactly those of the
 * single-threaded `verifyTranscript`, for a clean file and for a file with
 * a bad signature. verify-command.test.ts checks the machine's own layout.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { verifyTranscript } from '../../src/verify/verify-transcript.js';
import { describeReport } from '../../src/verify/verify-words.js';
import { fixtureText } from './transcripts.js';
import { badSignature, root, verifyCommandIn } from './verify-command-run.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'fairdeck-verify-layouts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const command = verifyCommandIn(dir);

/** The layout the tests of the machine's own do not run: two workers on two cores, one on more. */
const workers = availableParallelism() <= 2 ? '2' : '1';

it(`${workers} worker(s): the threads it says it used, and the words of the single-threaded verifier for a clean file and for a bad signature`, () => {
  const json = path.join(dir, `layout${workers}.json`);
  writeFileSync(json, fixtureText('pesten-2p.json'));
  const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'verify-run.mjs'), json, '--json'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FAIRDECK_VERIFY_WORKERS: workers },
  });
  expect(run.status).toBe(0);
  expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, fault: null, threads: Number(workers) + 1 });
  const clean = fixtureText('school-blackjack-2p.json');
  const ok = command(clean, { FAIRDECK_VERIFY_WORKERS: workers });
  expect(ok.status).toBe(0);
  expect(ok.lines).toEqual(describeReport(verifyTranscript(clean)));
  const broken = badSignature('school-blackjack-2p.json', 7);
  const single = verifyTranscript(broken);
  expect(single.fault).toMatchObject({ code: 'bad-envelope', hand: 0, event: 7 });
  const refused = command(broken, { FAIRDECK_VERIFY_WORKERS: workers });
  expect(refused.status).toBe(1);
  expect(refused.lines).toEqual(describeReport(single));
});
