/**
 * Bundle section of `npm run bench`: builds the app with Vite and reports
 * what a player downloads, raw and gzip (level 9, each file on its own, as a
 * server sends it). Judged against `FIRST_LOAD_TARGET_KIB`: the home page
 * (the shell, the entry chunk and every chunk it imports statically, and the
 * home page's element the shell imports at once), and a table link opened
 * (the lobby: the shell, the table's code and the table's game's rules, which
 * the lobby fetches as soon as the roster names the game), for each game and
 * judged by the game whose rules weigh most. Then what each dynamic import
 * adds when it first runs (a table opening: the table's code; a table of one
 * game: its rules and its element; the table's hands shown; the first hand
 * set up: the hand protocol and its crypto; a deck first locked: the worker
 * that checks the deal's proofs, with its client; the settings page; the
 * replay viewer; the QR code), and every chunk with who loads it. It reads Vite's
 * build manifest (dist/.vite/manifest.json) for the chunk graph and the
 * service worker (dist/sw.js) for its precache list, and says if any chunk is
 * missing from it (offline play needs every one).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildProduction } from '../test/e2e/server.js';

/** The first page's target, KiB gzip: the home page, and the lobby (a table link opened) with its game's rules. */
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
  /** Files the chunk refers to by URL: among them the script of a worker it starts (`new Worker(new URL(…))`). */
  readonly assets?: readonly string[];
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
  /**
   * Bytes this step adds to what is loaded by the time it can happen: the first load, and the chunk whose dynamic
   * import makes it (a game's bot is imported by its rules, so those are in already); nothing is counted twice.
   */
  readonly bytes: number;
  readonly gzipBytes: number;
}

export interface Load {
  readonly files: number;
  readonly bytes: number;
  readonly gzipBytes: number;
}

export interface JudgedLoad extends Load {
  readonly targetGzipKiB: number;
  readonly met: boolean;
}

/** A table link of one game opened: the shell, the table's code and that game's rules. */
export interface LobbyLoad extends JudgedLoad {
  readonly game: string;
  /** What the game's rules add to the shell and the table's code. */
  readonly rulesGzipBytes: number;
}

export interface BundleResult {
  /** The entry chunk and every chunk it imports statically: what every page loads first. */
  readonly shell: Load;
  /** The home page: the shell and the home page's element. */
  readonly home: JudgedLoad;
  /** A table link opened: the shell and the table's code, before its game's rules (not judged on its own). */
  readonly lobbyCode: Load;
  /** The lobby with the rules of the game whose rules weigh most (gzip): what the target is judged on. */
  readonly lobby: LobbyLoad;
  /** The lobby of each game's table, heaviest first. */
  readonly lobbyByGame: readonly LobbyLoad[];
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
  for (const key of keys) for (const file of ownFiles(manifest[key]!)) files.add(file);
  return files;
}

/** A chunk's own files: its script, its styles and the scripts of the workers it starts (loaded when it runs them). */
function ownFiles(chunk: ManifestChunk): string[] {
  return [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? []).filter((file) => file.endsWith('.js'))];
}

