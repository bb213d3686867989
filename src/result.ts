/**
 * The one result shape of the project's own code outside crypto/ (which
 * imports nothing of the project): a value, or a typed error the caller
 * turns into words where a person reads them. Every layer of src/ may import
 * it (test/layers.test.ts).
 */
export type Result<T, E = string> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

export function err<E>(error: E): Result<never, E> {
  return { ok: false, error };
}
