/**
 * `/analytics/aggregate/{source}` (one or several metrics grouped by 1..4 dimensions) and
 * `/analytics/timeseries` (a funding metric per month, quarter or year), assembled from the grouped
 * SQL of src/db/aggregate.ts. Money metrics come out in the request currency, whole units; other
 * averages and medians round to two decimals.
 */
import type { Knex } from 'knex';
import type { Tier } from '../auth/verify.js';
import { periodGrouping, type AggregateRow, type Interval, type OrderTerm } from '../db/aggregate.js';
import { emptyFigure } from '../db/metrics.js';
import { ApiError } from '../errors.js';
import { SORT_PATTERN, sortSyntaxMessage } from '../query/sort.js';
import type { Money } from '../money/fx.js';
import { groupingSets, type AnalyticsFilter } from './snapshot.js';
import { FUNDING_ROUNDS, parseMetric, sourceDimensions, type Metric, type Source } from './sources.js';

const invalid = (param: string, message: string) => new ApiError('VALIDATION_ERROR', message, [{ path: `query.${param}`, message }]);

/** A metric value as served: money converted, counts whole, other numbers to two decimals. */
function served(m: Metric, v: number | null, money: Money): number | null {
  if (v === null) return emptyFigure(m.op);
  if (m.money) return money.out(v);
  return Math.round(v * 100) / 100;
}

export interface AggregateRequest {
  groupBy: readonly string[];
  metrics: readonly string[];
  sort: string | undefined;
  limit: number;
  budgetMs: number;
  /** The caller's tier for the field rules (undefined: API key). */
  tier?: Tier;
}

export interface AggregateAnswer {
  groupBy: string[];
  metrics: string[];
  sort: string;
  rows: { group: Record<string, string>; values: (number | null)[] }[];
  totals: (number | null)[];
  totalGroups: number;
}

/**
 * `sort` keys: `value` (the first metric), a requested metric's name, or a grouped dimension;
 * `-` for descending. Default `-value`; ties by the group labels in order.
 */
function resolveOrder(raw: string | undefined, groupBy: readonly string[], metrics: readonly Metric[]): { order: OrderTerm[]; canonical: string } {
  const valid = ['value', ...metrics.map((m) => m.name), ...groupBy];
  if (raw !== undefined && !SORT_PATTERN.test(raw)) throw invalid('sort', sortSyntaxMessage(raw, valid));
  const keys = (raw ?? '').split(',').filter((k) => k !== '');
  const wanted = keys.length ? keys : ['-value'];
  const order = wanted.map((k) => {
    const desc = k.startsWith('-');
    const name = desc ? k.slice(1) : k;
    const metric = name === 'value' ? 0 : metrics.findIndex((m) => m.name === name);
    const group = groupBy.indexOf(name);
    if (metric < 0 && group < 0) {
      throw invalid('sort', `Unknown sort key ${name}; valid: ${valid.join(', ')}`);
    }
    return { column: metric >= 0 ? `m${metric}` : `g${group}`, desc };
  });
  return { order, canonical: wanted.join(',') };
}

export async function aggregateSource(db: Knex, source: Source, where: AnalyticsFilter | null, q: AggregateRequest, money: Money): Promise<AggregateAnswer> {
  const dims = sourceDimensions(source, q.groupBy, 'group_by');
  const metrics = q.metrics.map((name) => parseMetric(source, name, q.metrics.length > 1 ? 'metrics' : 'metric', q.tier));
  const { order, canonical } = resolveOrder(q.sort, q.groupBy, metrics);
  const [rows, [total]] = (await groupingSets(db, {
    source,
    where,
    money,
    sets: [
      { groups: dims, metrics, order, limit: q.limit },
      { groups: [], metrics },
    ],
    budgetMs: q.budgetMs,
  })) as [AggregateRow[], AggregateRow[]];
  return {
    groupBy: [...q.groupBy],
    metrics: metrics.map((m) => m.name),
    sort: canonical,
    rows: rows.map((r) => ({
      group: Object.fromEntries(q.groupBy.map((d, i) => [d, r.labels[i]!])),
      values: r.values.map((v, i) => served(metrics[i]!, v, money)),
    })),
    totals: metrics.map((m, i) => served(m, total?.values[i] ?? null, money)),
    totalGroups: rows[0]?.totalGroups ?? 0,
  };
}

