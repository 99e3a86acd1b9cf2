import { secretRef } from '../../config-common/schema-parts.ts';
import { defineDestination, urlParts } from './define.ts';
import { createForwardDestination } from './forward.ts';

/** An n8n Tracker Trigger's URL: a forward, re-signed with the trigger's own secret. */
export const n8nDefinition = defineDestination({
  type: 'n8n',
  integration: null,
  fields: { url: secretRef, secret: secretRef },
  normalize: (d, ctx): { url: string; secret: string } => ({
    url: ctx.url(d.url, 'url'),
    secret: ctx.secret(d.secret, 'secret'),
  }),
  secrets: { url: urlParts, secret: (s) => [s] },
  create: (config) => createForwardDestination(config),
});
