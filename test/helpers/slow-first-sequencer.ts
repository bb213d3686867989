/**
 * The order the Node test files start in. Vitest starts the files it has timed
 * before longest first, and files it has not timed (a fresh clone, CI) largest
 * first; a short file that plays many hands then starts last and runs alone
 * while the other worker idles. The files listed below are each project's
 * slowest (measured with test/helpers/file-times-reporter.ts): they start
 * first, in this order, and the rest keep Vitest's order behind them. A stale
 * entry only costs balance, never a test.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Per project, its slowest files, slowest first. */
const SLOW_FIRST: Record<string, readonly string[]> = {
  unit: [
    'test/table/rejoin.test.ts',
    'test/adversarial/cheating-peers.test.ts',
    'test/conformance/table.test.ts',
    'test/crypto/shuffle-proof.test.ts',
    'test/adversarial/cheating-moves.test.ts',
    'test/adversarial/split-view.test.ts',
    'test/crypto/cheats.test.ts',
    'test/table/spectator-knowledge.test.ts',
    'test/verify/verify-command.test.ts',
    'test/table/crypto-requests.test.ts',
    'test/table/real-time.test.ts',
    'test/adversarial/fault-evidence.test.ts',
    'test/verify/tamper.test.ts',
    'test/table/newcomer.test.ts',
    'test/fuzz/session-bodies.fuzz.test.ts',
  ],
  'unit-mocks': ['test/table/knowledge-monitor.test.ts', 'test/table/simulation-runs.test.ts'],
  deep: [
    'test/fuzz/session-bodies.fuzz.test.ts',
    'test/fuzz/codec-shuffle-step.fuzz.test.ts',
    'test/fuzz/session.fuzz.test.ts',
    'test/adversarial/cheating-peers.deep.test.ts',
    'test/adversarial/fault-evidence.deep.test.ts',
    'test/crypto/protocol.test.ts',
    'test/fuzz/codec-lock-step.fuzz.test.ts',
    'test/table/hands-seeds.deep.test.ts',
    'test/conformance/table-sizes.deep.test.ts',
    'test/table/newcomer-options.deep.test.ts',
    'test/table/newcomer-forged.deep.test.ts',
    'test/table/cheat-run-verdicts.deep.test.ts',
    'test/table/rejoin-gone.deep.test.ts',
    'test/verify/tamper.test.ts',
    'test/fuzz/envelope.fuzz.test.ts',
    'test/games/pesten/properties.test.ts',
  ],
};

const root = path.resolve(import.meta.dirname, '..', '..');

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Projects stay in Vitest's order; within one, the listed files go first.
    const project = new Map<string, number>();
    for (const file of sorted) if (!project.has(file.project.name)) project.set(file.project.name, project.size);
    const rank = (file: TestSpecification) => {
      const list = SLOW_FIRST[file.project.name] ?? [];
      const at = list.indexOf(path.relative(root, file.moduleId).split(path.sep).join('/'));
      return at < 0 ? list.length : at;
    };
    return sorted
      .map((file, at) => ({ file, at }))
      .sort(
        (a, b) =>
          project.get(a.file.project.name)! - project.get(b.file.project.name)! ||
          rank(a.file) - rank(b.file) ||
          a.at - b.at,
      )
      .map(({ file }) => file);
  }
}
