/** Set by vite.config.ts's `define`: whether the page exposes its test handle (`window.fairdeck`). */
declare const __FD_TEST_HANDLE__: boolean;
