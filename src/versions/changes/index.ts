/** Every version change module, newest first. */
import type { VersionChange } from '../change.js';
import { change20260901 } from './2026-09-01.js';
import { change20261007 } from './2026-10-07.js';
import { change20261009 } from './2026-10-09.js';

export const CHANGES: readonly VersionChange[] = [change20261009, change20261007, change20260901];

/** The changes a pin predates (newest first): their old behaviour applies to it. */
export function changesFor(pinned: string): VersionChange[] {
  return CHANGES.filter((c) => pinned < c.version);
}

/** Whether a pinned client's answers of this operation are rewritten by some change it predates. */
export function downgraded(pinned: string, operationId: string): boolean {
  return changesFor(pinned).some((c) => c.downgradeResponse && (!c.downgrades || c.downgrades.includes(operationId)));
}
