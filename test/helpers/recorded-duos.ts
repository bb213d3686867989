/**
 * The two hands recorded by record-agent-duo.ts (test/fixtures/agent-duo/):
 * a courier hand and a race (real-time) hand, as signed events, with the
 * events of their deals (ready, shuffle and lock of both seats, then, for
 * the courier, the private deal's key shares), and two seats restored after
 * each deal (`courier`, `race`: restoredDuo with the recorded secrets). The
 * step-by-step tests of the hand agents share them instead of each reading
 * the fixtures itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { courierGame } from '../table/courier-game.js';
import { eventsFromHex, restoredDuo } from './agent-duo.js';
import { raceGame } from './race.js';

const recorded = (name: string) =>
  eventsFromHex(
    JSON.parse(readFileSync(join(import.meta.dirname, `../fixtures/agent-duo/${name}.json`), 'utf8')) as string[],
  );

export const COURIER = recorded('courier');
export const RACE = recorded('race');
/** The deal of each record: ready, shuffle and lock of both seats, then (courier) the private deal's key shares. */
export const courierDeal = COURIER.slice(0, 8);
export const raceDeal = RACE.slice(0, 6);

type DuoOptions = Partial<Parameters<typeof restoredDuo>[0]>;
/** Two seats of the courier hand, restored after its deal. */
export const courier = (seed: string, extra: DuoOptions = {}) =>
  restoredDuo({ game: courierGame, seed, record: COURIER, events: courierDeal, packets: [0], ...extra });
/** Two seats of the race hand, restored after its deal. */
export const race = (seed: string, extra: DuoOptions = {}) =>
  restoredDuo({ game: raceGame, seed, record: RACE, events: raceDeal, packets: [0], ...extra });
