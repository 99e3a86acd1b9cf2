import { formatAlert } from '../alerts/format-alert.ts';
import { WebhooksError } from '../errors.ts';
import type { DeliveryRow } from '../store/types.ts';
import { openToolStore, type StoreTarget, storeTargetFromArg } from './store-target.ts';

function row(d: DeliveryRow): string {
  const when = new Date(d.updatedAt).toISOString();
  return [
    String(d.id).padEnd(6),
    d.destination.padEnd(16),
    String(d.attempts).padEnd(8),
    when,
    ` ${d.lastError ?? ''}`,
  ]
    .join(' ')
    .slice(0, 200);
}

function details(d: DeliveryRow): string {
  let summary = '';
  try {
    const s = formatAlert(JSON.parse(d.body));
    summary = `${s.title}: ${s.headline}`;
  } catch {
    summary = '(body is not JSON)';
  }
  return [
    `id:              ${d.id}`,
    `state:           ${d.state}`,
    `destination:     ${d.destination}`,
    `route:           ${d.route}`,
    `idempotency key: ${d.idempotencyKey}`,
    `source:          ${d.source}`,
    `webhook-id:      ${d.webhookId}`,
    `event:           ${d.eventType}`,
    `summary:         ${summary}`,
    `attempts:        ${d.attempts}`,
    `last status:     ${d.lastStatus ?? '-'}`,
    `last error:      ${d.lastError ?? '-'}`,
    `received:        ${new Date(d.receivedAt).toISOString()}`,
    `updated:         ${new Date(d.updatedAt).toISOString()}`,
    'body:',
    d.body,
  ].join('\n');
}

const usage = () =>
  new WebhooksError('dead-letters: use list, show <id> or replay <id|--all>', {
    status: 400,
    reason: 'usage',
  });

/** `dead-letters list | show <id> | replay <id|--all>` against a store file. Returns the exit code. */
export async function deadLettersCommand(
  db: string | StoreTarget,
  args: string[],
  out: (text: string) => void = (t) => process.stdout.write(`${t}\n`),
  err: (text: string) => void = (t) => process.stderr.write(`${t}\n`),
): Promise<number> {
  const where = typeof db === 'string' ? storeTargetFromArg(db) : db;
  const [action, target] = args;
  if (action !== 'list' && action !== 'show' && action !== 'replay') throw usage();
  const opened = await openToolStore(where);
  // A store that is not there is a wrong --db (or storage.path): bad usage.
  if ('error' in opened) throw new WebhooksError(opened.error, { status: 400, reason: 'usage' });
  const { store } = opened;
  try {
    if (action === 'list') {
      const rows = await store.list('dead');
      if (rows.length === 0) {
        out('No dead letters.');
        return 0;
      }
      out(
        `${'ID'.padEnd(6)} ${'DESTINATION'.padEnd(16)} ${'ATTEMPTS'.padEnd(8)} ${'UPDATED'.padEnd(24)} LAST ERROR`,
      );
      for (const d of rows) out(row(d));
      return 0;
    }
    if (action === 'replay' && target === '--all') {
      out(
        `Replayed ${await store.replay('all')} dead letter(s); a running receiver delivers them with the same idempotency keys.`,
      );
      return 0;
    }
    const id = Number(target);
    if (!Number.isInteger(id) || id <= 0) {
      throw new WebhooksError(`${action}: needs a dead letter id${action === 'replay' ? ' or --all' : ''}`, {
        status: 400,
        reason: 'usage',
      });
    }
    const d = await store.get(id);
    if (d?.state !== 'dead') {
      err(`@trackerkit/webhooks: no dead letter with id ${id}`);
      return 1;
    }
    if (action === 'show') out(details(d));
    else out(`Replayed ${await store.replay(id)} dead letter(s).`);
    return 0;
  } finally {
    await store.close();
  }
}
