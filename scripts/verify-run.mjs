/**
 * What `npm run verify -- FILE [--json]` runs, with plain `node`: the
 * verifier (scripts/verify.ts and the table code it imports, with its
 * signature worker scripts/verify-worker.ts) prebuilt into one ES module
 * per entry under .cache/verify/, so a run does not pay for a TypeScript
 * loader transpiling the whole table code on every start. The bundle is
 * built on demand with esbuild (a devDependency, the version vite and tsx
 * already use; ~0.5 s, once) when it is missing or stale: stale when any file it was
 * built from (every input esbuild's metafile lists, node_modules included,
 * and this launcher) has other contents than when it was built (SHA-256 of
 * each). So a fresh clone needs no extra step, an edit is picked up by the
 * next run, and what runs is always the code in the tree. Without esbuild
 * (or if the build fails) it falls back to running scripts/verify.ts through
 * tsx, as before. `FAIRDECK_VERIFY_REBUILD=1` forces a rebuild.
 * Plain JavaScript on purpose: it must start without any loader.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, '.cache', 'verify');
const metaFile = path.join(outDir, 'inputs.json');
const self = fileURLToPath(import.meta.url);
/** The entries: the verifier's command line and its signature worker (loaded by file name next to it). */
const ENTRIES = { verify: 'scripts/verify.ts', 'verify-worker': 'scripts/verify-worker.ts' };

const digest = (file) => {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
};

/** True when the bundle exists and every input still has the contents it was built from. */
function fresh() {
  let meta;
  try {
    meta = JSON.parse(readFileSync(metaFile, 'utf8'));
  } catch {
    return false;
  }
  if (!meta || typeof meta.inputs !== 'object' || JSON.stringify(meta.entries) !== JSON.stringify(ENTRIES))
    return false;
  for (const name of Object.keys(ENTRIES))
    if (digest(path.join(outDir, `${name}.mjs`)) !== meta.outputs?.[name]) return false;
  return Object.entries(meta.inputs).every(([file, hash]) => digest(path.join(root, file)) === hash);
}

async function build() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return false;
  }
  const staging = path.join(outDir, `staging-${process.pid}`);
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: ENTRIES,
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      metafile: true,
      logLevel: 'error',
      // Bundled CommonJS (cborg's none; kept for safety) may call require.
      banner: {
        js: "import { createRequire as __fdRequire } from 'node:module'; const require = __fdRequire(import.meta.url);",
      },
    });
    const inputs = { [path.relative(root, self)]: digest(self) };
    for (const file of Object.keys(result.metafile.inputs)) inputs[file] = digest(path.join(root, file));
    const outputs = {};
    for (const name of Object.keys(ENTRIES)) {
      renameSync(path.join(staging, `${name}.mjs`), path.join(outDir, `${name}.mjs`));
      outputs[name] = digest(path.join(outDir, `${name}.mjs`));
    }
    writeFileSync(`${metaFile}.${process.pid}`, JSON.stringify({ entries: ENTRIES, inputs, outputs }));
    renameSync(`${metaFile}.${process.pid}`, metaFile);
    return true;
  } catch (error) {
    console.error(
      `(could not prebuild the verifier: ${error instanceof Error ? error.message : String(error)}; running it through tsx)`,
    );
    return false;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

mkdirSync(outDir, { recursive: true });
const usable = (process.env.FAIRDECK_VERIFY_REBUILD !== '1' && fresh()) || (await build());
if (usable) {
  await import(pathToFileURL(path.join(outDir, 'verify.mjs')).href);
} else {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts', 'verify.ts'), ...process.argv.slice(2)],
    { stdio: 'inherit', cwd: process.cwd() },
  );
  process.exit(run.status ?? 2);
}
