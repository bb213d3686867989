/**
 * Options of Stress (speed), docs/rules/stress-speed.md §1: it has none, so a table's options
 * must be empty (anything else is refused, so a peer cannot slip in a
 * setting the others do not know). Every rule choice the spec leaves open is
 * fixed and written down in `rules.ts` instead.
 */
import * as v from 'valibot';
import type { Json } from '../../engine/index.js';

/** No options: the type is an empty record so the state stays plain JSON. */
export type SpeedOptions = Record<string, never>;

export const defaultOptions: Record<string, Json> = {};

const rawOptions = v.strictObject({});

export function parseOptions(raw: unknown, _players: number): SpeedOptions | null {
  return v.safeParse(rawOptions, raw ?? {}).success ? {} : null;
}
