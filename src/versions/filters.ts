/**
 * Filters across versions: every change module sees each condition, rewriting old forms for
 * clients pinned before it and refusing them (400 naming the replacement) for the others.
 */
import type { FilterNode } from '../query/filter.js';
import { CHANGES } from './changes/index.js';
import type { VersionInfo } from './resolve.js';

export function upgradeFilter(node: FilterNode, version: VersionInfo): FilterNode {
  if (node.kind !== 'cond') return { ...node, children: node.children.map((c) => upgradeFilter(c, version)) };
  // oldest change first: an old form is upgraded step by step to the current one
  return [...CHANGES].reverse().reduce((cond, change) => (change.filterCondition ? change.filterCondition(cond, version.date < change.version) : cond), node);
}
