import type { Pacer } from '@trackerkit/core';
import type { Clock } from '../clock.ts';
import type { Transport } from '../http/transport.ts';

/** What every resource group shares. */
export interface ClientContext {
  transport: Transport;
  clock: Clock;
  /** Paces every upload of this client to the service's upload rate limit. */
  uploadPacer: Pacer;
}
