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
}

export async function insertImportRun(db: Knex, row: Omit<ImportRunRow, 'report' | 'error' | 'finished_at'>): Promise<void> {
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
