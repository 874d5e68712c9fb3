/** Imports posted by a team's pipelines (docs/import.md): start one (202) and read its status and report. */
import type { Knex } from 'knex';
import type { components } from '../generated/api.js';
import type { Principal } from '../src/auth/verify.js';
import { findTeamImportRun, insertImportRun, type ImportRunRow, type NewImportRun } from '../src/db/importRuns.js';
import { ApiError, notFound } from '../src/errors.js';
import { ok, type HandlerMap } from '../src/http/context.js';
import type { ExportedType } from '../src/import/exported.js';
import { newImportId } from '../src/import/http.js';
import { takeSpooled } from '../src/pipeline/spool.js';

type ImportRun = components['schemas']['ImportRun'];

function teamOf(p: Principal | null): number {
  if (!p || p.teamId === null) throw new ApiError('FORBIDDEN', 'Imports are posted with an API key of the team');
  return p.teamId;
}

function importRun(r: ImportRunRow): ImportRun {
  return {
    id: r.id,
    status: r.status,
    source: r.source,
    mode: r.mode as ImportRun['mode'],
    dry_run: Boolean(r.dry_run),
    bytes: Number(r.bytes),
    created_at: r.created_at,
    finished_at: r.finished_at,
    error: r.error,
    report: r.report === null ? null : (JSON.parse(r.report) as ImportRun['report']),
  };
}

const location = (id: string) => `/platform/imports/${id}`;

export const importHandlers: HandlerMap = {
  createImport: async (ctx) => {
    const teamId = teamOf(ctx.principal);
    const { db, importRunner } = ctx.deps;
    if (!importRunner) throw new ApiError('SERVICE_UNAVAILABLE', 'Imports are not run by this process');
    if (!ctx.req.is('application/x-ndjson')) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'An import body is application/x-ndjson (one change record a line)');
    const { bytes } = ctx.body as unknown as { bytes: number };
    const type = ctx.query.type === undefined || ctx.query.type === 'records' ? undefined : (ctx.query.type as ExportedType);
    const row: NewImportRun = {
      id: newImportId(),
      team_id: teamId,
      source: ctx.query.source ?? (type ? 'export' : 'ndjson'),
      mode: ctx.query.mode ?? 'all-or-nothing',
      dry_run: ctx.query.dry_run ?? false,
      status: 'queued',
      bytes,
      created_at: new Date().toISOString(),
      owner: importRunner.ownerTag,
      alive_at: new Date().toISOString(),
    };
    await insertImportRun(db, row);
    // under an Idempotency-Key the row commits with the stored answer: the run waits for that commit
    const recorded = (db as Knex.Transaction).isTransaction ? (db as Knex.Transaction).executionPromise : null;
    const { file } = takeSpooled(ctx.req)!;
    importRunner.start({ id: row.id, file, mode: row.mode as ImportRun['mode'], dryRun: Boolean(row.dry_run), source: row.source, type }, recorded);
    return { status: 202, body: { data: importRun({ ...row, report: null, error: null, finished_at: null }) }, headers: { Location: location(row.id) } };
  },

  getImport: async (ctx) => {
    const r = await findTeamImportRun(ctx.deps.db, teamOf(ctx.principal), ctx.params.id);
    if (!r) throw notFound(`Import ${ctx.params.id} not found`);
    return ok('getImport', { data: importRun(r) });
  },
};
