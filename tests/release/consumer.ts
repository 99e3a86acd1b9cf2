// The installed @trackerkit/client used the ways a consumer would: imported from an ES module and
// required from CommonJS (require(esm), Node 22.12+, which its engines state), each making a real
// call to the running emulator; and a TypeScript file importing it type-checked under each
// moduleResolution a consumer may use. The TypeScript file carries one deliberate misuse under
// a ts-expect-error directive, so a client typed as `any` (or not found) fails the check.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT, readyUrl, run, withoutNpmConfig } from './published.ts';

interface Context {
  folder: string;
  emulatorReady: Record<string, unknown>;
}

/** A real call to the emulator, after the import or require of createTrackerClient. */
export const call = `
  const tracker = createTrackerClient({ baseUrl: process.env.TRACKER_API_URL, token: process.env.TRACKER_API_TOKEN });
  tracker.spaces.list().then((page) => console.log(JSON.stringify({ spaces: page.data.length })));
`;

const typed = `import { createTrackerClient } from '@trackerkit/client';

const tracker = createTrackerClient({ baseUrl: 'http://127.0.0.1:4010/v1', token: 'qapi_x' });
export async function spaceIds(): Promise<string[]> {
  const page = await tracker.spaces.list();
  return page.data.map((space) => space.space_id);
}
// @ts-expect-error a space id is a string, so this misuse must be an error
export const wrong: number = (await tracker.spaces.list()).data[0].space_id;
`;

const settings = {
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
  bundler: { module: 'preserve', moduleResolution: 'bundler' },
  node10: { module: 'esnext', moduleResolution: 'node10' },
} as const;

export function consumerChecks(context: () => Context): void {
  const runIn = async (file: string) => {
    const { folder, emulatorReady } = context();
    const { stdout } = await run(process.execPath, [file], {
      cwd: folder,
      env: {
        ...withoutNpmConfig(process.env),
        TRACKER_API_URL: readyUrl(emulatorReady),
        TRACKER_API_TOKEN: String(emulatorReady.token),
      },
    });
    return JSON.parse(stdout) as { spaces: number };
  };

  it('imports from an ES module and calls the emulator', async () => {
    const file = join(context().folder, 'esm.mjs');
    writeFileSync(file, `import { createTrackerClient } from '@trackerkit/client';\n${call}`);
    expect(await runIn(file)).toEqual({ spaces: 1 });
  });

  it('requires from CommonJS and calls the emulator', async () => {
    const file = join(context().folder, 'cjs.cjs');
    writeFileSync(file, `const { createTrackerClient } = require('@trackerkit/client');\n${call}`);
    expect(await runIn(file)).toEqual({ spaces: 1 });
  });

  for (const [name, options] of Object.entries(settings)) {
    it(`type-checks a TypeScript consumer under moduleResolution ${options.moduleResolution}`, async () => {
      const { folder } = context();
      writeFileSync(join(folder, `consumer-${name}.mts`), typed);
      writeFileSync(
        join(folder, `tsconfig.${name}.json`),
        JSON.stringify({
          compilerOptions: {
            ...options,
            target: 'es2023',
            lib: ['es2023', 'dom'],
            strict: true,
            noEmit: true,
            types: [],
            // Declarations of dependencies (zod's, under node10) are their authors' business; ours
            // are checked by attw, and the misuse below fails unless the import is really typed.
            skipLibCheck: true,
            noUncheckedIndexedAccess: false,
          },
          files: [`consumer-${name}.mts`],
        }),
      );
      const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
      const result = await run(process.execPath, [tsc, '-p', `tsconfig.${name}.json`], { cwd: folder }).catch(
        (error: { stdout?: string }) => ({ stdout: error.stdout ?? 'tsc failed', failed: true }),
      );
      expect(result.stdout, `tsc -p tsconfig.${name}.json`).toBe('');
    });
  }
}
