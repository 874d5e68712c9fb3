/**
 * Currency conversion (openapi.yaml `Money`): money is stored once as whole USD and converted on the
 * way out with the reference rate per USD from `fx_rates`; amounts round to whole units.
 * Money filter values arrive in the request currency and are converted back to USD for SQL.
 */
import type { Knex } from 'knex';
import { loadFxRates } from '../db/reference.js';
import { ApiError } from '../errors.js';

const REFRESH_MS = 5 * 60_000;

export class Fx {
  private rates = new Map<string, number>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(private readonly db: Knex) {}

  private async refresh(): Promise<void> {
    const rows = await loadFxRates(this.db);
    this.rates = new Map(rows.map((r) => [r.currency, r.per_usd]));
    this.rates.set('USD', 1);
    this.loadedAt = Date.now();
  }

  /** The converter for one request's currency (code already upper-case and ISO 4217-shaped). */
  async converter(currency: string): Promise<Money> {
    if (Date.now() - this.loadedAt > REFRESH_MS) {
      this.loading ??= this.refresh().finally(() => {
        this.loading = null;
      });
      await this.loading;
    }
    const rate = this.rates.get(currency);
    if (rate === undefined) {
      const message = `Unsupported currency ${currency}; supported: ${[...this.rates.keys()].sort().join(', ')}`;
      throw new ApiError('VALIDATION_ERROR', message, [{ path: 'query.currency', message }]);
    }
    return new Money(currency, rate);
  }
}

export class Money {
  constructor(
    readonly currency: string,
    readonly perUsd: number,
  ) {}

  /** USD whole units (number or null) to the active currency, whole units. */
  out(usd: number | null | undefined): number | null {
    if (usd === null || usd === undefined) return null;
    return Math.round(Number(usd) * this.perUsd);
  }

  /** A value in the active currency to USD (for filters); not rounded, so comparisons stay exact. */
  toUsd(value: number): number {
    return value / this.perUsd;
  }
}
