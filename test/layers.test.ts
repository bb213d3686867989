/**
 * The layering of docs/ARCHITECTURE.md §1, checked on the source: imports point down only;
 * crypto/ imports nothing of the project (only @noble/*); src/engine imports
 * nothing else of the project; nothing below src/table/ uses Math.random,
 * Date.now or I/O; components never reach crypto/, the engine or the games.
 * And a game is one module: its id appears as a string only in its own
 * folder, its table element and the two registries (src/games/index.ts,
 * components/game-views.ts), so adding a game touches nothing else.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameModules } from '../src/games/index.js';

const root = path.resolve(import.meta.dirname, '..');

/** Every .ts file under `dir`; a directory that does not exist is an error (a renamed layer must not silently pass). */
function sources(dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full) || !statSync(full).isDirectory()) throw new Error(`layers.test: no directory ${dir}`);
  const entries = readdirSync(full);
  return entries.flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) return sources(rel);
    return /\.ts$/.test(name) ? [rel] : [];
  });
}

/** Value imports of a file (`import type` is only a shape, not a dependency, and is listed with a "type:" prefix). */
function imports(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const statics = [...text.matchAll(/(?:^|\n)\s*(import|export)(\s+type)?[^'"]*?from\s*['"]([^'"]+)['"]/g)].map((m) =>
    m[2] ? `type:${m[3]}` : m[3]!,
  );
  const dynamic = [...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!);
  return [...statics, ...dynamic];
}

/** The top-level area an import lands in, e.g. 'src/net', 'crypto', or a package name. */
function target(file: string, spec: string): string {
  if (!spec.startsWith('.')) return `pkg:${spec}`;
  const resolved = path.relative(root, path.resolve(path.dirname(path.join(root, file)), spec));
  const [top, second] = resolved.split(path.sep);
  // src/result.ts, the one result shape, sits under every layer of src/: each may import it.
  if (top === 'src' && second === 'result.js') return 'src/result';
  return top === 'src' ? `src/${second}` : top!;
}

const table: [string, string[], (t: string) => boolean][] = [
  ['crypto', sources('crypto'), (t) => t === 'crypto' || t.startsWith('pkg:@noble/')],
  [
    'src/engine',
    sources('src/engine'),
    (t) => t === 'src/engine' || t.startsWith('pkg:@noble/hashes') || t === 'pkg:valibot',
  ],
  [
    'src/games',
    sources('src/games'),
    (t) => ['src/engine', 'src/games'].includes(t) || t.startsWith('pkg:@noble/hashes') || t === 'pkg:valibot',
  ],
  ['src/bots', sources('src/bots'), (t) => ['src/engine', 'src/games', 'src/bots'].includes(t)],
  ['src/net', sources('src/net'), (t) => t === 'src/net' || t.startsWith('pkg:')],
  [
    'src/table',
    sources('src/table'),
    (t) =>
      ['src/table', 'src/net', 'src/engine', 'src/games', 'src/bots', 'crypto'].includes(t) || t.startsWith('pkg:'),
  ],
  [
    'src/verify',
    sources('src/verify'),
    (t) =>
      ['src/verify', 'src/table', 'src/net', 'src/engine', 'src/games', 'crypto'].includes(t) || t.startsWith('pkg:'),
  ],
  ['src/app', sources('src/app'), (t) => !['components', 'tools'].includes(t)],
  // The attack and simulation tooling sits on top of the protocol; the app never imports it.
  ['tools', sources('tools'), (t) => !['components', 'src/app'].includes(t)],
  [
    'components',
    sources('components'),
    (t) =>
      ['components', 'src/app', 'src/net', 'src/table', 'src/verify'].includes(t) ||
      ['pkg:lit', 'pkg:qrcode'].some((p) => t.startsWith(p)),
  ],
];

describe('imports point down only', () => {
  it.each(table)('%s imports only what its layer may', (_layer, files, allowedHere) => {
    expect(files.length).toBeGreaterThan(0);
    const allowed = (t: string): boolean => (t === 'src/result' && _layer !== 'crypto') || allowedHere(t);
    const bad = files.flatMap((file) =>
      imports(file)
        .filter((spec) => {
          // Components may name the shapes of game views and actions, never call rules.
          if (spec.startsWith('type:'))
            return _layer === 'components'
              ? !['src/games', 'src/engine'].includes(target(file, spec.slice(5))) &&
                  !allowed(target(file, spec.slice(5)))
              : !allowed(target(file, spec.slice(5)));
          return !allowed(target(file, spec));
        })
        .map((spec) => `${file} → ${spec}`),
    );
    expect(bad).toEqual([]);
  });
});

describe('the one result shape', () => {
  it('src/result.ts only re-exports crypto/result.ts, which imports nothing (every layer of src/ may import it)', () => {
    expect(imports('src/result.ts')).toEqual(['../crypto/result.js']);
    expect(imports('crypto/result.ts')).toEqual([]);
  });
});

describe('no hidden non-determinism below src/table', () => {
  const deterministic = [
    ...sources('crypto'),
    ...sources('src/engine'),
    ...sources('src/games'),
    ...sources('src/bots'),
  ];
  it.each(deterministic.map((f) => [f]))(
    '%s has no Math.random, Date.now, performance.now, fetch or storage',
    (file) => {
      const text = readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(text).not.toMatch(
        /Math\.random|Date\.now|performance\.now|\bfetch\(|localStorage|indexedDB|setTimeout|setInterval/,
      );
    },
  );
});

describe('sources() refuses a directory that does not exist', () => {
  it('throws, naming it', () => {
    expect(() => sources('src/no-such-layer')).toThrow('layers.test: no directory src/no-such-layer');
  });
});

/** The contents of every string literal of a TypeScript text ('…', "…", `…`), comments skipped. */
function stringLiterals(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      let content = '';
      while (j < text.length && text[j] !== c) {
        content += text[j] === '\\' ? (text[j + 1] ?? '') : text[j];
        j += text[j] === '\\' ? 2 : 1;
      }
      out.push(content);
      i = j + 1;
    } else {
      i++;
    }
  }
  return out;
}

