// Imported first by the workspace bins (packages/*/bin/*.js): from here on, workspace packages
// resolve to their TypeScript sources (the `trackerkit-source` export condition, as with
// `node --conditions=trackerkit-source`), so a bin runs from a fresh clone with no build and never
// runs a stale dist/. Published packages do not use this: their bin is dist/bin.js (publishConfig).
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, next) {
    return next(specifier, { ...context, conditions: [...context.conditions, 'trackerkit-source'] });
  },
});
