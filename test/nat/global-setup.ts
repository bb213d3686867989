/**
 * The `nat` project's setup (`npm run test:nat`): checks that this process
 * may build the lab (root, iproute2, iptables, conntrack, coturn, Chromium),
 * removes what a crashed earlier run left (scripts/nat-lab/lab.ts
 * `removeLab`), builds the bundle as `npm run build` does (the lab's app
 * server runs it as `npm run preview` does) and the namespaces. Teardown, and
 * this process's exit whatever ends it, remove the lab again: every process
 * inside it (app servers, coturn, browsers) and every namespace.
 */
import { buildLab, removeLab, requireLab } from '../../scripts/nat-lab/lab.js';
import { buildProduction } from '../e2e/server.js';
import { CHROMIUM_PATH } from '../chromium.js';

function cleanUp(when: string): void {
  const removed = removeLab();
  if (removed.length > 0) console.log(`NAT lab ${when}: removed ${removed.join(', ')}`);
}

export function setup(): void {
  requireLab(CHROMIUM_PATH);
  cleanUp('leftovers');
  process.once('exit', () => cleanUp('at exit'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      cleanUp(`on ${signal}`);
      process.exit(130);
    });
  // As `npm run build` does: without Vitest's VITEST and NODE_ENV=test, so a production bundle with the PWA
  // plugin, like the one a host serves; only with the page's test handle (vite.config.ts), which pages.ts reads.
  // FDNAT_BUILT=1 keeps the dist/ an earlier run built (re-running one file while working on the lab).
  if (process.env.FDNAT_BUILT !== '1') buildProduction(undefined, { FD_TEST_HANDLE: '1' });
  buildLab();
}

export function teardown(): void {
  cleanUp('teardown');
}
