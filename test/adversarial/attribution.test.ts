/**
 * Attribution: every halt names the seat at fault, by
 * code. A cheating seat of a two-seat courier table (test/table/courier-game.ts)
 * rewrites what it sends — re-signed, so only the table layer can catch it —
 * and the honest seat must name it: an exception while taking its event in,
 * key shares with entries left out (F3), a low-order seal key (F4), a state
 * hash that differs (F13), an event made at a step that cannot exist yet
 * (F6). The waiting list names only seats that still owe something (F14);
 * abandon is refused once play is over and a disclosure that never comes is
 * named after the table's deadline (F5). A disclosure rewritten by its
 * author — one lock key flipped, or a seal secret other than the announced
 * one — is caught only by the end-of-hand audit, which must name the author,
 * not the seat that runs the audit nor an honest seat whose sealed shares no
 * longer open.
 */
import { afterEach, expect, it } from 'vitest';
import { decodeKeyShares, encodeKeyShares } from '../../crypto/index.js';
import type { AnyGame } from '../../src/engine/index.js';
import type { EnvelopeOf } from '../../src/net/envelope.js';
import type { HaltCode } from '../../src/table/hand-session.js';
import type { HandAudit } from '../../src/table/hand/audit.js';
import { handTable, play, resign, type HandTable } from '../helpers/hand-table.js';
import { courierGame, type CourierAction, type CourierBoard } from '../table/courier-game.js';
import { refusal } from '../helpers/refusal.js';

