/** 2026-09-01: the transactions filter `funding_year` was renamed `year`. */
import { ApiError } from '../../errors.js';
import type { VersionChange } from '../change.js';
import { V2026_09_01 } from '../table.js';

export const change20260901: VersionChange = {
  version: V2026_09_01,
  summary: '`funding_year` filter renamed `year` on transactions.',
  filterCondition(cond, pinned) {
    if (cond.key !== 'funding_year') return cond;
    if (!pinned) throw new ApiError('UNKNOWN_FILTER', `Filter key funding_year was renamed in version ${V2026_09_01}; use year`, { filter: 'funding_year' });
    return { ...cond, key: 'year' };
  },
};
