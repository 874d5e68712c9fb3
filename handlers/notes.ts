/**
 * Team notes (`/data/notes`): a team's private annotations on entities. Every read and write is
 * scoped to the caller's team (another team's note is 404); bodies are validated by the contract
 * before anything is written, and each change is one statement.
 */
import type { Principal } from '../src/auth/verify.js';
import { now } from '../src/config.js';
import { findEntityByUuid } from '../src/db/entities.js';
import { deleteNote, insertNote, NOTE_SORTS, updateNote } from '../src/db/notes.js';
import { findRecord, NOTES } from '../src/db/records.js';
import { ApiError, notFound } from '../src/errors.js';
import { created, numericId, ok, type HandlerMap, type RequestScope } from '../src/http/context.js';
import { note } from '../src/serialize/records.js';
import { recordById, recordPage } from '../src/services/records.js';

function teamOf(p: Principal | null): number {
  if (!p || p.teamId === null) throw new ApiError('FORBIDDEN', 'Notes belong to a team: call with an API key of the team');
  return p.teamId;
}

async function load(ctx: Pick<RequestScope, 'deps'>, team: number, id: number) {
  const row = await findRecord(ctx.deps.db, NOTES, id, { team_id: team });
  if (!row) throw notFound(`Note ${id} not found`);
  return note(ctx.deps.cfg.appUrl, row);
}

function pathId(ctx: { params: { id: string } }): number {
  const id = numericId(ctx.params.id);
  if (id === null) throw notFound(`Note ${ctx.params.id} not found`);
  return id;
}

export const noteHandlers: HandlerMap = {
  listNotes: async (ctx) => {
    const team = teamOf(ctx.principal);
    const { rows, page } = await recordPage(ctx, NOTES, 'note', NOTE_SORTS, { team_id: team });
    return ok('listNotes', { data: rows.map((r) => note(ctx.deps.cfg.appUrl, r)), page });
  },
  getNote: async (ctx) => {
    const team = teamOf(ctx.principal);
    const r = await recordById(ctx, NOTES, ctx.params.id, 'Note', { team_id: team });
    return ok('getNote', { data: note(ctx.deps.cfg.appUrl, r) });
  },
  createNote: async (ctx) => {
    const team = teamOf(ctx.principal);
    const entity = await findEntityByUuid(ctx.deps.db, ctx.body.entity.toLowerCase());
    if (!entity) throw notFound(`Entity ${ctx.body.entity} not found`);
    const id = await insertNote(ctx.deps.db, {
      team_id: team,
      entity_id: entity.id,
      body: ctx.body.body,
      created_by: ctx.principal!.clientId ?? ctx.principal!.sub,
      at: now(ctx.deps.cfg).toISOString(),
    });
    return created('createNote', { data: await load(ctx, team, id) });
  },
  updateNote: async (ctx) => {
    const team = teamOf(ctx.principal);
    const id = pathId(ctx);
    if (!(await updateNote(ctx.deps.db, team, id, ctx.body.body, now(ctx.deps.cfg).toISOString()))) throw notFound(`Note ${id} not found`);
    return ok('updateNote', { data: await load(ctx, team, id) });
  },
  deleteNote: async (ctx) => {
    const team = teamOf(ctx.principal);
    const id = pathId(ctx);
    if (!(await deleteNote(ctx.deps.db, team, id))) throw notFound(`Note ${id} not found`);
    return { status: 204, body: undefined };
  },
};
