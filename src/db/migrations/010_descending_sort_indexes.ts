/**
 * Indexes in the exact order of the default descending sorts (key descending, id ascending: "ties
 * by id, always"). The ascending indexes of 002 serve these sorts only by a backward scan, which
 * yields ties by id descending, so both engines re-sorted every group of equal keys (SQLite: "temp
 * b-tree for last term of order by"; PostgreSQL: incremental sort). Groups are large on real data
 * (4,465 rounds of exactly 2.5 M USD on `large`), and a keyset page inside one read and sorted the
 * whole group: page 10,000 of `-amount` took 5 ms in SQLite, 1 ms with the index below.
 */
import { indexMigration, type IndexDef } from './indexes.js';

const INDEXES: IndexDef[] = [
  ['transactions_date_desc_key', 'transactions', "(coalesce(date_sort, '')) desc, id"],
  ['transactions_amount_desc_key', 'transactions', '(coalesce(amount_usd, -1)) desc, id'],
  ['entities_signal_desc_key', 'entities', 'type, is_founder, (coalesce(signal_rating, -1)) desc, id'],
  ['entities_subtype_signal_desc_key', 'entities', 'subtype, (coalesce(signal_rating, -1)) desc, id'],
];

export const { up, down } = indexMigration(INDEXES);
