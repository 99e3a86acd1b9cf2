// The framework's own validation: the piece's metadata against the framework's PieceMetadata schema
// (what the Activepieces server checks when a piece is installed), and every step's props against
// the framework's property schemas.
import { readFileSync } from 'node:fs';
import { PieceMetadata, PiecePropertyMap } from '@activepieces/pieces-framework';
import { extractPieceFromModule } from '@activepieces/shared';
import { describe, expect, it } from 'vitest';
import * as pieceModule from '../../src/index.ts';

const { tracker } = pieceModule;

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  name: string;
  version: string;
};

describe('the piece, as the framework validates it', () => {
  it("the engine's loader finds the piece among the package's exports", () => {
    const found = extractPieceFromModule({
      module: pieceModule,
      pieceName: manifest.name,
      pieceVersion: manifest.version,
    });
    expect(found).toBe(tracker);
  });

  it('its metadata passes the framework PieceMetadata schema', () => {
    const metadata = { ...tracker.metadata(), name: manifest.name, version: manifest.version };
    const parsed = PieceMetadata.safeParse(metadata);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });

  it('offers the actions and triggers of the issue', () => {
    expect(Object.keys(tracker.actions()).sort()).toEqual(
      [
        'create_tracker',
        'custom_api_call',
        'delete_tracker',
        'find_run',
        'find_tracker',
        'get_tracker',
        'run_tracker',
        'update_tracker',
        'upload_vault_rows',
      ].sort(),
    );
    expect(Object.fromEntries(Object.values(tracker.triggers()).map((t) => [t.name, t.type]))).toEqual({
      new_signal: 'POLLING',
      run_failed: 'POLLING',
      new_alert: 'WEBHOOK',
    });
  });

  it("every step's props pass the framework's property schema", () => {
    for (const step of [...Object.values(tracker.actions()), ...Object.values(tracker.triggers())]) {
      const parsed = PiecePropertyMap.safeParse(step.props);
      expect(parsed.success ? [] : parsed.error.issues, step.name).toEqual([]);
    }
  });
});
