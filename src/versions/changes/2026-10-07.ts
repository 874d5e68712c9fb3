/**
 * 2026-10-07: `in_any`/`nin_any` replaced `in`/`nin`; related filters are dotted (`ref.key`, the
 * double-underscore form retired); heatmap dimensions `stage` and `standardized_sector` removed;
 * `/data` lists page by cursor only (pinned clients keep `offset`, with a `param_retired` notice).
 */
import { ApiError } from '../../errors.js';
import type { VersionChange } from '../change.js';
import { V2026_10_07 } from '../table.js';

const LEGACY_OPS: Record<string, 'in_any' | 'nin_any'> = { in: 'in_any', nin: 'nin_any' };
const HEATMAP_DIMENSIONS: Record<string, string> = { stage: 'standardized_round', standardized_sector: 'sector' };

export const change20261007: VersionChange = {
  version: V2026_10_07,
  summary: 'in/nin -> in_any/nin_any; dotted related filters; heatmap stage/standardized_sector removed; cursor-only paging.',
  filterCondition(cond, pinned) {
    let { key, op } = cond;
    const replacementOp = LEGACY_OPS[op as string];
    if (replacementOp) {
      if (!pinned) {
        throw new ApiError('UNSUPPORTED_OPERATOR', `Operator ${op} was retired in version ${V2026_10_07}; use ${replacementOp}`, {
          filter: key,
          operator: op,
          replacement: replacementOp,
        });
      }
      op = replacementOp;
    }
    if (key.includes('__')) {
      const dotted = key.replace('__', '.');
      if (!pinned) throw new ApiError('UNKNOWN_FILTER', `Filter key ${key} uses the retired double-underscore form; use ${dotted}`, { filter: key });
      key = dotted;
    }
    return { ...cond, key, op };
  },
  rejectRetired(path, query) {
    if (path.startsWith('/data/') && query.offset !== undefined) {
      const message = `offset paging was retired in version ${V2026_10_07}: page with cursor (send page.next_cursor back as cursor)`;
      throw new ApiError('VALIDATION_ERROR', message, [{ path: 'query.offset', message }]);
    }
  },
  upgradeQuery(path, query, notes, legacy) {
    if (path === '/analytics/funding-analytics/heatmap') {
      for (const axis of ['x', 'y']) {
        const v = query[axis];
        if (typeof v === 'string' && HEATMAP_DIMENSIONS[v]) query[axis] = HEATMAP_DIMENSIONS[v];
      }
    }
    if (path.startsWith('/data/') && query.offset !== undefined) {
      legacy.offset = query.offset;
      delete query.offset;
      notes.push({
        type: 'param_retired',
        name: 'offset',
        message: `offset paging is retired from version ${V2026_10_07}; page with cursor (page.next_cursor)`,
        replacement: 'cursor',
      });
    }
  },
};
