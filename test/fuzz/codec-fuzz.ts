/**
 * The shared body of the crypto codec fuzz tests (codec.fuzz.test.ts for key
 * shares and packet secrets, codec-shuffle-step, codec-lock-step and
 * codec-relayer-step.fuzz.test.ts for cascade steps; a file each for the
 * steps, whose decoding costs the most, so the test workers share them): real samples of every
 * message type from a simulated 3-seat table, and one test per decoder that
 * feeds it RUNS mutated samples (bit flips, inserts, deletes, truncation,
 * splices between types: 100 in `npm test`, 10,000 in the deep suite) from the
 * run's seed (test/helpers/depth.ts). A decoder either returns a message
 * or throws one of its named errors (TypeError/RangeError) — never anything
 * else, never a hang, and never changes its input.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  encodeKeyShares,
  encodeLockStep,
  encodePacketSecrets,
  encodeRelayerStep,
  encodeShuffleStep,
  revealToSeat,
  seededRandom,
} from '../../crypto/index.js';
import { SimTable } from '../crypto/sim.js';
import { seedFor } from '../helpers/depth.js';
import { mutate, mutations, RUNS } from './mutate.js';

/** Registers, in the calling test file, one fuzz test per decoder (seed 9000 + `firstSeed` + its index). */
export function fuzzCodecDecoders(decoders: Record<string, (bytes: Uint8Array) => unknown>, firstSeed = 0): void {
  const m = 32;
  const samples: Record<string, Uint8Array> = {};
  beforeAll(() => {
    const sim = new SimTable(
      { tableId: new TextEncoder().encode('fuzz'), handNo: 1, seats: 3, deckSize: 32 },
      seededRandom('fuzz-codec'),
    );
    expect(sim.runPacket(0, null)).toBeNull();
    expect(
      sim.runPacket(
        1,
        Array.from({ length: m }, (_, i) => ({ kind: 'hidden' as const, packet: 0, position: i })),
      ),
    ).toBeNull();
    samples.shuffle = encodeShuffleStep(sim.transcript[0]!.shuffle[1]!);
    samples.lock = encodeLockStep(sim.transcript[0]!.lock[2]!);
    samples.relayer = encodeRelayerStep(sim.transcript[1]!.relayer[0]!);
    samples.keys = encodeKeyShares(revealToSeat(sim.packets.get(0)!, 1, sim.secrets[1]!.get(0)!, [3, 5, 8], 0));
    samples.secrets = encodePacketSecrets(sim.secrets[2]!.get(1)!, sim.hand);
  });

  describe('crypto codec decoders', () => {
    it.each(Object.keys(decoders).map((name, i) => [name, i] as const))(
      `%s: ${RUNS} mutated messages decode or throw a named error`,
      (name, i) => {
        const real = samples[name]!;
        const others = Object.values(samples);
        expect(() => decoders[name]!(real)).not.toThrow();
        let refused = 0;
        fc.assert(
          fc.property(mutations, (ms) => {
            const bytes = mutate(real, ms, others);
            const copy = bytes.slice();
            try {
              decoders[name]!(bytes);
            } catch (error) {
              refused++;
              expect(error instanceof TypeError || error instanceof RangeError, String(error)).toBe(true);
            }
            expect(bytes).toEqual(copy);
          }),
          { numRuns: RUNS, seed: seedFor(9000 + firstSeed + i) },
        );
        expect(refused).toBeGreaterThan(RUNS / 2);
      },
      1_800_000,
    );
  });
}
