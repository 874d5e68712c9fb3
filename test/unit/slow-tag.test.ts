/** The slow-file tag of vitest.config.ts names real integration files (a renamed file would silently stop being tagged). */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { SLOW_INTEGRATION } from '../../vitest.config.js';

it('every file tagged slow exists and is an integration or docs test', () => {
  for (const file of SLOW_INTEGRATION) {
    expect(fs.existsSync(file), file).toBe(true);
    expect(file).toMatch(/^test\/(integration|docs)\/.+\.test\.ts$/);
  }
});