/** Every game id, spelled out (so the check cannot drift with the registry) and from the registry (so a new one is covered). */
const GAME_IDS = [
  ...new Set([
    'stress-shed',
    'stress-speed',
    'pesten',
    'fighting-cards',
    'school-blackjack',
    ...gameModules.map((m) => m.id),
  ]),
];

/** Where game `id` may be written as a string: its folder, its table element, the two registries. */
function mayNameGame(file: string, id: string): boolean {
  const posix = file.split(path.sep).join('/');
  return (
    posix.startsWith(`src/games/${id}/`) ||
    posix === `components/fd-${id}.ts` ||
    posix === 'src/games/index.ts' ||
    posix === 'components/game-views.ts'
  );
}

/** `file: 'literal'` for every string literal of `text` that names a game id it may not; relative import paths are not names. */
function strayGameIds(file: string, text: string): string[] {
  return stringLiterals(text)
    .filter((literal) => !literal.startsWith('./') && !literal.startsWith('../'))
    .flatMap((literal) =>
      GAME_IDS.filter(
        (id) => new RegExp(`(^|[^a-z0-9-])${id}([^a-z0-9-]|$)`).test(literal) && !mayNameGame(file, id),
      ).map((id) => `${file}: '${literal}' names ${id}`),
    );
}

describe('a game id is written only in its own module, its element and the registries', () => {
  // Everything but test/ and docs/ (which may name games freely).
  const everywhere = ['src', 'components', 'crypto', 'server', 'scripts', 'bench', 'tools'].flatMap((dir) =>
    sources(dir),
  );

  it('no other source file names a game id in a string', () => {
    expect(everywhere.length).toBeGreaterThan(50);
    const stray = everywhere.flatMap((file) => strayGameIds(file, readFileSync(path.join(root, file), 'utf8')));
    expect(stray).toEqual([]);
  });

  it('the check sees a planted id and ignores comments and import paths', () => {
    const planted = [
      "// a comment may say 'stress-shed'",
      "/* and so may 'pesten' here */",
      "import { x } from '../games/stress-speed/index.js';",
      "const tag = 'fd-stress-shed';",
      "if (game.id === 'stress-speed') jitter();",
      'const label = `${who} plays fighting-cards`;',
    ].join('\n');
    expect(strayGameIds('src/table/x.ts', planted)).toEqual([
      "src/table/x.ts: 'stress-speed' names stress-speed",
      "src/table/x.ts: '${who} plays fighting-cards' names fighting-cards",
    ]);
    expect(strayGameIds('src/games/stress-speed/rules.ts', planted)).toEqual([
      "src/games/stress-speed/rules.ts: '${who} plays fighting-cards' names fighting-cards",
    ]);
    expect(strayGameIds('src/games/stress-shed/rules.ts', "const other = 'stress-speed';")).toEqual([
      "src/games/stress-shed/rules.ts: 'stress-speed' names stress-speed",
    ]);
    expect(strayGameIds('components/fd-stress-shed.ts', "const me = 'stress-shed';")).toEqual([]);
    expect(strayGameIds('components/fd-stress-shed.ts', "const them = 'school-blackjack';")).toEqual([
      "components/fd-stress-shed.ts: 'school-blackjack' names school-blackjack",
    ]);
  });
});

