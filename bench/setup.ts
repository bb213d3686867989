/**
 * One verified set-up of a deck with every peer of a table simulated in this
 * process, as browsers run it (bench/crypto.ts and bench/mental-poker.ts use
 * it): each peer derives the card points, makes, persists, encodes and signs
 * its own shuffle and lock steps, and checks the envelope of, decodes and
 * verifies every other seat's steps (their proofs all at once when the deck
 * is locked, as the table does); wall and CPU time are attributed to the peer
 * doing the work.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import {
  type Hand,
  type HandParams,
  type LockStep,
  type PacketSecrets,
  type PacketState,
  type PacketTranscript,
  type ShuffleStep,
  createHand,
  decodeLockStep,
  decodeShuffleStep,
  encodeLockStep,
  encodePacketSecrets,
  encodeShuffleStep,
  makeLockStep,
  makeShuffleStep,
  newPacketSecrets,
  openDeck,
  systemRandom,
  takeStepUnproved,
  verifyStepProofs,
  type UnprovedStep,
} from '../crypto/index.js';
import { decodeEnvelope, encodeEnvelope, signEnvelope, type Signer } from '../src/net/envelope.js';
import { SignatureVerifier } from '../src/net/verify.js';
import { ed25519Keyed } from '../crypto/ed25519-verify.js';

const now = (): number => performance.now();
/** CPU time of this process in ms (user + system). */
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export interface SetupRun {
  /** Wall ms of each peer's whole share (card points, own steps, message layer, others' steps). */
  perPeer: number[];
  /** The same in CPU ms, and its pieces (CPU ms per peer). */
  perPeerCpu: number[];
  cardPointsCpu: number[];
  messageCpu: number[];
  wall: number;
  critical: number;
  shuffleMake: number[];
  lockMake: number[];
  shuffleVerify: number[];
  lockVerify: number[];
  state: PacketState;
  secrets: PacketSecrets[];
  transcript: PacketTranscript;
  lockBytes: number;
  shuffleBytes: number;
}

const BENCH_TABLE_ID = 'benchtbl-0123456789abcdef';

/** A seat's Ed25519 identity, as the app keeps one (noble, RFC 8032). */
function benchSigner(seat: number): Signer {
  const secretKey = new Uint8Array(32).fill(seat + 1);
  return { publicKey: ed25519.getPublicKey(secretKey), sign: (m) => ed25519.sign(m, secretKey) };
}

/**
 * One verified set-up of a fresh deck with every peer simulated, as a table
 * runs it: every peer derives the hand's card points itself (createHand,
 * hash-to-curve of 52 points, and their encoding); the author of a step makes
 * it, persists its secrets, encodes it and signs it in a table-event envelope
 * (the message layer); every other peer decodes the envelope and checks its
 * signature (the mesh's SignatureVerifier with its per-author cache), then
 * decodes the step and checks all of it but its proofs; when the deck is
 * locked, each peer checks the proofs of all its others' steps, shuffles and
 * locks, in one sum (crypto/step-batch.ts). Time is attributed to the peer
 * doing it.
 */
