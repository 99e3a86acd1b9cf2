import { SIGNAL_SCORE_BANDS, type Signal } from '@trackerkit/core';

type Band = readonly [number, number];

/** The emulator's label for a score (the document's `x-emulator-score-bands`). */
export function signalFor(score: number): Signal {
  for (const [signal, [min, max]] of Object.entries(SIGNAL_SCORE_BANDS) as [Signal, Band][]) {
    if (score >= min && score <= max) return signal;
  }
  throw new Error(`@trackerkit/emulator: score ${score} is outside every signal band`);
}
