// Debian's chromium, driven headless by playwright-core (no downloaded browser), for the pages the
// packages serve. CI installs it as root (.ci/run); a test skips by its title where it is missing.
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/** Headless, no sandbox (CI runs as root), nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
