import { truncate } from '../format-alert.ts';
import { postJson } from '../post-json.ts';
import type { DeliveryJob, Destination } from '../types.ts';

const COLORS: Record<string, number> = {
  Poor: 0xd32f2f,
  Negative: 0xf57c00,
  Neutral: 0x9e9e9e,
  Positive: 0x388e3c,
  Excellent: 0x1976d2,
};

export function discordPayload(job: DeliveryJob, username?: string): object {
  const s = job.summary;
  // The link goes last and is never cut: the analysis gives way to it.
  const link = s.url ? `\n\n[Open the run](${s.url})` : '';
  const text = [s.headline, s.reason, s.analysis].filter(Boolean).join('\n\n');
  const embed: Record<string, unknown> = {
    title: truncate(s.title, 256),
    description: `${truncate(text, 4096 - link.length)}${link}`,
    color: s.resolved ? COLORS.Positive : (COLORS[s.signal ?? ''] ?? COLORS.Neutral),
    timestamp: s.timestamp,
  };
  if (s.url) embed.url = s.url;
  return {
    content: truncate(`${s.title}: ${s.headline}`, 2000),
    embeds: [embed],
    allowed_mentions: { parse: [] },
    ...(username ? { username } : {}),
  };
}

/** Discord's 429 body carries `retry_after` in seconds (a float). */
export function discordRetryAfter(body: string): number | undefined {
  try {
    const value = (JSON.parse(body) as { retry_after?: unknown }).retry_after;
    return typeof value === 'number' && value >= 0 ? Math.ceil(value * 1000) : undefined;
  } catch {
    return undefined;
  }
}

/** Discord webhook with `?wait=true`, so a 2xx means the message exists. */
export function createDiscordDestination(config: {
  name: string;
  url: string;
  username?: string;
}): Destination {
  const url = new URL(config.url);
  url.searchParams.set('wait', 'true');
  const target = url.toString();
  return {
    name: config.name,
    type: 'discord',
    groups: true,
    deliver: (job) =>
      postJson({
        url: target,
        body: JSON.stringify(discordPayload(job, config.username)),
        signal: job.signal,
        headers: { 'idempotency-key': job.idempotencyKey },
        retryAfterFromBody: discordRetryAfter,
      }),
  };
}
