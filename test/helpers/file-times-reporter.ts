/**
 * A Vitest reporter for measuring the suite: prints each test file's wall
 * time as it ends, and the ten slowest files when the run ends. Use it beside
 * the default reporter:
 * `npx vitest run --project unit --reporter=./test/helpers/file-times-reporter.ts --reporter=default`.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class FileTimesReporter implements Reporter {
  private readonly times: [number, string][] = [];

  onTestModuleEnd(module: TestModule): void {
    const seconds = module.diagnostic().duration / 1000;
    const file = module.moduleId.replace(`${process.cwd()}/`, '');
    this.times.push([seconds, file]);
    console.log(`FILE ${seconds.toFixed(1)}s ${module.state()} ${file}`);
  }

  onTestRunEnd(): void {
    const slowest = [...this.times].sort((a, b) => b[0] - a[0]).slice(0, 10);
    console.log('The ten slowest files:');
    for (const [seconds, file] of slowest) console.log(`  ${seconds.toFixed(1)} s  ${file}`);
  }
}
