import type { Tracker } from '@trackerkit/core';
import { z } from 'zod';
import { renderObject } from '../../rendering/render.ts';
import { objectWith } from '../shared/schemas.ts';

export const trackerOutput = objectWith({ tracker_id: z.string(), name: z.string(), run_mode: z.string() });

export function trackerResult(verb: string, tracker: Tracker) {
  return {
    structured: tracker,
    text: renderObject(`${verb} tracker ${tracker.tracker_id} "${tracker.name}"`, tracker),
  };
}
