// New Alert: the service's signed alert webhook. The service has one webhook endpoint per account,
// set by hand in its console, so enabling the trigger registers nothing: the user pastes the
// trigger's URL there. Each request is verified and deduplicated by `takeAlert` (the requests of one
// flow taking turns on its seen-record); what it refuses, drops or ignores starts no flow.
import { createTrigger, Property, TriggerStrategy } from '@activepieces/pieces-framework';
import { ALERT_EVENT_TYPES } from '@trackerkit/core';
import { type ConnectionValue, trackerAuth, webhookSecretOf } from '../auth.ts';
import { spaceDropdown, trackerDropdown } from '../props.ts';
import { ALERT_SAMPLE } from '../samples.ts';
import { type AlertRequest, TOLERANCE_SECONDS, takeAlert } from './alert-intake.ts';

const SETUP = `The Tracker service sends alerts to one webhook per account. In the Tracker web console open **Account, Webhook** and set its URL to:

\`\`\`text
{{webhookUrl}}
\`\`\`

Put the signing secret shown there into this connection's **Webhook signing secret**. Alerts without a valid signature, and repeated deliveries of one alert, start no flow.`;

/** Whether an alert passes the trigger's filters; an empty filter lets everything through. */
export function matchesFilters(
  alert: Record<string, unknown>,
  filters: { events?: unknown[] | undefined; space?: unknown; tracker?: unknown },
): boolean {
  const data = (alert.data ?? {}) as Record<string, unknown>;
  const events = filters.events ?? [];
  return (
    (events.length === 0 || events.includes(alert.type)) &&
    (!filters.space || data.space_id === filters.space) &&
    (!filters.tracker || data.tracker_id === filters.tracker)
  );
}

export const newAlert = createTrigger({
  auth: trackerAuth,
  name: 'new_alert',
  displayName: 'New Alert',
  description: "Starts when the Tracker service sends a signed alert (a run's score crossed a bound)",
  type: TriggerStrategy.WEBHOOK,
  props: {
    setup: Property.MarkDown({ value: SETUP }),
    events: Property.StaticMultiSelectDropdown({
      displayName: 'Events',
      description: 'None selected: every alert event',
      required: false,
      options: { options: ALERT_EVENT_TYPES.map((value) => ({ label: value, value })) },
    }),
    space: spaceDropdown(false),
    tracker: trackerDropdown(false, 'Only alerts of this tracker (none: every tracker)'),
  },
  sampleData: { ...ALERT_SAMPLE, webhook_id: 'msg_2c4b9f0e8d7a4e619b3c' },
  // Manual setup: nothing to register with the service, nothing to remove.
  async onEnable() {},
  async onDisable() {},
  async run(context) {
    const secret = webhookSecretOf(context.auth as ConnectionValue);
    // A missing secret is the flow's fault, not the sender's: fail loudly, naming the field.
    if (!secret)
      throw new Error(
        '@trackerkit/activepieces: the connection has no Webhook signing secret; paste the one the Tracker console shows beside the account webhook',
      );
    const intake = await takeAlert(
      context.payload as AlertRequest,
      secret,
      context.store,
      Date.now(),
      TOLERANCE_SECONDS,
      context.flows?.current?.id ?? '',
    );
    if (intake.outcome !== 'accepted') return [];
    if (!matchesFilters(intake.alert, context.propsValue)) return [];
    return [{ ...intake.alert, webhook_id: intake.id }];
  },
});
