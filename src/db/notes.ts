/** Team notes: writes (every statement scoped to the caller's team; one statement per change), the filter scope `note` and the sort keys. */
import type { Knex } from 'knex';
import { CMP, uuidOf } from './filterKeys.js';
import { sortRegistry, type FilterKey, type FilterScope } from './listing.js';

export async function insertNote(db: Knex, note: { team_id: number; entity_id: number; body: string; created_by: string; at: string }): Promise<number> {
  const [row] = (await db('notes')
    .insert({ team_id: note.team_id, entity_id: note.entity_id, body: note.body, created_by: note.created_by, created_at: note.at, updated_at: note.at })
    .returning('id')) as ({ id: number } | number)[];
  return typeof row === 'object' ? row.id : Number(row);
}

/** Changes the body of a team's note; false when the team has no such note. */
export async function updateNote(db: Knex, teamId: number, id: number, body: string, at: string): Promise<boolean> {
  return (await db('notes').where({ id, team_id: teamId }).update({ body, updated_at: at })) > 0;
}

export async function deleteNote(db: Knex, teamId: number, id: number): Promise<boolean> {
  return (await db('notes').where({ id, team_id: teamId }).delete()) > 0;
}

/** Keys on a team note aliased `{b}` (scope `note`). */
function noteKeys(): FilterKey[] {
  return [
    uuidOf('entity.uuid', 'notes', 'entity_id', 'UUID of the annotated entity'),
    { key: 'updated_at', kind: 'column', type: 'partial_date', sqls: ['{b}.updated_at'], ops: CMP, description: 'Last change (compared at the given precision)' },
  ];
}

export const NOTE_SCOPE: FilterScope = { name: 'note', description: "The caller's team notes: /data/notes", keys: noteKeys() };

export const NOTE_SORTS = sortRegistry({ updated_at: '{b}.updated_at', id: '{b}.id' }, '-updated_at');
