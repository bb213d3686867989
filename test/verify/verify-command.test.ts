/**
 * `npm run verify` as the user runs it: scripts/verify-run.mjs with plain
 * node (the prebuilt verifier, built on demand) and the signatures and deal
 * proofs checked on worker threads (scripts/verify-parallel.ts). Its words
 * and exit code must be exactly those of the single-threaded
 * `verifyTranscript` — for a clean file, and for a file with a bad signature,
 * which the worker finds and the main thread then verifies again with its
 * answers, in this machine's worker layout (the other one is checked in
 * verify-command-layouts.deep.test.ts). And the worker's own answers: a task that cannot run is left out of the answer, never answered
 * wrongly. And the launcher's record of what it built from.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTranscriptFile, transcriptJson, type TranscriptFile } from '../../src/verify/transcript-file.js';
import type { EnvelopeOf } from '../../src/net/envelope.js';
import { verifyTranscript } from '../../src/verify/verify-transcript.js';
import { describeReport } from '../../src/verify/verify-words.js';
import { badSignatures, runJob } from '../../scripts/verify-worker.js';
import { dealHands } from '../../scripts/verify-parallel.js';
import {
  decodeEvent,
  fixture,
  fixtureText,
  resigned,
  simulatorSigners,
  withEvents,
  FIXTURE_SEEDS,
} from './transcripts.js';
import { badSignature, root, verifyCommandIn } from './verify-command-run.js';

const keyOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const dir = mkdtempSync(path.join(os.tmpdir(), 'fairdeck-verify-command-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const command = verifyCommandIn(dir);

/** pesten-2p.json with the first event that `pick` chooses given other data by `edit`, signed again by its author (the simulator's key). */
function reSignedPesten(
  pick: (envelope: EnvelopeOf<'table-event'>, file: TranscriptFile) => boolean,
  edit: (data: Record<string, unknown>) => Record<string, unknown>,
): { text: string; seat: number } {
  const name = 'pesten-2p.json';
  const file = fixture(name);
  const events = [...file.hands[0]!.events];
  const k = events.findIndex((text) => pick(decodeEvent(file, text), file));
  expect(k).toBeGreaterThanOrEqual(0);
  const envelope = decodeEvent(file, events[k]!);
  const seat = file.hands[0]!.setup.seatKeys.indexOf(keyOf(envelope.from));
  const signer = simulatorSigners(FIXTURE_SEEDS[name]!, 2)[seat]!;
  events[k] = resigned(signer, envelope, {
    ...envelope.body,
    data: edit(envelope.body.data as Record<string, unknown>),
  } as EnvelopeOf<'table-event'>['body']);
  return { text: transcriptJson(withEvents(file, events)), seat };
}

