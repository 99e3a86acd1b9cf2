import { clampJsonDepth, jsonNestsDeeper, MAX_ALERT_JSON_DEPTH } from '@trackerkit/core';
import type { AlertEvent } from '../events/types.ts';

/**
 * A stored body as the event every destination renders. Ingest refuses bodies nested deeper than
 * MAX_ALERT_JSON_DEPTH; one stored before that rule has its too-deep parts left out here, so no
 * renderer, sink or handler overflows the stack on it: no stored alert is undeliverable. (The
 * raw `body` a forward sends is the stored one, untouched.)
 */
export function storedEvent(body: string): AlertEvent {
  const event = JSON.parse(body) as AlertEvent;
  return jsonNestsDeeper(body, MAX_ALERT_JSON_DEPTH)
    ? (clampJsonDepth(event, MAX_ALERT_JSON_DEPTH) as AlertEvent)
    : event;
}
