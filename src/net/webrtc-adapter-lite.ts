/**
 * What the bundle serves for `webrtc-adapter` (vite.config.ts aliases it here). PeerJS imports the adapter only to
 * read `adapter.browserDetails` (which browser, which version: its support checks); importing the real one also
 * installs shims for browsers older than the ones Fairdeck supports (docs/ARCHITECTURE.md §2), and with the SDP
 * parser they pull in it was a third of the table's code. The detection is still the library's own `detectBrowser`,
 * called as the adapter calls it, so PeerJS sees the same `browserDetails`.
 */
import { detectBrowser } from 'webrtc-adapter/src/js/utils.js';

const adapter = {
  browserDetails: detectBrowser(typeof window === 'undefined' ? undefined : window),
};

export default adapter;
