/**
 * Optional sound at the table (off unless chosen in Settings or with the
 * table's sound button): a short tone when it becomes your turn, a click
 * when a card is played, a little chord when a hand ends. `soundCue` decides
 * which cue a change of the table calls for (pure, tested); `TableSounds`
 * makes the tones with WebAudio oscillators (no audio files), creating its
 * AudioContext on first use.
 */
export type SoundCue = 'turn' | 'card' | 'over';

/** What the cues are decided from: the open hand at one moment. */
export interface CueState {
  readonly handNo: number;
  /** Inputs applied so far (a move or a reveal). */
  readonly step: number;
  /** This seat may move now. */
  readonly myTurn: boolean;
  /** The hand has ended (audited or stopped). */
  readonly over: boolean;
}

/** The cue for going from `before` to `after` (null: none); a new hand or the first look says nothing. */
export function soundCue(before: CueState | null, after: CueState | null): SoundCue | null {
  if (!before || !after || before.handNo !== after.handNo) return null;
  if (after.over && !before.over) return 'over';
  if (after.myTurn && !before.myTurn) return 'turn';
  if (after.step > before.step && !after.over) return 'card';
  return null;
}

/** Frequencies (Hz) and lengths (s) of each cue's notes. */
const NOTES: Record<SoundCue, readonly { readonly hz: number; readonly at: number; readonly len: number }[]> = {
  turn: [
    { hz: 660, at: 0, len: 0.12 },
    { hz: 880, at: 0.12, len: 0.16 },
  ],
  card: [{ hz: 320, at: 0, len: 0.05 }],
  over: [
    { hz: 523, at: 0, len: 0.35 },
    { hz: 659, at: 0.08, len: 0.35 },
    { hz: 784, at: 0.16, len: 0.4 },
  ],
};

export class TableSounds {
  private context: AudioContext | null = null;

  play(cue: SoundCue): void {
    const Context = globalThis.AudioContext;
    if (!Context) return;
    this.context ??= new Context();
    const ctx = this.context;
    if (ctx.state === 'suspended') void ctx.resume();
    for (const note of NOTES[cue]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = cue === 'card' ? 'triangle' : 'sine';
      osc.frequency.value = note.hz;
      const start = ctx.currentTime + note.at;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.15, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + note.len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + note.len + 0.02);
    }
  }
}
