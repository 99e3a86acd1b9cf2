import type { Tracker } from '@trackerkit/core';
import { z } from 'zod';
import { renderObject } from '../../render.ts';
import { objectWith } from '../../schemas.ts';

export const trackerOutput = objectWith({ tracker_id: z.string(), name: z.string(), run_mode: z.string() });

export function trackerResult(verb: string, tracker: Tracker) {
  return {
    structured: tracker,
    text: renderObject(`${verb} tracker ${tracker.tracker_id} "${tracker.name}"`, tracker),
  };
}
