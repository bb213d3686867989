/**
 * Records the fixtures of test/table/hand-agents.test.ts (run by hand:
 * `npx tsx test/helpers/record-agent-duo.ts`): a two-seat courier hand and a
 * two-seat race hand played by agentDuo with fixed seeds, every event sent
 * as hex of its wire bytes. The tests restore seats from them after the deal
 * instead of shuffling 32 or 52 cards again (seconds per hand).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CourierAction, CourierBoard } from '../table/courier-game.js';
import { courierGame } from '../table/courier-game.js';
import { agentDuo, eventsToHex, playDuo } from './agent-duo.js';
import { raceGame } from './race.js';

const dir = join(import.meta.dirname, '../fixtures/agent-duo');

const courier = agentDuo({ game: courierGame, seed: 'record-courier' });
const script: CourierAction['type'][] = ['flip', 'secret', 'show', 'end'];
let next = 0;
playDuo(courier, (_seat, legal, duo) => {
  const actions = legal as CourierAction[];
  const board = duo.followers[0]!.state!.board as CourierBoard;
  if (board.phase === 'pass' || board.phase === 'discard') return actions[0]!;
  const want = script[Math.min(next, script.length - 1)]!;
  const pick = actions.find((a) => a.type === want);
  if (!pick) return null;
  next++;
  return pick;
});
if (courier.spectator.phase !== 'done' || !courier.spectator.audit?.clean)
  throw new Error('courier hand did not end clean');
writeFileSync(join(dir, 'courier.json'), JSON.stringify(eventsToHex(courier.sent), null, 1) + '\n');

const race = agentDuo({ game: raceGame, seed: 'record-race' });
playDuo(race, (seat, legal, duo) => (duo.agents[seat]!.pendingMoves === 0 ? legal[0]! : null));
if (race.spectator.phase !== 'done' || !race.spectator.audit?.clean) throw new Error('race hand did not end clean');
writeFileSync(join(dir, 'race.json'), JSON.stringify(eventsToHex(race.sent), null, 1) + '\n');
console.log('courier', courier.sent.map((e) => e.body.type).join(','));
console.log('race', race.sent.length);
