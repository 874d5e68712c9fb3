/** See copy.mjs. */
export function copyField(v: unknown): string;
export function copyText(values: readonly unknown[], width: number): string;
/** The part of a node-postgres client COPY needs. */
export interface PgClient {
  query<T>(stream: T): T;
}
export function copyRows(client: PgClient, table: string, cols: readonly string[], chunks: readonly string[]): Promise<void>;