type Event = EnvelopeOf<'table-event'>;
const CHEATER = 1;
let open: HandTable | null = null;
afterEach(() => {
  open?.stop();
  open = null;
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}

/** Seat 1 flips, seat 2 shows the card it was passed, seat 1 ends. */
function simplePlay() {
  let turn = 0;
  return (_seat: number, legal: unknown[], session: { engineState: { board: unknown } | null }): unknown => {
    const actions = legal as CourierAction[];
    const phase = (session.engineState!.board as CourierBoard).phase;
    if (phase !== 'turn') return actions[0]!;
    const want = (['flip', 'show', 'end'] as const)[Math.min(turn, 2)];
    const pick =
      want === 'show' ? actions.filter((a) => a.type === 'show').at(-1) : actions.find((a) => a.type === want);
    if (pick) turn++;
    return pick ?? null;
  };
}

/** Plays with seat 2 rewriting its first event that `matches`; returns the honest seat's halt. */
async function caught(
  matches: (body: Event['body']) => boolean,
  rewrite: (body: Event['body'], env: Event) => Event,
  game: AnyGame = courierGame,
) {
  let done = false;
  const table = (open = await handTable({
    game,
    players: 2,
    seed: 'attribution',
    tamper: (seat, envelope) => {
      if (seat !== CHEATER || done || !matches(envelope.body)) return envelope;
      done = true;
      return rewrite(envelope.body, envelope);
    },
  }));
  await play(table, simplePlay());
  await until(() => table.sessions[0]!.halt !== null);
  expect(done).toBe(true);
  return table.sessions[0]!.halt!;
}

const isShow = (b: Event['body']) => b.type === 'act' && (b.data as { action: CourierAction }).action.type === 'show';
const expectBlame = (halt: { code: HaltCode; seat: number | null; detail: string }, code: HaltCode) => {
  expect(halt.code, halt.detail).toBe(code);
  expect(halt.seat).toBe(CHEATER);
};

it('an exception while taking an event in blames its author, never an unattributed internal error', async () => {
  // A rules bug that a peer's move can trigger: claimedCards throws on it.
  const fragile: AnyGame = {
    ...courierGame,
    claimedCards: (raw: unknown) => {
      if ((raw as { type?: string }).type === 'end' && (raw as { boom?: boolean }).boom) throw new TypeError('boom');
      return courierGame.claimedCards(raw);
    },
  };
  const halt = await caught(
    isShow,
    (body, env) => resign(CHEATER, env, { ...body, data: { action: { type: 'end', boom: true }, keys: [] } }),
    fragile,
  );
  expectBlame(halt, 'bad-event');
  expect(halt.detail).toMatch(/boom/);
}, 120_000);

it('F3: key shares with an entry left out are blamed on the sender before anything is opened', async () => {
  const halt = await caught(isShow, (body, env) => {
    const data = body.data as { action: CourierAction; keys: Uint8Array[] };
    const msg = decodeKeyShares(data.keys[0]!);
    return resign(CHEATER, env, {
      ...body,
      data: { ...data, keys: [encodeKeyShares({ ...msg, entries: msg.entries.slice(0, -1) })] },
    });
  });
  expectBlame(halt, 'missing-key');
}, 120_000);

it('F4: a low-order seal key announced in ready is blamed at once', async () => {
  const halt = await caught(
    (b) => b.type === 'ready',
    (body, env) => resign(CHEATER, env, { ...body, data: { ...(body.data as object), sealKey: new Uint8Array(32) } }),
  );
  expectBlame(halt, 'bad-seal-key');
}, 120_000);

it('F13: a state hash that differs is blamed on the author of the first differing signed hash', async () => {
  const halt = await caught(isShow, (body, env) => resign(CHEATER, env, { ...body, hash: new Uint8Array(32).fill(7) }));
  expectBlame(halt, 'desync');
}, 120_000);

it('F6: an event made at a step that cannot exist yet is refused and blamed', async () => {
  const halt = await caught(isShow, (body, env) => resign(CHEATER, env, { ...body, at: 1_000_000 }));
  expectBlame(halt, 'future-step');
}, 120_000);

it('F14: the waiting list names only seats that still owe something', async () => {
  const table = (open = await handTable({ game: courierGame, players: 2, seed: 'waiting' }));
  const [first, second] = table.sessions as [
    NonNullable<HandTable['sessions'][0]>,
    NonNullable<HandTable['sessions'][0]>,
  ];
  await until(() => first.legalActions().length > 0 && second.phase === 'play');
  expect(first.waiting()).toMatchObject({ seats: [0, 1], what: 'pass a card' });
  // Seat 1 passes; seat 2 has not: only seat 2 owes the choice now (the engine still awaits both until all are in).
  expect(refusal(first.act(first.legalActions()[0]))).toBeNull();
  await until(() => second.follower.pendingAct(0) !== undefined);
  expect(first.engineState && courierGame.awaits(first.engineState)).toMatchObject({ kind: 'choices', seats: [0, 1] });
  expect(first.waiting()?.seats).toEqual([1]);
  expect(second.waiting()?.seats).toEqual([1]);
}, 120_000);

it('F5: abandon is refused once play is over, and a disclosure that never comes is named after the deadline', async () => {
  const table = (open = await handTable({
    game: courierGame,
    players: 2,
    seed: 'disclose',
    tamper: (seat, envelope) => (seat === CHEATER && envelope.body.type === 'disclose' ? null : envelope),
  }));
  const honest = table.sessions[0]!;
  await play(table, simplePlay(), () => honest.phase === 'disclose' && honest.follower.pool.disclose(0) !== undefined);
  expect(honest.abandon('too late')).toBe(false);
  expect(honest.waiting()).toMatchObject({ seats: [CHEATER] });
  honest.tick(1_000);
  expect(honest.halt).toBeNull();
  honest.tick(1_000 + 59_999);
  expect(honest.halt).toBeNull();
  honest.tick(1_000 + 60_000);
  expectBlame(honest.halt!, 'no-disclosure');
}, 120_000);

/** Plays the whole hand with seat 2 rewriting its disclosure; returns the audit of the honest seat and of the spectator. */
async function auditedWithDisclosure(
  seed: string,
  rewrite: (data: { secrets: Uint8Array[]; sealSecret: Uint8Array }) => object,
) {
  let done = false;
  const table = (open = await handTable({
    game: courierGame,
    players: 2,
    seed,
    tamper: (seat, envelope) => {
      if (seat !== CHEATER || envelope.body.type !== 'disclose') return envelope;
      done = true;
      return resign(CHEATER, envelope, {
        ...envelope.body,
        data: rewrite(envelope.body.data as { secrets: Uint8Array[]; sealSecret: Uint8Array }),
      });
    },
  }));
  const [honest] = table.sessions as [NonNullable<HandTable['sessions'][0]>];
  await play(table, simplePlay());
  expect(done).toBe(true);
  // Nothing was wrong while the hand was played: only the audit can see it.
  expect(honest.halt).toBeNull();
  await until(
    () => honest.auditResult !== null && (table.spectator.auditResult !== null || table.spectator.halt !== null),
  );
  expect(table.spectator.halt).toBeNull();
  return [honest.auditResult!, table.spectator.auditResult!] as const;
}

const expectAuditBlame = (audit: HandAudit, code: HaltCode) => {
  expect(audit.clean).toBe(false);
  expect(audit.code, audit.detail).toBe(code);
  expect(audit.seat, audit.detail).toBe(CHEATER);
};

it('a lock key flipped inside a disclosure is caught by the crypto audit and blamed on its author, not on the auditing seat', async () => {
  const audits = await auditedWithDisclosure('flipped-key', (data) => {
    // The last 32 bytes of a packet's secrets are its last lock key (little-endian): flip its lowest bit.
    const secrets = data.secrets.map((bytes, i) => {
      if (i !== 0) return bytes;
      const flipped = Uint8Array.from(bytes);
      flipped[flipped.length - 32]! ^= 1;
      return flipped;
    });
    return { ...data, secrets };
  });
  for (const audit of audits) {
    expectAuditBlame(audit, 'crypto-fault');
    expect(audit.detail).toMatch(/disclosed key for position \d+ does not match/);
  }
}, 120_000);

it('a disclosed seal secret other than the announced one is blamed on the discloser, not on the honest seat whose sealed shares no longer open', async () => {
  const audits = await auditedWithDisclosure('other-seal', (data) => ({
    ...data,
    sealSecret: new Uint8Array(32).fill(9),
  }));
  for (const audit of audits) {
    expectAuditBlame(audit, 'bad-disclosure');
    expect(audit.detail).toBe('disclosed a seal key that is not the one it announced');
  }
}, 120_000);