/** The URLs in the service worker's precache list (`precacheAndRoute([{url:"…",…},…])`). */
export function precachedUrls(sw: string): Set<string> {
  return new Set([...sw.matchAll(/url:\s*"([^"]+)"/g)].map((m) => m[1]!));
}

const RULES = /^src\/games\/([^/]+)\/index\.ts$/;
/** The shell imports it at once on the home page (components/fd-app.ts). */
const HOME_PAGE = 'components/fd-home.ts';
const TABLE_CODE = 'src/app/table-stack.ts';

/**
 * What a player does that a dynamic import answers, named for the report: a game's rules and its element are one
 * step ("a table of <game> opens"); any other is named by its source file, or a shared chunk by its name.
 */
function stepName(src: string, games: ReadonlySet<string>): string {
  const rules = RULES.exec(src);
  if (rules) return `a ${rules[1]} table opens (rules + element)`;
  const element = /^components\/fd-([^/]+)\.ts$/.exec(src);
  if (element && games.has(element[1]!)) return `a ${element[1]} table opens (rules + element)`;
  const bot = /^src\/games\/([^/]+)\/bot\.ts$/.exec(src);
  if (bot) return `a ${bot[1]} table hosts a bot (its code)`;
  if (src === TABLE_CODE) return 'a table opens (session, lobby, mesh)';
  if (src === HOME_PAGE) return 'the home page (shown at once)';
  if (src === 'components/fd-settings.ts') return 'the settings page';
  if (src === 'src/app/hand-stack.ts' || src === 'components/fd-hand.ts')
    return "after a table opens: the hands' view and transcript";
  if (src === 'src/table/hand-session.ts' || src === 'hand-session')
    return 'the first hand is set up (protocol, crypto)';
  if (src === 'crypto/group.ts' || src === 'group') return "after a table opens: the signer's fixed-base table";
  if (src === 'crypto/ed25519-verify.ts' || src === 'ed25519-verify')
    return "after a table opens: the signature checks' arithmetic";
  if (src === 'src/app/replay.ts' || src === 'components/fd-replay.ts') return 'the replay viewer and verifier';
  if (/qrcode/.test(src)) return 'the QR code';
  if (src === 'src/app/hand-worker-client.ts')
    return "a table's lobby, once the hands' view is in: the hand-crypto worker";
  if (src === 'src/app/own-journal.ts') return "as the page's store opens: the own events' journal";
  if (src === 'components/fd-rules.ts') return 'after a table shows: its rules help';
  if (src === 'components/fd-table-options.ts') return "as the lobby shows: the table's options";
  if (src === 'components/fd-option-fields.ts') return 'the table options form, opened (or the home page)';
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
  /** The files `key` loads (it and its static imports), none if the manifest has no such chunk. */
  const loadedBy = (key: string): Set<string> =>
    manifest[key] ? filesOf(manifest, staticClosure(manifest, [key])) : new Set<string>();
  const judged = (load: Load): JudgedLoad => ({
    ...load,
    targetGzipKiB: FIRST_LOAD_TARGET_KIB,
    met: load.gzipBytes <= FIRST_LOAD_TARGET_KIB * 1024,
  });

  // Each chunk a dynamic import loads (an entry of its own, or a chunk shared with a static importer elsewhere, such as
  // the hand protocol the replay imports statically), grouped by what the player does, with what it adds beyond the
  // first load and beyond what every chunk importing it has loaded (a game's bot comes after the game's rules).
  const games = new Set(Object.keys(manifest).flatMap((k) => RULES.exec(manifest[k]!.src ?? '')?.[1] ?? []));
  const dynamicRoots = new Set(Object.values(manifest).flatMap((c) => c.dynamicImports ?? []));
  for (const key of Object.keys(manifest)) if (manifest[key]!.isDynamicEntry) dynamicRoots.add(key);
  const nameOf = (key: string) => stepName(manifest[key]!.src ?? manifest[key]!.name ?? key, games);
  /** What is loaded by the time `key` is imported: the first load, and what all of its importers load. */
  const loadedBefore = (key: string): Set<string> => {
    const importers = Object.keys(manifest).filter((k) => manifest[k]!.dynamicImports?.includes(key));
    const common = importers
      .map((k) => filesOf(manifest, staticClosure(manifest, [k])))
      .reduce<Set<string> | null>((all, files) => (all ? new Set([...all].filter((f) => files.has(f))) : files), null);
    return new Set([...firstFiles, ...(common ?? [])]);
  };
  const groups = new Map<string, Set<string>>();
  for (const key of dynamicRoots) {
    const name = nameOf(key);
    const files = groups.get(name) ?? new Set<string>();
    const before = loadedBefore(key);
    for (const file of filesOf(manifest, staticClosure(manifest, [key]))) if (!before.has(file)) files.add(file);
    groups.set(name, files);
  }
  const steps: LoadStep[] = [...groups].map(([what, files]) => ({ what, ...sum(files) }));
  steps.sort((a, b) => a.what.localeCompare(b.what));

  // The lobby: the shell, the table's code, and the table's game's rules (store-game.ts loads them as soon as the
  // roster names the game; a table cannot start a hand without them).
  if (!manifest[TABLE_CODE]) throw new Error(`bundle bench: the manifest has no chunk for ${TABLE_CODE}`);
  if (games.size === 0) throw new Error('bundle bench: the manifest has no game rules chunk (src/games/<id>/index.ts)');
  const lobbyFiles = new Set([...firstFiles, ...loadedBy(TABLE_CODE)]);
  const lobbyCode = sum(lobbyFiles);
  const lobbyByGame: LobbyLoad[] = [...games]
    .map((game) => {
      const load = sum(new Set([...lobbyFiles, ...loadedBy(`src/games/${game}/index.ts`)]));
      return { game, ...judged(load), rulesGzipBytes: load.gzipBytes - lobbyCode.gzipBytes };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes || a.game.localeCompare(b.game));

  const loaders = new Map<string, string[]>();
  for (const key of dynamicRoots) {
    const chunk = manifest[key]!;
    for (const file of filesOf(manifest, staticClosure(manifest, [key])))
      if (!firstFiles.has(file)) loaders.set(file, [...(loaders.get(file) ?? []), chunk.src ?? chunk.name ?? key]);
  }
  const precached = precachedUrls(readFileSync(path.join(dist, 'sw.js'), 'utf8'));
  const allFiles = new Set(Object.values(manifest).flatMap(ownFiles));
  const files: BundleFile[] = [...allFiles]
    .map((file) => ({
      file,
      ...sizeOf(file),
      loadedBy: firstFiles.has(file) ? 'first load' : (loaders.get(file) ?? ['(nothing)']).join(', '),
      precached: precached.has(file),
    }))
    .sort((a, b) => b.bytes - a.bytes);
  const total = sum(allFiles);
  return {
    shell: sum(firstFiles),
    home: judged(sum(new Set([...firstFiles, ...loadedBy(HOME_PAGE)]))),
    lobbyCode,
    lobby: lobbyByGame[0]!,
    lobbyByGame,
    steps,
    files,
    notPrecached: files.filter((f) => !f.precached).map((f) => f.file),
    totalBytes: total.bytes,
    totalGzipBytes: total.gzipBytes,
  };
}

export async function bundleBench(): Promise<BundleResult> {
  buildProduction();
  return analyseBundle(path.join(import.meta.dirname, '..', 'dist'));
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KiB`;

export function printBundle(r: BundleResult): void {
  const line = (what: string, l: Load) =>
    `${what.padEnd(60)} ${String(l.files).padStart(2)} files ${kib(l.bytes)}  gzip ${kib(l.gzipBytes)}`;
  const verdict = (l: JudgedLoad) => `  (≤ ${l.targetGzipKiB} KiB gzip: ${l.met ? 'ok' : 'MISSED'})`;
  console.log(line('the shell (entry + its static imports)', r.shell));
  console.log(line('the home page (shell + home page)', r.home) + verdict(r.home));
  console.log(line('a table link opened, before its rules (shell + table)', r.lobbyCode));
  console.log(line(`the lobby with its game's rules (${r.lobby.game}: heaviest)`, r.lobby) + verdict(r.lobby));
  for (const l of r.lobbyByGame)
    console.log(line(`  a ${l.game} table (rules ${(l.rulesGzipBytes / 1024).toFixed(1)} KiB gzip)`, l) + verdict(l));
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
