/** The write-or-check step of the scripts that render generated text into hand-kept files (`make generate`). */
import fs from 'node:fs';

/**
 * Writes `rendered` over `file` when it differs; with `--check` on the command line only reports:
 * `stale` and exit 1 when the file differs, `fresh` (when given) otherwise.
 */
export function writeOrCheck(file: string, current: string, rendered: string, stale: string, fresh?: string): void {
  if (!process.argv.includes('--check')) {
    if (rendered !== current) fs.writeFileSync(file, rendered);
    return;
  }
  if (rendered !== current) {
    console.error(stale);
    process.exit(1);
  }
  if (fresh) console.log(fresh);
}
