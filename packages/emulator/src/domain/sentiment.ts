// Word lists of the deterministic analyst. Matching is on whole lower-case words.
const POSITIVE_WORDS = new Set([
  'good',
  'great',
  'excellent',
  'strong',
  'growth',
  'growing',
  'gain',
  'gains',
  'profit',
  'profitable',
  'improve',
  'improved',
  'improving',
  'recovered',
  'recovery',
  'positive',
  'success',
  'successful',
  'beat',
  'record',
  'bullish',
  'stable',
  'ontime',
  'upgrade',
  'upgraded',
  'win',
  'won',
  'healthy',
  'robust',
  'rise',
  'rising',
  'up',
]);

const NEGATIVE_WORDS = new Set([
  'bad',
  'poor',
  'weak',
  'late',
  'delay',
  'delayed',
  'delays',
  'loss',
  'losses',
  'decline',
  'declining',
  'risk',
  'risky',
  'negative',
  'fail',
  'failed',
  'failure',
  'lawsuit',
  'bankrupt',
  'bankruptcy',
  'default',
  'breach',
  'disruption',
  'bearish',
  'shortage',
  'critical',
  'downgrade',
  'downgraded',
  'fraud',
  'recall',
  'fall',
  'falling',
  'down',
  'outage',
  'strike',
]);

export interface SentimentTally {
  positive: Map<string, number>;
  negative: Map<string, number>;
}

export function emptyTally(): SentimentTally {
  return { positive: new Map(), negative: new Map() };
}

export function tallyWords(text: string, tally: SentimentTally): void {
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const bucket = POSITIVE_WORDS.has(word)
      ? tally.positive
      : NEGATIVE_WORDS.has(word)
        ? tally.negative
        : null;
    if (bucket) bucket.set(word, (bucket.get(word) ?? 0) + 1);
  }
}

export const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

/** "late ×3, delay ×1", most frequent first. */
export function topWords(counts: Map<string, number>, max = 4): string {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([word, n]) => `${word} ×${n}`)
    .join(', ');
}
