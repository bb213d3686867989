/**
 * The public face of the engine: the pure, deterministic, game-independent
 * core (types, `defineGame`, card ids, ledger helpers for rules, canonical
 * state hash, invariants) and, for tests and the scenario runner only, the
 * fixed-deal helpers and scenario runner. Imports nothing else of the
 * project; no I/O, no clock, no randomness.
 */
export * from './types.js';
export { defineGame, awaitsSeat, replay, audit } from './game.js';
export { canonicalJson, stateHash } from './canonical.js';
export { compareCards, parseCard, standardDeck, valueOf, SUITS } from './cards.js';
export type { ParsedCard, Rank, Suit } from './cards.js';
export {
  allSeats,
  contributors,
  markPublic,
  markSeen,
  publicCard,
  publicKnowledge,
  requestForward,
  requestReshuffle,
  requestRevealAll,
  requestRevealTo,
  viewKnowledge,
} from './ledger.js';
export { census } from './invariants.js';
export { completeOldest, dealFromZones, privateViewOf, settle, shuffledDeal } from './fixed-deal.js';
export type { Permuter, Settled } from './fixed-deal.js';
export { cardHandles, parseScenario, partialMismatches, runScenario } from './scenario.js';
export type { AfterAudit, ScenarioFile, ScenarioRun } from './scenario.js';
