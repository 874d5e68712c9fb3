/** API-Version resolution (openapi.yaml `ApiVersion`): format, known versions, support window, headers. */
import { ApiError } from '../errors.js';
import { changesFor } from './changes/index.js';
import { LATEST_VERSION, SUPPORT_DAYS_AFTER_SUPERSEDED, VERSIONS, type VersionEntry } from './table.js';

const DAY_MS = 86_400_000;
const FORMAT = /^\d{4}-\d{2}-\d{2}$/;

export type VersionStatus = 'current' | 'deprecated' | 'sunset';

export interface VersionInfo {
  date: string;
  status: VersionStatus;
  /** When the version was superseded (its successor's date); null for the latest. */
  deprecatedOn: string | null;
  sunset: string | null;
  changes: string[];
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function describe(entry: VersionEntry, index: number, now: Date): VersionInfo {
  const successor = index > 0 ? VERSIONS[index - 1] : undefined;
  const sunset = entry.sunset ?? (successor ? addDays(successor.date, SUPPORT_DAYS_AFTER_SUPERSEDED) : null);
  const today = now.toISOString().slice(0, 10);
  const status: VersionStatus = !successor ? 'current' : sunset !== null && today >= sunset ? 'sunset' : 'deprecated';
  return { date: entry.date, status, deprecatedOn: successor?.date ?? null, sunset, changes: entry.changes };
}

/** The table changes only when the day does; every request resolves its version against it. */
let memo: { day: string; table: readonly Readonly<VersionInfo>[] } | null = null;

export function versionTable(now: Date): readonly Readonly<VersionInfo>[] {
  const day = now.toISOString().slice(0, 10);
  if (memo?.day !== day) memo = { day, table: VERSIONS.map((v, i) => Object.freeze(describe(v, i, now))) };
  return memo.table;
}

export function supportedVersions(now: Date): string[] {
  return versionTable(now)
    .filter((v) => v.status !== 'sunset')
    .map((v) => v.date);
}

type ServedDocument = {
  components?: { schemas?: Record<string, Record<string, unknown>> };
  paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
};

/**
 * Sets the `API-Version` parameter's enum of a parsed OpenAPI document to the versions served at `at`,
 * and while one of them answers validation failures with a status of its own (422 before 2026-10-09)
 * declares that answer (openapi.yaml `UnprocessableEntity`) on every operation: the document as
 * written declares only what the versions served at its publication can answer.
 */
export function setServedVersions(doc: unknown, at: Date): void {
  const d = doc as ServedDocument;
  const served = supportedVersions(at);
  const schema = d.components?.schemas?.ApiVersion;
  if (schema) schema.enum = served;
  const statuses = new Set(served.flatMap((v) => changesFor(v).flatMap((c) => (c.validationStatus ? [String(c.validationStatus)] : []))));
  for (const item of Object.values(d.paths ?? {})) {
    for (const op of Object.values(item)) {
      if (!op?.responses) continue;
      for (const status of statuses) op.responses[status] ??= { $ref: '#/components/responses/UnprocessableEntity' };
    }
  }
}

export function resolveVersion(header: string | undefined, now: Date): VersionInfo {
  const table = versionTable(now);
  if (header === undefined || header === '') return table[0]!;
  const supported = () => supportedVersions(now).join(', ');
  const details = (message: string) => [{ path: 'header.API-Version', message }];
  if (!FORMAT.test(header) || Number.isNaN(Date.parse(`${header}T00:00:00Z`))) {
    const message = `API-Version must be a date in YYYY-MM-DD format; supported versions: ${supported()}`;
    throw new ApiError('VALIDATION_ERROR', message, details(message));
  }
  const info = table.find((v) => v.date === header);
  if (!info) {
    const message = `API-Version ${header} is not a version of this API; supported versions: ${supported()}`;
    throw new ApiError('VALIDATION_ERROR', message, details(message));
  }
  if (info.status === 'sunset') {
    const message = `API-Version ${header} reached its sunset on ${info.sunset} and is no longer served; supported versions: ${supported()}`;
    throw new ApiError('VALIDATION_ERROR', message, details(message));
  }
  return info;
}

/** Headers for a response served for this version: API-Version always; Deprecation/Sunset when deprecated. */
export function versionHeaders(info: VersionInfo): Record<string, string> {
  const headers: Record<string, string> = { 'API-Version': info.date };
  if (info.status === 'deprecated' && info.deprecatedOn && info.sunset) {
    headers.Deprecation = `@${Math.floor(Date.parse(`${info.deprecatedOn}T00:00:00Z`) / 1000)}`;
    headers.Sunset = new Date(`${info.sunset}T00:00:00Z`).toUTCString();
  }
  return headers;
}

export { LATEST_VERSION };
