/**
 * The one result shape of the whole project: a value, or a typed error the
 * caller turns into words where a person reads them. It lives in crypto/,
 * the bottom layer that imports nothing of the project, so that crypto's
 * verdicts (`Result<T, Fault>`) and every layer above share one definition;
 * src/result.ts re-exports it for src/.
 */
export type Result<T, E = string> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export type Ok<T> = Extract<Result<T, never>, { ok: true }>;
export type Err<E> = Extract<Result<never, E>, { ok: false }>;

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function err<E>(error: E): Err<E> {
  return { ok: false, error };
}
