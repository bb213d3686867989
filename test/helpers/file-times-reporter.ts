// A Vitest reporter that prints each test file's wall time as it ends (for measuring the suite).
import type { Reporter, TestModule } from 'vitest/node';
export default class FileTimes implements Reporter {
  onTestModuleEnd(m: TestModule) {
    const d = m.diagnostic();
    console.log(`FILE ${(d.duration / 1000).toFixed(1)}s ${m.state()} ${m.moduleId.replace(process.cwd() + '/', '')}`);
  }
}
