/**
 * What a page needs once a table's hands are shown, and not for its lobby:
 * the hand as the UI reads it (store-hand-view.ts, with the verdict, the
 * score strip and the end-of-hand summary) and the match's transcript
 * (store-transcript.ts). The store imports it with `import()` once the
 * table's code is in (store.ts), without waiting for it: a chunk of its own,
 * so a table link opened shows the lobby without it (docs/ARCHITECTURE.md §2).
 */
export { handViewOf } from './store-hand-view.js';
export { matchTranscript, saveJsonFile } from './store-transcript.js';
