/**
 * The change feed's reads of `change_log` (docs/changes.md): changes after a position in commit
 * order, each named as the API names its record (a transaction's numeric id; an entity's uuid and
 * kind, from `entity_tombstones` once the entity row is gone), and the pruning that bounds the log.
 *
 * `seq` order is commit order: on PostgreSQL the writers of `change_log` take one transaction-level
 * lock before their first row (a trigger of migration 024), so a change with a lower `seq` is never
 * committed after one with a higher; SQLite has one writer. A position therefore never passes a
 * change that is not yet visible. SQL only.
 */
import type { Knex } from 'knex';
import { normalizeRawResult } from './knex.js';

export type FeedType = 'transaction' | 'company' | 'investor' | 'university' | 'gov_ngo' | 'person' | 'fund' | 'valuation' | 'job' | 'news';
export type LogKind = 'insert' | 'update' | 'delete';

export interface FeedRow {
  seq: number;
  type: FeedType;
  kind: LogKind;
  record_id: number;
  /** The entity's uuid (entities only). */
  uuid: string | null;
  fields: string[] | null;
  at: string;
}

export interface FeedQuery {
  after: number;
  types: readonly FeedType[] | null;
  kinds: readonly LogKind[] | null;
  limit: number;
}

function feedSql(): string {
  const entity = (col: string) =>
    `coalesce((select e.${col} from entities e where e.id = cl.record_id), (select d.${col} from entity_tombstones d where d.id = cl.record_id order by d.deleted_at desc limit 1))`;
  return `select cl.seq, cl.kind, cl.fields, cl.at, cl.record_id,
      case when cl.type = 'entity' then ${entity('uuid')} end as uuid,
      case when cl.type <> 'entity' then cl.type
           when ${entity('type')} = 'person' then 'person'
           else coalesce(${entity('subtype')}, 'organization') end as feed_type
    from change_log cl`;
}

const marks = (n: number) => new Array(n).fill('?').join(', ');

/** Up to `limit` changes after `after`, oldest first, of the types and kinds asked for (all when null). */
export async function readChanges(db: Knex, q: FeedQuery): Promise<FeedRow[]> {
  const where = ['x.seq > ?'];
  const bindings: (string | number)[] = [q.after];
  if (q.types) {
    where.push(`x.feed_type in (${marks(q.types.length)})`);
    bindings.push(...q.types);
  }
  if (q.kinds) {
    where.push(`x.kind in (${marks(q.kinds.length)})`);
    bindings.push(...q.kinds);
  }
  const sql = `select * from (${feedSql()}) x where ${where.join(' and ')} order by x.seq limit ?`;
  const rows = normalizeRawResult(await db.raw(sql, [...bindings, q.limit])) as Record<string, unknown>[];
  return rows.map((r) => ({
    seq: Number(r.seq),
    type: r.feed_type as FeedType,
    kind: r.kind as LogKind,
    record_id: Number(r.record_id),
    uuid: (r.uuid as string | null) ?? null,
    fields: r.fields ? (JSON.parse(String(r.fields)) as string[]) : null,
    at: String(r.at),
  }));
}

/** The last position a reader may pass now (0 for an empty log). */
export async function latestPosition(db: Knex): Promise<number> {
  const rows = normalizeRawResult(await db.raw('select max(seq) as seq from change_log')) as { seq: unknown }[];
  const seq = Number(rows[0]?.seq ?? 0);
  return Math.max(seq, await prunedThrough(db));
}

/** The last position pruned: a position before it has lost changes. */
export async function prunedThrough(db: Knex): Promise<number> {
  const row = (await db('change_feed_state').where('id', 1).first('pruned_through')) as { pruned_through: unknown } | undefined;
  return Number(row?.pruned_through ?? 0);
}

/** Deletes the changes (and entity tombstones) recorded before `cutoff`; the number of changes deleted. */
export async function pruneChanges(db: Knex, cutoff: Date): Promise<number> {
  const stamp = cutoff.toISOString();
  return db.transaction(async (trx) => {
    const row = (await trx('change_log').where('at', '<', stamp).max({ seq: 'seq' }).first()) as { seq: unknown } | undefined;
    const upto = Number(row?.seq ?? 0);
    if (!upto) return 0;
    const n = await trx('change_log').where('seq', '<=', upto).delete();
    await trx('change_feed_state').where('id', 1).where('pruned_through', '<', upto).update({ pruned_through: upto });
    await trx('entity_tombstones').where('deleted_at', '<', stamp).delete();
    return n;
  });
}
