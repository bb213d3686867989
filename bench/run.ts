/**
 * `npm run bench`: runs every benchmark section, prints readable tables and
 * merges the figures into bench/results.json keyed by section
 * (`{ "crypto": {...}, "machine": {...} }`), so other sections can be added
 * later without clobbering each other. `npm run bench -- crypto` runs one
 * section; `--rounds=N` changes the number of rounds where a section uses it.
 * The `browser` section drives headless Chromium, so it runs only when named,
 * under the Chromium lock: `flock /tmp/fairdeck-chromium.lock npm run bench -- browser`.
 */
import '../src/games/all.js';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cryptoBench, printCrypto } from './crypto.js';
import { floodBench, printFlood } from './flood.js';
import { bundleBench, printBundle } from './bundle.js';
import { handBench, handFloorsBench, printHand, printHandFloors } from './hand.js';
import { browserBench, mergeBrowser, printBrowser } from './browser.js';
import { latencyBench, printLatency } from './latency.js';
import { mentalPokerBench, printMentalPoker } from './mental-poker.js';
import { idleBench, verifyBench as signatureBench } from './mesh.js';
import { DEFAULT_TIMING } from '../src/net/mesh.js';
import { printVerify, verifyBench } from './verify.js';
import { printSealProof, sealProofBench } from './seal-proof.js';
import { nobleBench, printNoble } from './noble.js';

type Section = {
  run: (opts: { rounds?: number }) => Promise<unknown>;
  print?: (r: never) => void;
  /** Runs only when named on the command line (it needs the Chromium lock). */
  named?: boolean;
  /** What to store from the section's earlier figures and this run's (default: this run's only). */
  merge?: (previous: never, fresh: never) => unknown;
};

const SECTIONS: Record<string, Section> = {
  crypto: { run: (o) => cryptoBench(o), print: printCrypto as (r: never) => void },
  mentalPoker: { run: (o) => mentalPokerBench(o), print: printMentalPoker as (r: never) => void },
  hand: { run: (o) => handBench(o), print: printHand as (r: never) => void },
  handFloors: { run: (o) => handFloorsBench(o), print: printHandFloors as (r: never) => void },
  verify: { run: (o) => verifyBench(o), print: printVerify as (r: never) => void },
  mesh: { run: () => meshBench(), print: printMesh as (r: never) => void },
  latency: { run: (o) => latencyBench(o), print: printLatency as (r: never) => void },
  bundle: { run: () => bundleBench(), print: printBundle as (r: never) => void },
  sealProof: { run: (o) => sealProofBench(o), print: printSealProof as (r: never) => void },
  flood: { run: () => floodBench(), print: printFlood as (r: never) => void },
  noble: { run: (o) => nobleBench(o), print: printNoble as (r: never) => void },
  browser: {
    run: (o) => browserBench(o),
    print: printBrowser as (r: never) => void,
    named: true,
    merge: mergeBrowser as (previous: never, fresh: never) => unknown,
  },
};

interface MeshSection {
  /** Idle tables with the app's timing: keep-alive and presence, CPU ms per second per peer and % of one core (target ≤ 0.5 %). */
  idle: { peers: number; seconds: number; cpuMsPerSecondPerPeer: number; percentOfCorePerPeer: number }[];
  /** One Ed25519 signature check, CPU ms: noble strict, the mesh's cached-key path, WebCrypto in this Node; one signature: noble, the kept key. */
  signature: Awaited<ReturnType<typeof signatureBench>>;
}

async function meshBench(): Promise<MeshSection> {
  const idle: MeshSection['idle'] = [];
  for (const peers of [4, 6]) idle.push({ peers, seconds: 10, ...(await idleBench(peers, 10, DEFAULT_TIMING)) });
  return { idle, signature: await signatureBench() };
}

function printMesh(r: MeshSection): void {
  for (const row of r.idle)
    console.log(
      `idle, app timing, ${row.peers} peers: ${row.cpuMsPerSecondPerPeer} ms CPU/s per peer (${row.percentOfCorePerPeer} % of a core; ≤ 0.5 % ${row.percentOfCorePerPeer <= 0.5 ? 'ok' : 'MISSED'})`,
    );
  console.log(
    `one signature check (CPU ms): noble ${r.signature.nobleMsPerVerify}, cached key (noble table) ${r.signature.cachedKeyMsPerVerify}, cached key (own arithmetic) ${r.signature.ownCachedKeyMsPerVerify}, WebCrypto ${r.signature.webCryptoMsPerVerify}`,
  );
  console.log(
    `one signature (CPU ms): noble ${r.signature.nobleMsPerSign}, key kept (src/net/signer.ts) ${r.signature.keptKeyMsPerSign}`,
  );
}

const file = path.join(import.meta.dirname, 'results.json');
const args = process.argv.slice(2);
const roundsArg = args.find((a) => a.startsWith('--rounds='));
const rounds = roundsArg ? Number(roundsArg.slice('--rounds='.length)) : undefined;
const wanted = args.filter((a) => !a.startsWith('--'));
const names = wanted.length ? wanted : Object.keys(SECTIONS).filter((name) => !SECTIONS[name]!.named);
for (const name of names)
  if (!SECTIONS[name]) throw new Error(`unknown bench section "${name}" (have: ${Object.keys(SECTIONS).join(', ')})`);

const loadAtStart = os.loadavg().map((x) => Math.round(x * 100) / 100);
type SectionLoad = { loadAverage1AtStart: number; loadAverage1AtEnd: number; wallSeconds: number; date: string };
const sectionLoad: Record<string, SectionLoad> = {};
const results: Record<string, unknown> = existsSync(file)
  ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
  : {};
for (const name of names) {
  console.log(`== ${name}`);
  const section = SECTIONS[name]!;
  const load1 = Math.round(os.loadavg()[0]! * 100) / 100;
  const started = performance.now();
  const r = await section.run({ rounds });
  section.print?.(r as never);
  results[name] = section.merge ? section.merge(results[name] as never, r as never) : r;
  sectionLoad[name] = {
    loadAverage1AtStart: load1,
    loadAverage1AtEnd: Math.round(os.loadavg()[0]! * 100) / 100,
    wallSeconds: Math.round((performance.now() - started) / 100) / 10,
    date: new Date().toISOString(),
  };
}
// Sections not run this time keep the load and date they were measured at.
const previousSections = ((results.machine as { sections?: Record<string, SectionLoad> } | undefined)?.sections ??
  {}) as Record<string, SectionLoad>;
const cpus = os.cpus();
results.machine = {
  node: process.version,
  platform: `${os.platform()} ${os.arch()}`,
  cpus: cpus.length,
  cpuModel: cpus[0]?.model ?? 'unknown',
  loadAverageAtStart: loadAtStart,
  loadAverageAtEnd: os.loadavg().map((x) => Math.round(x * 100) / 100),
  /** Per section: os.loadavg()[0] at its start and end (2 cores: above 2 means processes wait for a core), its wall time and when it ran. */
  sections: { ...previousSections, ...sectionLoad },
  note: 'The machine is shared with other jobs; per-peer figures are CPU time (process.cpuUsage), which waiting for a core does not inflate the way it inflates wall time.',
  date: new Date().toISOString(),
};
const tmp = file + '.tmp';
writeFileSync(tmp, JSON.stringify(results, null, 2) + '\n');
renameSync(tmp, file);
console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
