// Public API of @trackerkit/webhooks. Explicit named exports only.

// Core's signer, re-exported where the receiver used to export its own.
export { signStandardWebhooks } from '@trackerkit/core/signing';
export type { AlertSummary } from './alerts/format-alert.ts';
export { formatAlert } from './alerts/format-alert.ts';
export { deadLettersCommand } from './cli/dead-letters-command.ts';
export { runCli } from './cli/run-cli.ts';
export type { ConfigInput } from './config/config-schema.ts';
export { configSchema } from './config/config-schema.ts';
export { loadConfig } from './config/load-config.ts';
export type { Config, DestinationConfig, SourceConfig } from './config/types.ts';
export type { RetryPolicy } from './config-common/types.ts';
export { createCircuitBreaker } from './delivery/circuit-breaker.ts';
export { createDestination } from './delivery/create-destination.ts';
export type { DeliveryJob, DeliveryOutcome, Destination } from './delivery/types.ts';
export { WebhooksError } from './errors.ts';
export { alertSchemas, knownEventTypes } from './events/alert-schemas.ts';
export { parseAlertEvent } from './events/parse-alert-event.ts';
export type {
  AlertData,
  AlertEvent,
  EventName,
  KnownEvent,
  TrackerAlertEvent,
  TrackerAlertResolvedEvent,
  UnknownEvent,
} from './events/types.ts';
export { isKnownEvent } from './events/types.ts';
export type { HandlerContext, Router, RouterOptions } from './router/create-router.ts';
export { createRouter } from './router/create-router.ts';
export { matchRouteTree } from './router/match-route-tree.ts';
export { resolveRouteTree } from './router/resolve-route-tree.ts';
export type {
  MuteWindow,
  ResolvedRoute,
  RouteMatch,
  RouteMatchers,
  RouteNode,
  RouteTree,
} from './router/types.ts';
export type { Receiver, StartReceiverOptions } from './server/start-receiver.ts';
export { startReceiver } from './server/start-receiver.ts';
export type { InhibitRule } from './silences/inhibit.ts';
export type { ApiMatcher, Silence, SilenceState } from './silences/silence.ts';
export { openStore } from './store/open-store.ts';
export type { SilenceStore } from './store/silence-store.ts';
export type { Store } from './store/store.ts';
export type { Logger } from './telemetry/logger.ts';
export { createLogger } from './telemetry/logger.ts';
export type { HeaderSource, Scheme, Verified, VerifyOptions, WebhookRequest } from './verify/types.ts';
export { standardWebhooksHeaders, verify, verifyWithFallback } from './verify/verify.ts';
