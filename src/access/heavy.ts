/**
 * Heavy requests at once, per caller and per client address: exports, analytics and list pages of
 * more than HEAVY_PAGE_ROWS rows. Each holds a large answer (or a stream's batches) in memory until
 * its client has read it, so the rate limit, which counts starts, does not bound memory: one key
 * opening sockets under its rate and never reading held every answer at once. A slot is held until
 * the answer's connection closes or its last byte is handed to the kernel; past a cap the request
 * is refused with 429 before any work.
 */
import { ApiError } from '../errors.js';

/** A list page larger than this is heavy (the default page is 25 rows, at most 2000). */
export const HEAVY_PAGE_ROWS = 100;

export class HeavySlots {
  private readonly byKey = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly caps: { perKey: number; perAddress: number }) {}

  /** Takes a slot of `key` (null: no caller) and `address`; returns its release, or throws 429 past a cap. */
  take(key: string | null, address: string): () => void {
    const { perKey, perAddress } = this.caps;
    if (key !== null && perKey > 0 && (this.byKey.get(key) ?? 0) >= perKey) throw busy('credentials');
    if (perAddress > 0 && (this.byAddress.get(address) ?? 0) >= perAddress) throw busy('address');
    if (key !== null) add(this.byKey, key, 1);
    add(this.byAddress, address, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (key !== null) add(this.byKey, key, -1);
      add(this.byAddress, address, -1);
    };
  }

  /** Slots held now (tests and metrics). */
  get size(): number {
    let n = 0;
    for (const v of this.byAddress.values()) n += v;
    return n;
  }
}

function add(map: Map<string, number>, k: string, d: number): void {
  const n = (map.get(k) ?? 0) + d;
  if (n > 0) map.set(k, n);
  else map.delete(k);
}

const busy = (whose: string) =>
  new ApiError('RATE_LIMITED', `Too many exports, analytics and large pages running at once for these ${whose}; retry when one has finished`, null, {
    headers: { 'Retry-After': '1' },
  });
