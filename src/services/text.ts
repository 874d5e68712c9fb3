/** Search text of a request (`q`): normalised as the search indexes store names and titles. */
import { normalizeTerm } from '../db/search.js';
import { ApiError } from '../errors.js';

/** The normalised search text of `q`; 400 when blank or with control characters. */
export function queryText(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const q = /[\u0000-\u001f\u007f]/.test(raw) ? '' : normalizeTerm(raw);
  if (!q) {
    const message = 'q must contain a visible character and no control characters';
    throw new ApiError('VALIDATION_ERROR', message, [{ path: 'query.q', message }]);
  }
  return q;
}
