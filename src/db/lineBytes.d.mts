/** See lineBytes.mjs. */
export function joinLines(values: readonly (Buffer | string | null | undefined)[], form: 'ndjson' | 'csv', appUrl: string, slot?: SharedArrayBuffer): { bytes: Buffer; ends: Uint32Array } | null;
