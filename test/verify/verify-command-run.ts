/**
 * Helpers for the tests of `npm run verify` as the user runs it
 * (scripts/verify-run.mjs with plain node): the command on a transcript's
 * text, its lines without the timing, and a fixture with one bit of an
 * event's signature flipped.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { transcriptJson } from '../../src/verify/transcript-file.js';
import { fixture } from './transcripts.js';

/** The repository's root: the command runs there, as `npm run verify` does. */
export const root = path.resolve(import.meta.dirname, '../..');

/**
 * Runs the command on `text`, written as a new file in `dir`, with `env` added: its exit status and its lines
 * without the last, the timing, which only the command prints (and which must be there).
 */
export function verifyCommandIn(dir: string) {
  let files = 0;
  return (text: string, env: Record<string, string> = {}): { status: number | null; lines: string[] } => {
    const file = path.join(dir, `t${++files}.json`);
    writeFileSync(file, text);
    const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'verify-run.mjs'), file], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^\(verified in [\d.]+ s, [\d.]+ s of CPU\)$/);
    return { status: run.status, lines: lines.slice(0, -1) };
  };
}

/** The fixture `name` with one bit of event `k`'s signature flipped. */
export function badSignature(name: string, k: number): string {
  const file = fixture(name);
  const bytes = Uint8Array.from(Buffer.from(file.hands[0]!.events[k]!, 'base64'));
  const at = Buffer.from(bytes).indexOf(Buffer.from('csig', 'latin1')) + 4 + 2 + 10; // key "sig", then a 64-byte string header (0x58 0x40)
  bytes[at]! ^= 1;
  const events = [...file.hands[0]!.events];
  events[k] = Buffer.from(bytes).toString('base64');
  return transcriptJson({ ...file, hands: [{ ...file.hands[0]!, events }, ...file.hands.slice(1)] });
}
