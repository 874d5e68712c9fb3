/**
 * The repository stands on its own: no tracked file cites the specification or design files that
 * live outside it. Readers are pointed at `openapi.yaml`, `docs/` and the code instead. The names
 * are built from pieces so this file does not match itself.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url);
const FORBIDDEN = ['SPEC', 'DESIGN'].map((name) => `${name}.${'md'}`);

describe('standalone repository', () => {
  it('has no tracked file citing files outside the repository', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, maxBuffer: 64 * 1024 * 1024 })
      .toString('utf8')
      .split('\0')
      .filter(Boolean);
    expect(files.length).toBeGreaterThan(100);
    const hits: string[] = [];
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(new URL(file, root), 'latin1');
      } catch {
        continue; // listed but absent from the work tree (deleted, not yet staged)
      }
      text.split('\n').forEach((line, i) => {
        if (FORBIDDEN.some((name) => line.includes(name))) hits.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(hits).toEqual([]);
  });
});
