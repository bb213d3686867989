/**
 * Bundle section of `npm run bench`: builds the app with Vite and reports
 * what a player downloads, raw and gzip (level 9, each file on its own, as a
 * server sends it): the first load (the entry chunk and every chunk it
 * imports statically: what the home page needs), the lobby (a table link
 * opened: the first load and the table's code, what the lobby waits for),
 * each judged against `FIRST_LOAD_TARGET_KIB`; then what each dynamic import
 * adds when it first runs (a table opening: the table's code; a table of one
 * game: its rules and its element; the table's hands shown; the first hand
 * set up: the hand protocol and its crypto; the replay viewer; the QR code),
 * and every chunk with who loads it. It reads Vite's build manifest
 * (dist/.vite/manifest.json) for the chunk graph and the service worker
 * (dist/sw.js) for its precache list, and says if any chunk is missing from
 * it (offline play needs every one).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The first page's target, KiB gzip: the home page's first load, and the lobby (a table link opened). */
export const FIRST_LOAD_TARGET_KIB = 120;

interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  /** A chunk's name (a shared chunk has no `src`: it is named after a module it holds). */
  readonly name?: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
}
type Manifest = Readonly<Record<string, ManifestChunk>>;

export interface BundleFile {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** 'first load', or the dynamic imports (their source files) that bring it in. */
  readonly loadedBy: string;
  /** Whether the service worker's precache list holds it. */
  readonly precached: boolean;
}

export interface LoadStep {
  /** What the player does: the source file a dynamic import loads, or a group of them. */
  readonly what: string;
  readonly files: number;
  /** Bytes this step adds to the first load (chunks shared with the first load are not counted again). */
  readonly bytes: number;
  readonly gzipBytes: number;
}

export interface JudgedLoad {
  readonly files: number;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly targetGzipKiB: number;
  readonly met: boolean;
}

export interface BundleResult {
  readonly firstLoad: JudgedLoad;
  /** First load + the table's code: a table link opened straight away (the lobby). */
  readonly lobby: JudgedLoad;
  readonly steps: readonly LoadStep[];
  readonly files: readonly BundleFile[];
  /** Built chunks (JS and CSS) the service worker does not precache: must be empty for offline play. */
  readonly notPrecached: readonly string[];
  readonly totalBytes: number;
  readonly totalGzipBytes: number;
}

/** The manifest keys of `roots` and every chunk they import statically. */
export function staticClosure(manifest: Manifest, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle bench: the manifest has no chunk ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const root of roots) visit(root);
  return seen;
}

/** The files (JS and CSS) of a set of manifest keys. */
function filesOf(manifest: Manifest, keys: Iterable<string>): Set<string> {
  const files = new Set<string>();
  for (const key of keys) {
    files.add(manifest[key]!.file);
    for (const css of manifest[key]!.css ?? []) files.add(css);
  }
  return files;
}

