import { SIGNAL_SCORE_BANDS, type Signal } from '@trackerkit/client';

type Band = readonly [number, number];

/** Signals from worst to best, ordered by their score bands. */
const SIGNAL_ORDER = (Object.entries(SIGNAL_SCORE_BANDS) as [Signal, Band][])
  .sort((a, b) => a[1][0] - b[1][0])
  .map(([signal]) => signal);

/** The emulator's label for a score (the document's `x-emulator-score-bands`). */
export function signalFor(score: number): Signal {
  for (const [signal, [min, max]] of Object.entries(SIGNAL_SCORE_BANDS) as [Signal, Band][]) {
    if (score >= min && score <= max) return signal;
  }
  throw new Error(`@trackerkit/emulator: score ${score} is outside every signal band`);
}

export function signalRank(signal: string): number {
  return SIGNAL_ORDER.indexOf(signal as Signal);
}
