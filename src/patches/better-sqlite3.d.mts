/** See better-sqlite3.mjs. */
export const BETTER_SQLITE3_VERSION: string;
export function checkBetterSqlite3Version(): void;
export function cacheStatements<T extends { prepare(sql: string): unknown }>(db: T, max?: number): T;
