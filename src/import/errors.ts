/**
 * Import failures: `InputError` stops a whole file (unknown format, not CSV, a wrong header, an
 * unreadable encoding, a line past the limit) and names where; `RowRejection` is one row's problem,
 * reported and, in `all-or-nothing` mode, the reason nothing is written.
 */
export interface Where {
  file: string;
  line: number | null;
  column: string | null;
}

export class InputError extends Error {
  constructor(
    readonly where: Where,
    message: string,
  ) {
    super(`${where.file}${where.line !== null ? `, line ${where.line}` : ''}${where.column !== null ? `, column ${where.column}` : ''}: ${message}`);
  }
}

/** One rejected row as the report lists it. */
export interface Rejection {
  file: string;
  line: number;
  column: string | null;
  value: string | null;
  reason: string;
}

/** Thrown while mapping a row: the column and value at fault. */
export class RowError extends Error {
  constructor(
    readonly column: string | null,
    readonly value: string | null,
    reason: string,
  ) {
    super(reason);
  }
}

/** The import was told to stop (the command line's SIGINT or SIGTERM): its transaction rolls back. */
export class ImportInterrupted extends Error {
  constructor(readonly reason: string) {
    super(`interrupted (${reason}): rolled back, nothing written`);
  }
}
