/**
 * What a page needs once a table opens and not before: the table session
 * (lobby, history, starting hands), the mesh and the PeerJS transport. The
 * store imports this module with `import()` when a table is opened, so the
 * home page's first load carries none of it (a chunk of its own in the built
 * app; the service worker precaches it like every other). The hand protocol
 * and the mental-poker crypto load when the first hand is set up
 * (src/table/hand-loader.ts); the hands' view and the match's transcript
 * right after this module (hand-stack.ts). Loading it starts loading the
 * project's fixed-base table (crypto/group.ts, src/table/signature-base.ts),
 * which the page's signer takes once it is in (identity.ts
 * `useSignatureBase`). The lobby waits for none of them. The page's hands
 * have their deal proofs checked, their seats' cascade steps made and their
 * audits' card part run by one
 * worker (hand-worker-client.ts), which the store starts once the hands'
 * view is in, while the lobby is shown (`warmHandWorker`).
 */
import type { DealProofCheck } from '../table/hand/deal-proofs.js';
import type { StepMaker } from '../table/hand/steps-elsewhere.js';
import type { AuditCheck } from '../table/hand/audit-elsewhere.js';
import { loadFixedBase } from '../table/signature-base.js';
import { useSignatureBase } from './identity.js';

// A page whose fixed-base table failed to load keeps signing with noble's: the same signatures, slower.
void loadFixedBase().then(useSignatureBase, () => {});

/** Every table session of the page has its hands' deal proofs checked in one worker, its client loaded with the first deal. */
export const dealProofs: DealProofCheck = (job) =>
  import('./hand-worker-client.js').then(({ pageHandWorker }) => pageHandWorker.check(job));

/** The same worker makes the page's seats' cascade steps (hand/steps-elsewhere.ts). */
export const stepMaker: StepMaker = (job) =>
  import('./hand-worker-client.js').then(({ pageHandWorker }) => pageHandWorker.make(job));

/** And runs the card part of the hands' end-of-hand audits (hand/audit-elsewhere.ts). */
export const audits: AuditCheck = (job) =>
  import('./hand-worker-client.js').then(({ pageHandWorker }) => pageHandWorker.audit(job));

/** Starts that worker ahead of the first hand, so the first step and the deal's check do not wait for it to start. */
export const warmHandWorker = (): Promise<void> =>
  import('./hand-worker-client.js').then(({ pageHandWorker }) => pageHandWorker.warm());

export { TableSession } from '../table/table-session.js';
export { Mesh } from '../net/mesh.js';
export { PeerJsTransport } from '../net/peerjs-transport.js';
export { seatOrderOf } from './seat-order.js';
