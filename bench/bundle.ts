/**
 * Bundle section of `npm run bench`: builds the app with Vite and reports
 * what a player downloads (every JS and CSS asset of dist/, raw and gzip).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleResult {
  readonly files: { file: string; bytes: number; gzipBytes: number }[];
  readonly totalBytes: number;
  readonly totalGzipBytes: number;
}

export async function bundleBench(): Promise<BundleResult> {
  const root = path.resolve(import.meta.dirname, '..');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  const assets = path.join(root, 'dist/assets');
  const files = readdirSync(assets)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((file) => {
      const bytes = readFileSync(path.join(assets, file));
      return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
    });
  return {
    files,
    totalBytes: files.reduce((a, f) => a + f.bytes, 0),
    totalGzipBytes: files.reduce((a, f) => a + f.gzipBytes, 0),
  };
}

export function printBundle(r: BundleResult): void {
  for (const f of r.files)
    console.log(
      `${f.file.padEnd(36)} ${(f.bytes / 1024).toFixed(1).padStart(8)} KiB  gzip ${(f.gzipBytes / 1024).toFixed(1).padStart(7)} KiB`,
    );
  console.log(
    `${'total'.padEnd(36)} ${(r.totalBytes / 1024).toFixed(1).padStart(8)} KiB  gzip ${(r.totalGzipBytes / 1024).toFixed(1).padStart(7)} KiB`,
  );
}
