// The app's version and the platform it runs on, both from package.json: Zapier requires
// `platformVersion` to be the zapier-platform-core the zip carries, and the dependency is pinned exactly.
import pkg from '../package.json' with { type: 'json' };

export const version: string = pkg.version;
export const platformVersion: string = pkg.dependencies['zapier-platform-core'];