/** The URLs in the service worker's precache list (`precacheAndRoute([{url:"…",…},…])`). */
export function precachedUrls(sw: string): Set<string> {
  return new Set([...sw.matchAll(/url:\s*"([^"]+)"/g)].map((m) => m[1]!));
}

const RULES = /^src\/games\/([^/]+)\/index\.ts$/;

/**
 * What a player does that a dynamic import answers, named for the report: a game's rules and its element are one
 * step ("a table of <game> opens"); any other is named by its source file, or a shared chunk by its name.
 */
function stepName(src: string, games: ReadonlySet<string>): string {
  const rules = RULES.exec(src);
  if (rules) return `a ${rules[1]} table opens (rules + element)`;
  const element = /^components\/fd-([^/]+)\.ts$/.exec(src);
  if (element && games.has(element[1]!)) return `a ${element[1]} table opens (rules + element)`;
  if (src === 'src/app/table-stack.ts') return 'a table opens (session, lobby, mesh)';
  if (src === 'src/app/hand-stack.ts' || src === 'components/fd-hand.ts')
    return "after a table opens: the hands' view and transcript";
  if (src === 'src/table/hand-session.ts' || src === 'hand-session')
    return 'the first hand is set up (protocol, crypto)';
  if (src === 'crypto/group.ts' || src === 'group') return "after a table opens: the signer's fixed-base table";
  if (src === 'src/app/replay.ts' || src === 'components/fd-replay.ts') return 'the replay viewer and verifier';
  if (/qrcode/.test(src)) return 'the QR code';
  return src;
}

export function analyseBundle(dist: string): BundleResult {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const size = new Map<string, { bytes: number; gzipBytes: number }>();
  const sizeOf = (file: string) => {
    let known = size.get(file);
    if (!known) {
      const bytes = readFileSync(path.join(dist, file));
      known = { bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
      size.set(file, known);
    }
    return known;
  };
  const sum = (files: Iterable<string>) => {
    let bytes = 0;
    let gzipBytes = 0;
    let count = 0;
    for (const file of files) {
      const s = sizeOf(file);
      bytes += s.bytes;
      gzipBytes += s.gzipBytes;
      count++;
    }
    return { files: count, bytes, gzipBytes };
  };

  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length !== 1) throw new Error(`bundle bench: expected one entry chunk, found ${entries.length}`);
  const firstKeys = staticClosure(manifest, entries);
  const firstFiles = filesOf(manifest, firstKeys);
  const first = sum(firstFiles);

  // Each chunk a dynamic import loads (an entry of its own, or a chunk shared with a static importer elsewhere, such as
  // the hand protocol the replay imports statically), grouped by what the player does, with what it adds beyond the
  // first load.
  const games = new Set(Object.keys(manifest).flatMap((k) => RULES.exec(manifest[k]!.src ?? '')?.[1] ?? []));
  const dynamicRoots = new Set(Object.values(manifest).flatMap((c) => c.dynamicImports ?? []));
  for (const key of Object.keys(manifest)) if (manifest[key]!.isDynamicEntry) dynamicRoots.add(key);
  const nameOf = (key: string) => stepName(manifest[key]!.src ?? manifest[key]!.name ?? key, games);
  const groups = new Map<string, Set<string>>();
  for (const key of dynamicRoots) {
    const name = nameOf(key);
    const keys = groups.get(name) ?? new Set<string>();
    for (const k of staticClosure(manifest, [key])) keys.add(k);
    groups.set(name, keys);
  }
  const steps: LoadStep[] = [...groups].map(([what, keys]) => {
    const added = [...filesOf(manifest, keys)].filter((f) => !firstFiles.has(f));
    return { what, ...sum(added) };
  });
  steps.sort((a, b) => a.what.localeCompare(b.what));

  const tableStep = groups.get(stepName('src/app/table-stack.ts', games));
  const lobbyFiles = new Set([...firstFiles, ...(tableStep ? [...filesOf(manifest, tableStep)] : [])]);

  const loaders = new Map<string, string[]>();
  for (const key of dynamicRoots) {
    const chunk = manifest[key]!;
    for (const file of filesOf(manifest, staticClosure(manifest, [key])))
      if (!firstFiles.has(file)) loaders.set(file, [...(loaders.get(file) ?? []), chunk.src ?? chunk.name ?? key]);
  }
  const precached = precachedUrls(readFileSync(path.join(dist, 'sw.js'), 'utf8'));
  const allFiles = new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]));
  const files: BundleFile[] = [...allFiles]
    .map((file) => ({
      file,
      ...sizeOf(file),
      loadedBy: firstFiles.has(file) ? 'first load' : (loaders.get(file) ?? ['(nothing)']).join(', '),
      precached: precached.has(file),
    }))
    .sort((a, b) => b.bytes - a.bytes);
  const total = sum(allFiles);
  const judged = (load: { files: number; bytes: number; gzipBytes: number }): JudgedLoad => ({
    ...load,
    targetGzipKiB: FIRST_LOAD_TARGET_KIB,
    met: load.gzipBytes <= FIRST_LOAD_TARGET_KIB * 1024,
  });
  return {
    firstLoad: judged(first),
    lobby: judged(sum(lobbyFiles)),
    steps,
    files,
    notPrecached: files.filter((f) => !f.precached).map((f) => f.file),
    totalBytes: total.bytes,
    totalGzipBytes: total.gzipBytes,
  };
}

export async function bundleBench(): Promise<BundleResult> {
  const root = path.resolve(import.meta.dirname, '..');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  return analyseBundle(path.join(root, 'dist'));
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KiB`;

export function printBundle(r: BundleResult): void {
  const judged = (what: string, l: JudgedLoad) =>
    console.log(
      `${what}: ${l.files} files ${kib(l.bytes)}  gzip ${kib(l.gzipBytes)}  (≤ ${l.targetGzipKiB} KiB gzip: ${l.met ? 'ok' : 'MISSED'})`,
    );
  judged('first load (home)', r.firstLoad);
  judged('a table link opened (lobby, first load + table)', r.lobby);
  console.log('loaded on demand, beyond the first load:');
  for (const s of r.steps) console.log(`  ${s.what.padEnd(52)} ${kib(s.bytes)}  gzip ${kib(s.gzipBytes)}`);
  console.log('every chunk:');
  for (const file of r.files)
    console.log(
      `  ${file.file.padEnd(40)} ${kib(file.bytes)}  gzip ${kib(file.gzipBytes)}  ${file.precached ? '' : 'NOT PRECACHED  '}${file.loadedBy}`,
    );
  console.log(`  ${'total'.padEnd(40)} ${kib(r.totalBytes)}  gzip ${kib(r.totalGzipBytes)}`);
  console.log(
    r.notPrecached.length === 0
      ? `the service worker precaches all ${r.files.length} chunks`
      : `NOT precached by the service worker: ${r.notPrecached.join(', ')}`,
  );
}