/** At most this many periods in one timeseries (50 years of months). */
export const MAX_PERIODS = 600;

const PER_YEAR: Record<Interval, number> = { month: 12, quarter: 4, year: 1 };

/** The period (as an index counted from year 0) that contains the start or the end of a partial date. */
function periodIndex(date: string, interval: Interval, end: boolean): number {
  const [y, m] = date.split('-').map(Number) as [number, number | undefined];
  const month = m ?? (end ? 12 : 1);
  if (interval === 'year') return y;
  if (interval === 'quarter') return y * 4 + Math.floor((month - 1) / 3);
  return y * 12 + month - 1;
}

function periodOf(index: number, interval: Interval): { key: number; label: string } {
  const y = Math.floor(index / PER_YEAR[interval]);
  const r = index % PER_YEAR[interval];
  if (interval === 'year') return { key: y, label: String(y) };
  if (interval === 'quarter') return { key: y * 10 + r + 1, label: `${y}-Q${r + 1}` };
  return { key: y * 100 + r + 1, label: `${y}-${String(r + 1).padStart(2, '0')}` };
}

export interface TimeseriesRequest {
  metric: string;
  interval: Interval;
  from: string;
  to: string;
  groupBy: string | undefined;
  topN: number;
  budgetMs: number;
  tier?: Tier;
}

export async function fundingTimeseries(db: Knex, where: AnalyticsFilter | null, q: TimeseriesRequest, money: Money) {
  const source = FUNDING_ROUNDS;
  const metric = parseMetric(source, q.metric, 'metric', q.tier);
  const first = periodIndex(q.from, q.interval, false);
  const last = periodIndex(q.to, q.interval, true);
  if (first > last) throw invalid('from', `from (${q.from}) is after to (${q.to})`);
  if (last - first + 1 > MAX_PERIODS) throw invalid('to', `At most ${MAX_PERIODS} periods per timeseries; narrow from and to or use a longer interval`);
  const periods = Array.from({ length: last - first + 1 }, (_x, i) => periodOf(first + i, q.interval));
  const byPeriod = periodGrouping(q.interval, periods[0]!.key, periods.at(-1)!.key);
  const wholeRange = periodGrouping(q.interval, periods[0]!.key, periods.at(-1)!.key, true);
  const dim = q.groupBy === undefined ? null : sourceDimensions(source, [q.groupBy], 'group_by')[0]!;
  const started = performance.now();
  const base = { source, where, money, budgetMs: q.budgetMs };
  const [totals, top = []] = await groupingSets(db, {
    ...base,
    sets: [{ groups: [byPeriod], metrics: [metric] }, ...(dim ? [{ groups: [wholeRange, dim], metrics: [metric], order: [{ column: 'm0', desc: true }], limit: q.topN }] : [])],
  });
  const labels = top.map((r) => r.labels[1]!);
  // the series cells run after the top categories are known, within what is left of the one budget
  const left = Math.max(1, q.budgetMs - (performance.now() - started));
  const cells = dim ? (await groupingSets(db, { ...base, budgetMs: left, sets: [{ groups: [byPeriod, dim], metrics: [metric], only: { group: 1, labels } }] }))[0]! : [];
  const cell = new Map(cells.map((c) => [`${c.labels[0]}\u0000${c.labels[1]}`, c.values[0]!]));
  const total = new Map(totals!.map((t) => [t.labels[0]!, t.values[0]!]));
  return {
    metric: metric.name,
    interval: q.interval,
    from: periods[0]!.label,
    to: periods.at(-1)!.label,
    group_by: q.groupBy ?? null,
    periods: periods.map((p) => p.label),
    values: periods.map((p) => served(metric, total.get(p.label) ?? null, money)),
    series: top.map((t) => ({
      label: t.labels[1]!,
      total: served(metric, t.values[0]!, money),
      values: periods.map((p) => served(metric, cell.get(`${p.label}\u0000${t.labels[1]}`) ?? null, money)),
    })),
    currency: money.currency,
  };
}