export function setup(params: HandParams): SetupRun & { hand: Hand } {
  const n = params.seats;
  const perPeer = new Array<number>(n).fill(0);
  const perPeerCpu = new Array<number>(n).fill(0);
  const cardPointsCpu = new Array<number>(n).fill(0);
  const messageCpu = new Array<number>(n).fill(0);
  const signers = Array.from({ length: n }, (_, i) => benchSigner(i));
  const verifiers = Array.from({ length: n }, () => new SignatureVerifier(32, ed25519Keyed));
  // A mesh's verifier lives for the session and knows every seat's key from the
  // hello before any hand: warm each peer's cache with every other author, untimed.
  for (let author = 0; author < n; author++) {
    const hello = encodeEnvelope(
      signEnvelope(signers[author]!, {
        kind: 'table-event',
        table: BENCH_TABLE_ID,
        seq: 0,
        to: null,
        body: { hand: 0, n: 0, at: 0, hash: new Uint8Array(32), type: 'ready', data: null },
      }),
    );
    for (let peer = 0; peer < n; peer++)
      if (peer !== author && !decodeEnvelope(hello, BENCH_TABLE_ID, verifiers[peer]).ok)
        throw new Error('warm-up envelope refused');
  }
  const hands: Hand[] = [];
  for (let seat = 0; seat < n; seat++) {
    const c = cpu();
    const t = now();
    const own = createHand(params);
    own.cardBytes();
    hands.push(own);
    perPeer[seat]! += now() - t;
    cardPointsCpu[seat] = cpu() - c;
    perPeerCpu[seat]! += cardPointsCpu[seat]!;
  }
  const views: PacketState[] = hands.map((h) => openDeck(h, 0));
  const secrets: PacketSecrets[] = Array.from({ length: n }, (_, i) => newPacketSecrets(0, i));
  const shuffles: ShuffleStep[] = [];
  const locks: LockStep[] = [];
  const out = {
    shuffleMake: [] as number[],
    lockMake: [] as number[],
    shuffleVerify: [] as number[],
    lockVerify: [] as number[],
  };
  let critical = 0;
  let lockBytes = 0;
  let shuffleBytes = 0;
  let seq = 1;
  const unproved: UnprovedStep[][] = Array.from({ length: n }, () => []);
  const verifyWall = new Array<number>(n).fill(0);
  const wall0 = now();
  for (const phase of ['shuffle', 'lock'] as const) {
    for (let seat = 0; seat < n; seat++) {
      let c = cpu();
      let t = now();
      let bytes: Uint8Array;
      if (phase === 'shuffle') {
        const made = makeShuffleStep(views[seat]!, seat, secrets[seat]!, systemRandom);
        encodePacketSecrets(made.secrets, hands[seat]!); // persisted before sending
        secrets[seat] = made.secrets;
        views[seat] = made.state;
        bytes = encodeShuffleStep(made.message);
        shuffleBytes = bytes.length;
      } else {
        const made = makeLockStep(views[seat]!, seat, secrets[seat]!, systemRandom);
        encodePacketSecrets(made.secrets, hands[seat]!);
        secrets[seat] = made.secrets;
        views[seat] = made.state;
        bytes = encodeLockStep(made.message);
        lockBytes = bytes.length;
      }
      const cm = cpu();
      const wire = encodeEnvelope(
        signEnvelope(signers[seat]!, {
          kind: 'table-event',
          table: BENCH_TABLE_ID,
          seq: seq++,
          to: null,
          body: {
            hand: params.handNo,
            n: seq,
            at: 0,
            hash: new Uint8Array(32),
            type: phase,
            data: { packet: 0, step: bytes },
          },
        }),
      );
      const makeCpu = cpu() - c;
      messageCpu[seat]! += cpu() - cm;
      const make = now() - t;
      perPeer[seat]! += make;
      perPeerCpu[seat]! += makeCpu;
      (phase === 'shuffle' ? out.shuffleMake : out.lockMake).push(make);
      for (let peer = 0; peer < n; peer++) {
        if (peer === seat) continue;
        c = cpu();
        t = now();
        const env = decodeEnvelope(wire, BENCH_TABLE_ID, verifiers[peer]);
        if (!env.ok || env.value.kind !== 'table-event')
          throw new Error(`envelope refused: ${env.ok ? env.value.kind : env.error}`);
        const step = (env.value.body.data as { step: Uint8Array }).step;
        messageCpu[peer]! += cpu() - c;
        const expect = { hand: hands[peer]!, packet: 0, seat };
        const msg = phase === 'shuffle' ? decodeShuffleStep(step, expect) : decodeLockStep(step, expect);
        if (peer === (seat === 0 ? 1 : 0)) {
          if (msg.kind === 'shuffle') shuffles.push(msg);
          else locks.push(msg);
        }
        // Everything but the proofs now; the proofs with the rest of the cascade's (cascade.ts checkProofs).
        const v = takeStepUnproved(views[peer]!, msg);
        if (!v.ok) throw new Error(v.error.reason);
        unproved[peer]!.push({ state: views[peer]!, msg });
        views[peer] = v.value;
        const dt = now() - t;
        perPeerCpu[peer]! += cpu() - c;
        perPeer[peer]! += dt;
        verifyWall[peer]! += dt;
      }
      // Peers run in parallel: the next author makes its step without checking this one's proofs first.
      critical += make;
    }
    // The packet is locked once the lock phase is over: every peer checks all its others' proofs, shuffles and
    // locks, in one sum, all at the same time (cascade.ts checkProofs). Per step: a peer's taking of a phase's
    // n − 1 steps divided among them, the lock steps' with the check of the whole cascade.
    let slowest = 0;
    for (let peer = 0; peer < n; peer++) {
      let dt = 0;
      if (phase === 'lock') {
        const c = cpu();
        const t = now();
        const proved = verifyStepProofs(unproved[peer]!.splice(0), systemRandom);
        if (!proved.ok) throw new Error(proved.error.fault.reason);
        dt = now() - t;
        perPeerCpu[peer]! += cpu() - c;
        perPeer[peer]! += dt;
      }
      (phase === 'shuffle' ? out.shuffleVerify : out.lockVerify).push((verifyWall[peer]! + dt) / (n - 1));
      verifyWall[peer] = 0;
      slowest = Math.max(slowest, dt);
    }
    critical += slowest;
  }
  const wall = now() - wall0;
  if (shuffles.length !== n || locks.length !== n) throw new Error('transcript incomplete');
  return {
    hand: hands[0]!,
    perPeer,
    perPeerCpu,
    cardPointsCpu,
    messageCpu,
    wall,
    critical,
    ...out,
    state: views[0]!,
    secrets,
    transcript: { id: 0, source: { kind: 'deck' }, relayer: [], shuffle: shuffles, lock: locks },
    lockBytes,
    shuffleBytes,
  };
}
