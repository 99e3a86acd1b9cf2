import type { DestinationConfig } from '../config/types.ts';
import type { DestinationContext } from './destinations/define.ts';
import { destinationDefinition } from './destinations/index.ts';
import type { Destination } from './types.ts';

export type { DestinationContext } from './destinations/define.ts';

/** The sender of a destination, made by its type's definition. */
export function createDestination(
  config: DestinationConfig,
  context: DestinationContext = { externalURL: () => '' },
): Destination {
  // Each definition takes its own type's configuration: the list pairs them, the switch is gone.
  return destinationDefinition(config.type).create(config as never, context);
}
