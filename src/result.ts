/**
 * The one result shape, for src/: defined in crypto/result.ts (the bottom
 * layer, which imports nothing of the project) and re-exported here so that
 * every layer of src/ may import it without reaching into crypto/
 * (test/layers.test.ts).
 */
export { type Err, type Ok, type Result, ok, err } from '../crypto/result.js';
