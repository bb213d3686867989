/**
 * What PeerJS gets for `webrtc-adapter` (vite.config.ts aliases it to
 * src/net/webrtc-adapter-lite.ts, in every build and in this project too):
 * only the browser detection, and the same one the whole adapter would give,
 * so PeerJS's support checks pass in the browsers it supports; no shims, no
 * SDP parser.
 */
import { expect, test } from 'vitest';
import adapter from 'webrtc-adapter';
import { util } from 'peerjs';

test('the adapter is the browser detection alone', () => {
  expect(Object.keys(adapter)).toEqual(['browserDetails']);
});

test('PeerJS reads Chromium and its version from it, and finds WebRTC data channels supported', () => {
  const brands = (navigator as Navigator & { userAgentData?: { brands: { brand: string; version: string }[] } })
    .userAgentData?.brands;
  const chromium = brands?.find((b) => b.brand === 'Chromium');
  expect(chromium).toBeDefined();
  expect(adapter.browserDetails).toEqual({ browser: 'chrome', version: Number(chromium!.version) });
  expect(util.browser).toBe('chrome');
  expect(util.browserVersion).toBe(Number(chromium!.version));
  expect(util.supports).toMatchObject({ browser: true, webRTC: true, data: true, binaryBlob: true, reliable: true });
});
