#!/usr/bin/env node
// The `trackerkit-emulator` bin inside the workspace: the TypeScript source, workspace packages resolved to
// theirs. The published package's bin is dist/bin.js (package.json publishConfig.bin).
import '../../../scripts/source-conditions.mjs';

await import('../src/bin.ts');
