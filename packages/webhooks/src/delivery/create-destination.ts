import { runLink } from '../alerts/run-link.ts';
import type { DestinationContext } from './destinations/define.ts';
import { type DestinationConfig, destinationDefinition } from './destinations/index.ts';
import type { DeliveryJob, Destination } from './types.ts';

export type { DestinationContext } from './destinations/define.ts';

/**
 * The job a destination sees: its summary's URL only when it is a run link on one of the
 * console's origins. Everything else is the job's own, read when the destination reads it.
 */
function withRunLink(job: DeliveryJob, consoleOrigins: readonly string[]): DeliveryJob {
  let summary: DeliveryJob['summary'] | undefined;
  return Object.create(job, {
    summary: {
      get: () => {
        if (summary === undefined) {
          const given = job.summary;
          summary = { ...given, url: runLink(given.url, consoleOrigins) };
        }
        return summary;
      },
      enumerable: true,
    },
  }) as DeliveryJob;
}

/**
 * The sender of a destination, made by its type's definition. Every type renders `job.summary`
 * (a chat message, a PagerDuty event, an alert for Alertmanager) with the run's link only where
 * `runLink` offers it.
 */
export function createDestination(
  config: DestinationConfig,
  context: DestinationContext = { externalURL: () => '' },
): Destination {
  // Each definition takes its own type's configuration: the list pairs them, the switch is gone.
  const destination = destinationDefinition(config.type).create(config as never, context);
  const origins = config.consoleOrigins ?? [];
  const deliver = destination.deliver.bind(destination);
  destination.deliver = (job) => deliver(withRunLink(job, origins));
  return destination;
}
