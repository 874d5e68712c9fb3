/**
 * The `ndjson` format's change records (docs/import.md): one JSON object a line,
 * `{"type": "company"|"round", "key": …, "data": {…}}` to create or replace a record and
 * `{"type": …, "key": …, "delete": true}` to withdraw it. `key` is the record's key in the import's
 * source; a round names its company by the company's key in the same source.
 */
import { RowError } from './errors.js';
import { amountOf, countryOf, dateOf, roundKindOf, sectorOf, stateOf } from './mapping.js';
import { STATUSES, type RowIn } from './records.js';

const TYPES: Record<string, 'company' | 'round'> = { company: 'company', companies: 'company', round: 'round', rounds: 'round', transaction: 'round', transactions: 'round' };

const str = (data: Record<string, unknown>, field: string, need = false): string | null => {
  const v = data[field];
  if (v === undefined || v === null || v === '') {
    if (need) throw new RowError(`data.${field}`, null, `data.${field} is required`);
    return null;
  }
  if (typeof v !== 'string') throw new RowError(`data.${field}`, JSON.stringify(v), `data.${field} must be a string`);
  return v.trim();
};

/** A change record's line -> what it imports. */
export function mapChangeRecord(text: string, line: number): RowIn {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch (err) {
    throw new RowError(null, text.slice(0, 200), `not JSON: ${(err as Error).message}`);
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new RowError(null, text.slice(0, 200), 'a record must be a JSON object');
  const r = o as Record<string, unknown>;
  const type = typeof r.type === 'string' ? TYPES[r.type] : undefined;
  if (!type) throw new RowError('type', JSON.stringify(r.type ?? null), `type must be one of ${Object.keys(TYPES).join(', ')}`);
  if (typeof r.key !== 'string' || !r.key.trim() || r.key.length > 500) throw new RowError('key', JSON.stringify(r.key ?? null), 'key must be a non-empty string of at most 500 characters');
  const key = r.key.trim();
  if (r.delete === true) return { line, record: { type, key, delete: true } };
  if (typeof r.data !== 'object' || r.data === null || Array.isArray(r.data)) throw new RowError('data', JSON.stringify(r.data ?? null), 'data must be an object (or "delete": true)');
  const d = r.data as Record<string, unknown>;
  if (type === 'company') {
    const country = str(d, 'country');
    const two = country ? countryOf('data.country', country) : null;
    const categories = d.categories ?? [];
    if (!Array.isArray(categories) || categories.some((c) => typeof c !== 'string')) throw new RowError('data.categories', JSON.stringify(categories), 'data.categories must be an array of strings');
    const status = str(d, 'status');
    if (status !== null && !(STATUSES as readonly string[]).includes(status)) throw new RowError('data.status', status, `unknown status (known: ${STATUSES.join(', ')})`);
    return {
      line,
      record: {
        type: 'company', key, name: str(d, 'name', true)!, status, launch: dateOf('data.founded_on', str(d, 'founded_on') ?? ''),
        sectors: [...new Set((categories as string[]).map(sectorOf).filter((s): s is string => s !== null))],
        place: two ? { country: two, state: stateOf(two, str(d, 'state') ?? ''), city: str(d, 'city') } : null,
        link_crunchbase: str(d, 'link_crunchbase'), domain: str(d, 'domain'),
      },
    };
  }
  const amount = d.amount_usd;
  if (amount !== undefined && amount !== null && typeof amount !== 'number' && typeof amount !== 'string') throw new RowError('data.amount_usd', JSON.stringify(amount), 'an amount must be a number');
  return {
    line,
    record: {
      type: 'round', key, company: str(d, 'company', true)!, kind: roundKindOf('data.round_type', str(d, 'round_type', true)!),
      date: dateOf('data.announced_on', str(d, 'announced_on') ?? ''), amount: amountOf('data.amount_usd', amount === undefined || amount === null ? '' : String(amount)),
      currency: 'USD',
    },
  };
}
