/**
 * The store's transcript side: the whole match at the open table (every hand
 * this browser stored, with its agreed set-up and outcome) as a transcript
 * file (docs/TRANSCRIPT.md, src/verify/transcript-file.ts), and saving such a
 * file from the page. Opening a transcript for the replay viewer is
 * src/app/replay.ts.
 */
import type { TableSession } from '../table/table-session.js';
import { buildTranscriptFile, transcriptJson, type HandToExport } from '../verify/transcript-file.js';
import type { TableStore } from '../table/table-outbox.js';

/** The match at `table` as a transcript file, read from `storage` (null before any hand was stored). */
export async function matchTranscript(
  table: TableSession | undefined,
  storage: TableStore | undefined,
): Promise<{ name: string; text: string } | null> {
  const current = table?.current;
  if (!table || !storage || !current) return null;
  const hands: HandToExport[] = [];
  for (let handNo = 0; handNo <= current.handNo; handNo++) {
    const record = await storage.loadHandRecord(table.lobby.table, handNo);
    if (!record) continue;
    // A hand called off whose seats this page never learnt (a newcomer's): no seat to check its events against.
    const envelopes = record.setup.seatKeys.length > 0 ? await storage.loadHandEvents(table.lobby.table, handNo) : [];
    hands.push({
      setup: record.setup,
      envelopes,
      stateHash: record.outcome?.stateHash ?? null,
      outcome: record.outcome,
    });
  }
  if (hands.length === 0) return null;
  const file = buildTranscriptFile(hands, current.names, table.lobby.signedRoster);
  return { name: `fairdeck-${file.game}-${file.table}.json`, text: transcriptJson(file) };
}

/** Offers `text` as a downloaded JSON file named `name` (the browser's save). */
export function saveJsonFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
