/** See statement-cache.mjs. */
export function cacheStatements<T extends { prepare(sql: string): unknown }>(db: T, max?: number): T;
