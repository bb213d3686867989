/** The one function src/net/webrtc-adapter-lite.ts takes from webrtc-adapter's sources (which ship no types). */
declare module 'webrtc-adapter/src/js/utils.js' {
  export function detectBrowser(window: Window | undefined): {
    browser: string | null;
    version: number | null;
    supportsUnifiedPlan?: boolean;
  };
}
