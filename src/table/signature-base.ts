/**
 * The base multiplication of a table's signatures (R = r·B, src/net/signer.ts
 * `baseBytes`): crypto/group.ts `ed25519BaseBytes`, the project's fixed-base
 * table (about a quarter of noble's cost), once it has loaded; noble's until
 * then. crypto/ loads with the hand protocol, not with the lobby
 * (docs/ARCHITECTURE.md §2), so the table starts the import when it opens and
 * signs the first lobby messages with noble's. Ed25519 signatures are
 * deterministic: the bytes are the same either way. The same import brings
 * the mesh's signature checks onto the project's arithmetic
 * (crypto/ed25519-verify.ts, `useKeyedArithmetic`), which accepts exactly
 * what noble's strict verify accepts.
 */
import { nobleBaseBytes } from '../net/signer.js';
import { useKeyedArithmetic } from '../net/verify.js';

type BaseBytes = (r: bigint) => Uint8Array;

let fixed: BaseBytes | undefined;
let loading: Promise<BaseBytes> | undefined;

/** r·B encoded, with the fixed-base table if it has loaded. */
export function tableBaseBytes(r: bigint): Uint8Array {
  return (fixed ?? nobleBaseBytes)(r);
}

/**
 * Loads the fixed-base table (once); `tableBaseBytes` uses it from then on. If it cannot load (a page offline
 * before the service worker holds it), the signatures stay noble's, and the next call tries again.
 */
export function loadFixedBase(): Promise<BaseBytes> {
  loading ??= Promise.all([import('../../crypto/group.js'), import('../../crypto/ed25519-verify.js')]).then(
    ([{ ed25519BaseBytes }, { ed25519Keyed }]) => {
      useKeyedArithmetic(ed25519Keyed);
      return (fixed = ed25519BaseBytes);
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
