/**
 * The layering of DESIGN.md, checked on the source: imports point down only;
 * crypto/ imports nothing of the project (only @noble/*); src/engine imports
 * nothing else of the project; nothing below src/table/ uses Math.random,
 * Date.now or I/O; components never reach crypto/, the engine or the games.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  const full = path.join(root, dir);
  let entries: string[];
  try {
    entries = readdirSync(full);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) return sources(rel);
    return /\.ts$/.test(name) ? [rel] : [];
  });
}

/** Value imports of a file (`import type` is only a shape, not a dependency, and is listed with a "type:" prefix). */
function imports(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const statics = [...text.matchAll(/(?:^|\n)\s*(import|export)(\s+type)?[^'"]*?from\s*['"]([^'"]+)['"]/g)].map((m) => (m[2] ? `type:${m[3]}` : m[3]!));
  const dynamic = [...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!);
  return [...statics, ...dynamic];
}

/** The top-level area an import lands in, e.g. 'src/net', 'crypto', or a package name. */
function target(file: string, spec: string): string {
  if (!spec.startsWith('.')) return `pkg:${spec}`;
  const resolved = path.relative(root, path.resolve(path.dirname(path.join(root, file)), spec));
  const [top, second] = resolved.split(path.sep);
  return top === 'src' ? `src/${second}` : top!;
}

const table: [string, string[], (t: string) => boolean][] = [
  ['crypto', sources('crypto'), (t) => t === 'crypto' || t.startsWith('pkg:@noble/')],
  ['src/engine', sources('src/engine'), (t) => t === 'src/engine' || t.startsWith('pkg:@noble/hashes') || t === 'pkg:valibot'],
  ['src/games', sources('src/games'), (t) => ['src/engine', 'src/games'].includes(t) || t.startsWith('pkg:@noble/hashes') || t === 'pkg:valibot'],
  ['src/bots', sources('src/bots'), (t) => ['src/engine', 'src/games', 'src/bots'].includes(t)],
  ['src/net', sources('src/net'), (t) => t === 'src/net' || t.startsWith('pkg:')],
  ['src/table', sources('src/table'), (t) => ['src/table', 'src/net', 'src/engine', 'src/games', 'src/bots', 'crypto'].includes(t) || t.startsWith('pkg:')],
  ['src/app', sources('src/app'), (t) => !['components'].includes(t)],
  ['components', sources('components'), (t) => ['components', 'src/app', 'src/net', 'src/table'].includes(t) || ['pkg:lit', 'pkg:qrcode'].some((p) => t.startsWith(p))],
];

describe('imports point down only', () => {
  it.each(table)('%s imports only what its layer may', (_layer, files, allowed) => {
    expect(files.length).toBeGreaterThan(0);
    const bad = files.flatMap((file) =>
      imports(file)
        .filter((spec) => {
          // Components may name the shapes of game views and actions, never call rules.
          if (spec.startsWith('type:')) return _layer === 'components' ? !['src/games', 'src/engine'].includes(target(file, spec.slice(5))) && !allowed(target(file, spec.slice(5))) : !allowed(target(file, spec.slice(5)));
          return !allowed(target(file, spec));
        })
        .map((spec) => `${file} → ${spec}`),
    );
    expect(bad).toEqual([]);
  });
});

describe('no hidden non-determinism below src/table', () => {
  const deterministic = [...sources('crypto'), ...sources('src/engine'), ...sources('src/games'), ...sources('src/bots')];
  it.each(deterministic.map((f) => [f]))('%s has no Math.random, Date.now, performance.now, fetch or storage', (file) => {
    const text = readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    expect(text).not.toMatch(/Math\.random|Date\.now|performance\.now|\bfetch\(|localStorage|indexedDB|setTimeout|setInterval/);
  });
});
