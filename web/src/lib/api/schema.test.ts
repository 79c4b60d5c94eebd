// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

// The same document and options as `npm run gen:api`.
const documentUrl = new URL('../../../../shared/runtime/contract/openapi.json', import.meta.url);
const schemaPath = fileURLToPath(new URL('./schema.ts', import.meta.url));

describe('schema.ts', () => {
  it('is generated from the current contract (run `npm run gen:api` when this fails)', async () => {
    expect(existsSync(documentUrl), `${fileURLToPath(documentUrl)} is missing`).toBe(true);

    const generated = COMMENT_HEADER + astToString(await openapiTS(documentUrl, { exportType: true, silent: true }));

    expect(readFileSync(schemaPath, 'utf8'), 'src/lib/api/schema.ts is stale').toBe(generated);
  });
});
