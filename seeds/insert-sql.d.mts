/** See insert-sql.mjs. */
export function insertSql(table: string, cols: readonly string[], rows: number): string;
export function statementsOf(cols: readonly string[], values: unknown[]): { rows: number; values: unknown[] }[];
export function sqliteValues(values: unknown[]): unknown[];
