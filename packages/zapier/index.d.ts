// The app definition's type, as zapier-platform-core describes an app.
import type { App } from 'zapier-platform-core';

export declare const app: App;
export default app;
