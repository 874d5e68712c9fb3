/** Imports posted over HTTP (migration 026): their status and report, per team. */
import type { Knex } from 'knex';

export type ImportStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface ImportRunRow {
  id: string;
  team_id: number;
  source: string;
  mode: string;
  dry_run: boolean | number;
  status: ImportStatus;
  bytes: number | string;
  report: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  /** The process running it (src/import/http.ts `ownerTag`) and when that process last said it was alive. */
  owner: string | null;
  alive_at: string | null;
}

export type NewImportRun = Omit<ImportRunRow, 'report' | 'error' | 'finished_at'>;

export async function insertImportRun(db: Knex, row: NewImportRun): Promise<void> {
  await db('import_runs').insert(row);
}

export async function findTeamImportRun(db: Knex, teamId: number, id: string): Promise<ImportRunRow | undefined> {
  return db<ImportRunRow>('import_runs').where({ id, team_id: teamId }).first();
}

export async function importRunExists(db: Knex, id: string): Promise<boolean> {
  return (await db('import_runs').where({ id }).first('id')) !== undefined;
}

export async function markImportRun(db: Knex, id: string, change: { status: ImportStatus; report?: string | null; error?: string | null; finished_at?: string | null }): Promise<void> {
  await db('import_runs').where({ id }).update(change);
}

/** Runs not finished yet (queued or running), whoever runs them. */
export async function unfinishedImportRuns(db: Knex): Promise<Pick<ImportRunRow, 'id' | 'owner' | 'alive_at'>[]> {
  return db<ImportRunRow>('import_runs').whereIn('status', ['queued', 'running']).select('id', 'owner', 'alive_at');
}

/** Marks the runs `ids` that are still unfinished failed with `error`; how many were. */
export async function failUnfinishedImportRuns(db: Knex, ids: readonly string[], error: string, at: string): Promise<number> {
  if (ids.length === 0) return 0;
  return db('import_runs').whereIn('id', ids).whereIn('status', ['queued', 'running']).update({ status: 'failed', error, finished_at: at });
}

/** The owner of the runs `ids` is alive at `at`. */
export async function touchImportRuns(db: Knex, ids: readonly string[], at: string): Promise<void> {
  if (ids.length > 0) await db('import_runs').whereIn('id', ids).update({ alive_at: at });
}
