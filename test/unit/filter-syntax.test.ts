/** The filter parameter's description in openapi.yaml is the parser's own syntax text (scripts/filter-syntax.ts). */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { renderFilterSyntax } from '../../scripts/filter-syntax.js';
import { bundledDocument, OPENAPI_PATH } from '../../src/openapi/bundle.js';
import { DEFAULT_FILTER_LIMITS, FILTER_SYNTAX_DOC } from '../../src/query/filter.js';

it("openapi.yaml's filter parameter says exactly what FILTER_SYNTAX_DOC says, limits included", () => {
  const text = fs.readFileSync(OPENAPI_PATH, 'utf8');
  expect(renderFilterSyntax(text)).toBe(text);
  const description = bundledDocument().components.parameters.Filter.description as string;
  expect(description.trimEnd()).toBe(FILTER_SYNTAX_DOC);
  expect(description).toContain(`at most ${DEFAULT_FILTER_LIMITS.maxLength} characters`);
});

it('puts a drifted description back, and leaves the rest of the document as it was', () => {
  const text = fs.readFileSync(OPENAPI_PATH, 'utf8');
  const drifted = text.replace('at most 4096 characters and 100 conditions', 'at most 2048 characters and 50 conditions');
  expect(drifted).not.toBe(text);
  expect(renderFilterSyntax(drifted)).toBe(text);
});