/** The static value imports of a TypeScript text: what loading it loads at once (no `import type`, no `import()`). */
function staticValueImports(text: string): string[] {
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)(\s+type)?[^'"()]*?(?:from\s*)?['"]([^'"]+)['"]/g)]
    .filter((m) => !m[1])
    .map((m) => m[2]!);
}

/**
 * Every project file (and package, as `pkg:name`) the page loads at once from `entry`: its static import closure.
 * With `onDemand`, what it may load later too (`import()` followed): every file of every chunk the page can load.
 */
function firstLoad(entry: string, { onDemand = false } = {}): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.startsWith('pkg:')) return;
    const text = readFileSync(path.join(root, file), 'utf8');
    const dynamic = onDemand ? [...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!) : [];
    for (const spec of [...staticValueImports(text), ...dynamic]) {
      if (!spec.startsWith('.')) {
        seen.add(`pkg:${spec}`);
        continue;
      }
      const resolved = path.relative(root, path.resolve(path.dirname(path.join(root, file)), spec));
      visit(resolved.replace(/\.js$/, '.ts').split(path.sep).join('/'));
    }
  };
  visit(entry);
  return seen;
}

describe('a game’s bot is a chunk of its own, loaded only by a page that hosts a bot', () => {
  it('a game’s module reaches its bot.ts only by import()', () => {
    for (const id of GAME_IDS) {
      expect(firstLoad(`src/games/${id}/index.ts`).has(`src/games/${id}/bot.ts`), id).toBe(false);
      expect(imports(`src/games/${id}/index.ts`), id).toContain('./bot.js');
    }
  });
});

describe('test-only code is in no chunk the page can load', () => {
  const page = firstLoad('src/main.ts', { onDemand: true });

  it('follows dynamic imports: every game’s rules and table element are reached', () => {
    for (const id of GAME_IDS) {
      expect(page.has(`src/games/${id}/game.ts`), id).toBe(true);
      expect(page.has(`components/fd-${id}.ts`), id).toBe(true);
    }
  });

  it('no game’s scenario-file support (scenario.ts), nor the registry of them, nor src/games/all.ts', () => {
    const stray = [...page].filter(
      (file) =>
        /^src\/games\/[^/]+\/scenario\.ts$/.test(file) || ['src/games/scenarios.ts', 'src/games/all.ts'].includes(file),
    );
    expect(stray).toEqual([]);
  });
});

