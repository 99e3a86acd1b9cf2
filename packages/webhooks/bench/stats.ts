// How the benches summarise rounds: the median with its spread over the rounds (min–max).

export const median = (v: number[]): number => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** `median (min–max)`, or the one value when there was one round. */
export const spread = (v: number[], digits = 0, unit = ''): string =>
  v.length === 1
    ? `${v[0]!.toFixed(digits)}${unit}`
    : `${median(v).toFixed(digits)}${unit} (${Math.min(...v).toFixed(digits)}–${Math.max(...v).toFixed(digits)})`;
