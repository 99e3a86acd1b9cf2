// The app Zapier loads: an ES module package (`"type": "module"`), imported by its name through
// `exports`, whose default export is the app definition. dist/index.js is built by `pnpm run build`.
export { app, default } from './dist/index.js';
