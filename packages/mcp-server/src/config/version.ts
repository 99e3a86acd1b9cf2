// Kept equal to package.json's version by a unit test (tsc's rootDir keeps package.json out).
export const SERVER_NAME = 'trackerkit';
export const SERVER_VERSION = '0.1.0';

/** The server's identity (initialize's serverInfo, the 2026-07-28 results' _meta). */
export const SERVER_INFO = {
  name: SERVER_NAME,
  title: 'Tracker Monitoring Service',
  version: SERVER_VERSION,
};