describe('npm run verify (scripts/verify-run.mjs)', () => {
  it('says exactly what the single-threaded verifier says of a clean file, and exits 0', () => {
    const text = fixtureText('fighting-cards-3p-rules1.json');
    const { status, lines } = command(text);
    expect(status).toBe(0);
    expect(lines).toEqual(describeReport(verifyTranscript(text)));
    expect(lines.join('\n')).toContain('VERDICT: CLEAN');
  });

  it("checks the signatures and the deal's proofs on worker threads (--json says so)", () => {
    const file = path.join(dir, 'json.json');
    writeFileSync(file, fixtureText('pesten-2p.json'));
    const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'verify-run.mjs'), file, '--json'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    // Two cores: one worker does both tasks (2 threads); more: one worker each (3).
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: true,
      fault: null,
      threads: availableParallelism() >= 3 ? 3 : 2,
    });
  });

  it('names the event whose signature is bad, as the single-threaded verifier does, and exits 1', () => {
    const text = badSignature('pesten-2p.json', 5);
    const single = verifyTranscript(text);
    expect(single.fault).toMatchObject({ code: 'bad-envelope', seat: null, hand: 0, event: 5 });
    expect(single.fault!.detail).toContain('bad signature');
    const { status, lines } = command(text);
    expect(status).toBe(1);
    expect(lines).toEqual(describeReport(single));
  });

  it("blames the seat whose deal shuffle argument does not verify, as the single-threaded verifier does (the worker's answer overrules the presumption)", () => {
    const { text, seat } = reSignedPesten(
      (e, file) =>
        e.body.type === 'shuffle' &&
        (e.body.data as { packet: number }).packet === 0 &&
        keyOf(e.from) === file.hands[0]!.setup.seatKeys[1],
      (data) => {
        const step = Uint8Array.from(data.step as Uint8Array);
        step[step.length - 40]! ^= 1; // inside the shuffle argument, after the decks
        return { ...data, step };
      },
    );
    const single = verifyTranscript(text);
    expect(single.fault).toMatchObject({ code: 'bad-step', seat, hand: 0 });
    // The step decodes (so the replay presumed it applied): only its proof is wrong.
    expect(single.fault!.detail).toMatch(/shuffle argument of seat 2 does not verify/);
    // The worker, checking the shuffle phase's two arguments in one sum, confirms only the step before the bad one.
    const parsed = parseTranscriptFile(text);
    if (!parsed.ok) throw new Error(parsed.error);
    const file = parsed.value;
    const clean = runJob({ table: file.table, hands: dealHands(fixture('pesten-2p.json')), tasks: ['deal'] });
    const answer = runJob({ table: file.table, hands: dealHands(file), tasks: ['deal'] });
    expect(answer.deal?.verified).toEqual([clean.deal!.verified[0]!.slice(0, 1)]);
    const { status, lines } = command(text);
    expect(status).toBe(1);
    expect(lines).toEqual(describeReport(single));
  });

  it("blames the seat whose played card's key does not match its commitment, as the single-threaded verifier does (the worker's key check overrules the presumption)", () => {
    const { text, seat } = reSignedPesten(
      (e) => e.body.type === 'act' && (e.body.data as { keys: Uint8Array[] }).keys.length > 0,
      (data) => {
        const keys = data.keys as Uint8Array[];
        const share = Uint8Array.from(keys[0]!);
        share[share.length - 32]! ^= 1; // the lowest byte of the last entry's key (32 bytes, little-endian): still a scalar, another key
        return { ...data, keys: [share, ...keys.slice(1)] };
      },
    );
    const single = verifyTranscript(text);
    expect(single.fault).toMatchObject({ code: 'wrong-key', seat, hand: 0 });
    const { status, lines } = command(text);
    expect(status).toBe(1);
    expect(lines).toEqual(describeReport(single));
  });

  it('records every file the prebuilt verifier was built from, with its hash', () => {
    const meta = JSON.parse(readFileSync(path.join(root, '.cache', 'verify', 'inputs.json'), 'utf8')) as {
      inputs: Record<string, string>;
    };
    const files = Object.keys(meta.inputs);
    for (const f of [
      'scripts/verify-run.mjs',
      'scripts/verify.ts',
      'scripts/verify-worker.ts',
      'src/verify/verify-transcript.ts',
      'src/table/hand/follower.ts',
      'crypto/shuffle-proof.ts',
    ]) {
      expect(files).toContain(f);
    }
    expect(Object.values(meta.inputs).every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });
});

describe('the signature worker (scripts/verify-worker.ts)', () => {
  it('answers with exactly the events whose signature does not verify', () => {
    const clean = fixture('pesten-2p.json');
    expect(badSignatures({ table: clean.table, hands: clean.hands.map((h) => h.events) }).bad).toEqual([]);
    const broken = JSON.parse(badSignature('pesten-2p.json', 5)) as typeof clean;
    expect(badSignatures({ table: broken.table, hands: broken.hands.map((h) => h.events) }).bad).toEqual([[0, 5]]);
  });
});

describe('a worker job with both tasks (runJob)', () => {
  it('answers both parts, each as the task alone would', () => {
    const file = fixture('pesten-2p.json');
    const answer = runJob({ table: file.table, hands: dealHands(file), tasks: ['signatures', 'deal'] });
    expect(answer.signatures).toEqual(badSignatures({ table: file.table, hands: file.hands.map((h) => h.events) }));
    // Pesten's deal: each of the 2 seats shuffles, then each locks; then the deal's public key shares.
    expect(answer.deal?.verified.map((steps) => steps.length)).toEqual([4]);
    expect(answer.deal?.keys[0]!.length).toBeGreaterThan(0);
    expect(Object.keys(answer.cpuMs).sort()).toEqual(['deal', 'signatures']);
  });

  it('leaves out a task that cannot run (a deck size no hand has) and still answers the other', () => {
    const file = fixture('pesten-2p.json');
    const hands = dealHands(file).map((hand) => ({ ...hand, deckSize: 0 }));
    const answer = runJob({ table: file.table, hands, tasks: ['deal', 'signatures'] });
    expect(answer.deal).toBeUndefined();
    expect(answer.signatures).toEqual({ bad: [] });
  });
});