describe('the first page loads no game, no table code, no verifier and no QR code (they are loaded on demand)', () => {
  const first = firstLoad('src/main.ts');

  it('reads static imports only: `import type` and `import()` load nothing at once', () => {
    const planted = [
      "import type { A } from './a.js';",
      "const b = await import('./b.js');",
      "import { c } from './c.js';",
      "export * from './d.js';",
      "export type { E } from './e.js';",
      "import './f.js';",
    ].join('\n');
    expect(staticValueImports(planted)).toEqual(['./c.js', './d.js', './f.js']);
  });

  it('the first load holds the shell, the store, the registry and every game’s meta.ts', () => {
    for (const file of ['components/fd-app.ts', 'src/app/store.ts', 'src/games/index.ts'])
      expect(first.has(file), file).toBe(true);
    for (const id of GAME_IDS) expect(first.has(`src/games/${id}/meta.ts`), id).toBe(true);
  });

  it('it holds nothing of a game but its meta.ts and options.ts, and no game’s element', () => {
    const stray = [...first].filter((file) =>
      GAME_IDS.some(
        (id) =>
          (file.startsWith(`src/games/${id}/`) && !/\/(meta|options)\.ts$/.test(file)) ||
          file === `components/fd-${id}.ts`,
      ),
    );
    expect(stray).toEqual([]);
  });

  it('it holds no table session, mesh, transport, crypto, verifier, replay, QR code, home or settings page', () => {
    const stray = [...first].filter(
      (file) =>
        // crypto/result.ts is the one result shape (a type and two one-line functions), not crypto.
        (file.startsWith('crypto/') && file !== 'crypto/result.ts') ||
        file.startsWith('src/table/hand/') ||
        file === 'src/games/all.ts' ||
        [
          'src/table/table-session.ts',
          'src/net/mesh.ts',
          'src/net/peerjs-transport.ts',
          'src/verify/verify-transcript.ts',
          'src/app/table-stack.ts',
          'src/app/replay.ts',
          'components/fd-replay.ts',
          'pkg:qrcode',
          'pkg:peerjs',
          // The pages a table link does not open on: the lobby's first load does not carry them.
          'components/fd-home.ts',
          'components/fd-settings.ts',
        ].includes(file),
    );
    expect(stray).toEqual([]);
  });

  it('each of them is reached by a dynamic import', () => {
    const dynamic = (file: string) => imports(file).filter((spec) => !spec.startsWith('type:'));
    for (const id of GAME_IDS) {
      expect(dynamic('src/games/index.ts'), id).toContain(`./${id}/index.js`);
      expect(dynamic('components/game-views.ts'), id).toContain(`./fd-${id}.js`);
    }
    expect(dynamic('src/app/store-stacks.ts')).toContain('./table-stack.js');
    expect(dynamic('src/app/store.ts')).toContain('./replay.js');
    expect(dynamic('components/fd-app.ts')).toContain('./fd-replay.js');
    expect(dynamic('components/fd-app.ts')).toContain('./fd-home.js');
    expect(dynamic('components/fd-app.ts')).toContain('./fd-settings.js');
    expect(dynamic('components/fd-share.ts')).toContain('qrcode');
  });

  it('no page code imports src/games/all.ts (it is for Node processes)', () => {
    const importers = [...sources('src'), ...sources('components')].filter((file) =>
      imports(file).some((spec) => /(^|\/)all\.js$/.test(spec) && target(file, spec) === 'src/games'),
    );
    expect(importers).toEqual([]);
  });
});

describe('a table link opened (the lobby) loads no hand protocol, crypto, verifier or hand view (they follow on demand)', () => {
  const lobby = new Set([...firstLoad('src/main.ts'), ...firstLoad('src/app/table-stack.ts')]);

  it('the lobby holds the table session, the mesh and the transport', () => {
    for (const file of ['src/table/table-session.ts', 'src/net/mesh.ts', 'src/net/peerjs-transport.ts'])
      expect(lobby.has(file), file).toBe(true);
  });

  it('of src/table/hand/ it holds only the set-up, the limits and the fault reports as the table reads them', () => {
    const hand = [...lobby].filter((file) => file.startsWith('src/table/hand/')).sort();
    expect(hand).toEqual(['src/table/hand/fault-report.ts', 'src/table/hand/limits.ts', 'src/table/hand/setup.ts']);
  });

  it('it holds no hand session, crypto, verifier, hand view or webrtc-adapter of its own', () => {
    const stray = [...lobby].filter(
      (file) =>
        // crypto/result.ts is the one result shape (a type and two one-line functions), not crypto.
        (file.startsWith('crypto/') && file !== 'crypto/result.ts') ||
        file.startsWith('src/verify/') ||
        [
          'src/table/hand-session.ts',
          'src/app/hand-stack.ts',
          'src/app/store-hand-view.ts',
          'src/app/store-transcript.ts',
          'components/fd-hand.ts',
          'components/fd-hand-summary.ts',
          'components/fd-verdict.ts',
          'pkg:@noble/ciphers/aes.js',
        ].includes(file),
    );
    expect(stray).toEqual([]);
  });

  it('each of them is reached by a dynamic import', () => {
    const dynamic = (file: string) => imports(file).filter((spec) => !spec.startsWith('type:'));
    expect(dynamic('src/table/hand-loader.ts')).toContain('./hand-session.js');
    expect(dynamic('src/table/signature-base.ts')).toContain('../../crypto/group.js');
    expect(dynamic('src/app/store-stacks.ts')).toContain('./hand-stack.js');
    expect(dynamic('components/fd-app.ts')).toContain('./fd-hand.js');
  });
});
