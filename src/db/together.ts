/**
 * Independent reads run together: at once on a pool, one after another on a transaction. A
 * transaction is one connection, on which the driver would queue them anyway (pg deprecates queueing
 * a query behind a running one, and removes it in pg 9).
 */
import type { Knex } from 'knex';

export function together<T extends readonly unknown[]>(db: Knex, reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!db.isTransaction) return Promise.all(reads.map((r) => r())) as Promise<unknown> as Promise<T>;
  return (async () => {
    const out: unknown[] = [];
    for (const read of reads) out.push(await read());
    return out as unknown as T;
  })();
}
