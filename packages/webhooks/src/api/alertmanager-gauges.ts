// Alertmanager 0.25's gauges of alerts and silences by state (provider/mem, silence/silence.go),
// worked out when `/metrics` is scraped, as Alertmanager's GaugeFuncs are.
import type { Config } from '../config/types.ts';
import { compileSilence, silenceState } from '../silences/silence.ts';
import type { Store } from '../store/store.ts';
import { alertStatus, readFiring } from './alert-views.ts';

type Gauge = { help: string; values: Array<[Record<string, string>, number]> };

/**
 * `alertmanager_alerts{state}`: the alerts firing now, `active` or `suppressed` (silenced or
 * inhibited) as `/api/v2/alerts` shows them; `unprocessed` is always 0 (an alert is routed before
 * it is stored). `alertmanager_silences{state}`: the silences kept, `active`, `pending`, `expired`.
 */
export async function alertmanagerGauges(
  store: Pick<Store, 'firingAlerts' | 'silences'>,
  config: Pick<Config, 'inhibitRules'>,
  now: number,
): Promise<Record<'alertmanager_alerts' | 'alertmanager_silences', Gauge>> {
  const firing = readFiring(await store.firingAlerts(now), now);
  const silences = await store.silences.list();
  const live = silences.filter((s) => s.endsAt > now).map(compileSilence);
  const rules = config.inhibitRules ?? [];
  const alerts = { active: 0, suppressed: 0, unprocessed: 0 };
  for (const alert of firing) alerts[alertStatus(alert, live, rules, firing, now).state] += 1;
  const states = { active: 0, pending: 0, expired: 0 };
  for (const s of silences) states[silenceState(s, now)] += 1;
  return {
    alertmanager_alerts: {
      help: 'How many alerts by state.',
      values: Object.entries(alerts).map(([state, n]) => [{ state }, n]),
    },
    alertmanager_silences: {
      help: 'How many silences by state.',
      values: Object.entries(states).map(([state, n]) => [{ state }, n]),
    },
  };
}
