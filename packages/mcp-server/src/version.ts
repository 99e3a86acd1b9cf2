// Kept equal to package.json's version by a unit test (tsc's rootDir keeps package.json out).
export const SERVER_NAME = 'trackerkit';
export const SERVER_VERSION = '0.1.0';
