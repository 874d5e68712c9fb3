/**
 * What a posted import is, and what the request side needs of the process's import runner
 * (src/import/http.ts). Request context (src/http/context.ts) holds the runner by this face, so
 * the request layer does not depend on the engine it drives.
 */
import type { ExportedType } from './exported.js';

export const MODES = ['all-or-nothing', 'skip-invalid'] as const;
export type Mode = (typeof MODES)[number];

export interface ImportJob {
  id: string;
  file: string;
  mode: Mode;
  dryRun: boolean;
  source: string | undefined;
  /** The body is this list's own export, not change records. */
  type?: ExportedType;
}

/** The import runner as the process and the imports handler use it. */
export interface ImportQueue {
  /** The owner recorded with each run this runner starts. */
  readonly ownerTag: string;
  /** Fails the abandoned runs now and keeps sweeping until `close`. */
  open(): Promise<void>;
  close(): void;
  /** Runs `job` after `recorded` (the transaction that recorded it, or nothing) commits. */
  start(job: ImportJob, recorded: Promise<unknown> | null): void;
}
