// Ships the document inside the published package (exports "./openapi.yaml").
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
mkdirSync(join(here, '../openapi'), { recursive: true });
copyFileSync(
  join(here, '../../../openapi/tracker-service.yaml'),
  join(here, '../openapi/tracker-service.yaml'),
);
