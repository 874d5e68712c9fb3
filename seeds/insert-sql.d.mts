/** See insert-sql.mjs. */
export function rowsPerStatement(columns: number): number;
export function insertSql(table: string, cols: readonly string[], rows: number): string;
export function statementsOf(cols: readonly string[], values: unknown[]): { rows: number; full: boolean; values: unknown[] }[];
