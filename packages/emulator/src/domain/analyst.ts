import { LIMITS, type RunResult } from '@trackerkit/core';
import type { ItemRecord } from '../store/records.ts';
import { emptyTally, type SentimentTally, tallyWords, topWords, total } from './sentiment.ts';
import { signalFor } from './signal.ts';

export interface AnalystInput {
  /** The tracker's live vault items. */
  items: ItemRecord[];
  /** Latest completed score of each linked tracker that has one. */
  linked: { trackerId: string; name: string; score: number }[];
  /** `context.emulator.score`, when given. */
  forcedScore?: number;
}

const NEUTRAL = (LIMITS.scoreMin + LIMITS.scoreMax) / 2;
const HALF_RANGE = (LIMITS.scoreMax - LIMITS.scoreMin) / 2;

function collect(value: unknown, key: string | null, scores: number[], texts: string[]): void {
  if (typeof value === 'string') texts.push(value);
  else if (typeof value === 'number' && key?.toLowerCase() === 'score' && Number.isFinite(value))
    scores.push(value);
  else if (Array.isArray(value)) for (const v of value) collect(v, null, scores, texts);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collect(v, k, scores, texts);
  }
}

const clamp = (x: number) => Math.min(LIMITS.scoreMax, Math.max(LIMITS.scoreMin, x));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function sentimentLine(tally: SentimentTally, pos: number, neg: number): string {
  const parts: string[] = [];
  if (pos > 0) parts.push(`${pos} positive (${topWords(tally.positive)})`);
  if (neg > 0) parts.push(`${neg} negative (${topWords(tally.negative)})`);
  return `Sentiment words: ${parts.join(' and ')}.`;
}

/**
 * The deterministic analyst (rules in the package README):
 * 1. a forced score wins;
 * 2. own evidence: the mean of numeric `score` fields in JSON rows (clamped to 0-10), else the
 *    sentiment 5 + 5 × (pos − neg) / (pos + neg) over all vault text, else none;
 * 3. linked trackers: the mean of their latest scores, weighted 1 against own evidence's 2;
 * 4. no evidence at all gives 5; the result is rounded and clamped to 0-10.
 */
export function analyze(input: AnalystInput): RunResult {
  const lines: string[] = [];
  let score: number;
  if (input.forcedScore !== undefined) {
    score = input.forcedScore;
    lines.push('Score set by context.emulator.score.');
  } else {
    const scores: number[] = [];
    const texts: string[] = [];
    for (const item of input.items) {
      if (item.content_type === 'json') {
        try {
          collect(JSON.parse(item.content), null, scores, texts);
        } catch {
          texts.push(item.content);
        }
      } else texts.push(item.content);
    }
    const tally = emptyTally();
    for (const text of texts) tallyWords(text, tally);
    const pos = total(tally.positive);
    const neg = total(tally.negative);
    let own: number | null = null;
    lines.push(`Read ${input.items.length} vault item(s).`);
    if (scores.length > 0) {
      own = clamp(mean(scores));
      lines.push(`Numeric score fields: ${scores.length}, mean ${own.toFixed(2)}.`);
    } else if (pos + neg > 0) {
      own = NEUTRAL + (HALF_RANGE * (pos - neg)) / (pos + neg);
      lines.push(`${sentimentLine(tally, pos, neg)} Sentiment score ${own.toFixed(2)}.`);
    }
    if (input.linked.length > 0) {
      const linkedMean = mean(input.linked.map((l) => l.score));
      const named = input.linked.map((l) => `${l.name} (${l.trackerId}) ${l.score}`).join(', ');
      lines.push(`Linked trackers' latest scores: ${named}; mean ${linkedMean.toFixed(2)}.`);
      score = own === null ? linkedMean : (2 * own + linkedMean) / 3;
    } else {
      score = own ?? NEUTRAL;
      if (own === null) lines.push('No scored or sentiment-bearing data: neutral by default.');
    }
  }
  const rounded = clamp(Math.round(score));
  const signal = signalFor(rounded);
  return { score: rounded, signal, analysis: [`Score ${rounded} (${signal}).`, ...lines].join(' ') };
}
