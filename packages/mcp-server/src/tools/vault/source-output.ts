import type { VaultSource } from '@trackerkit/core';
import { z } from 'zod';
import { renderObject } from '../../rendering/render.ts';
import { objectWith } from '../shared/schemas.ts';

export const sourceOutput = objectWith({ source_id: z.string(), name: z.string(), data_count: z.int() });

export function sourceResult(verb: string, source: VaultSource) {
  return {
    structured: source,
    text: renderObject(
      `${verb} source ${source.source_id} "${source.name}" (${source.data_count} items)`,
      source,
    ),
  };
}
