/**
 * What a page needs once a table opens and not before: the table session
 * (lobby, hands, the mental-poker crypto), the mesh and the PeerJS transport,
 * the hand's view and the match's transcript. The store imports this module
 * with `import()` when a table is opened, so the home page's first load
 * carries none of it (a chunk of its own in the built app; the service
 * worker precaches it like every other). Loading it hands the page's
 * signer the project's fixed-base table (identity.ts `useSignatureBase`).
 */
import { ed25519BaseBytes } from '../../crypto/index.js';
import { useSignatureBase } from './identity.js';

useSignatureBase(ed25519BaseBytes);

export { TableSession } from '../table/table-session.js';
export { Mesh } from '../net/mesh.js';
export { PeerJsTransport } from '../net/peerjs-transport.js';
export { handViewOf, seatOrderOf } from './store-hand-view.js';
export { matchTranscript, saveJsonFile } from './store-transcript.js';
