/** See lineBytes.mjs. */
export function joinLines(values: readonly (Buffer | string | null | undefined)[], form: 'ndjson' | 'json' | 'csv', appUrl: string, slot?: SharedArrayBuffer): { bytes: Buffer; ends: Uint32Array } | null;
/** See lineBytes.mjs. */
export function withBase(rows: Record<string, unknown>[], column: string, appUrl: string, slot?: SharedArrayBuffer): Buffer | null | false;
