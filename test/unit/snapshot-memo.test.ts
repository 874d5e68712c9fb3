/**
 * What the rounds snapshot remembers for the next requests (src/db/snapshot.ts `remember`): the
 * latest few values, and of them no more bytes than 8 a round.
 */
import { expect, it } from 'vitest';
import { type Snapshot } from '../../src/db/snapshot.js';
import { recall, remember } from '../../src/db/snapshotLabels.js';

const snapshotOf = (n: number) => ({ n }) as Snapshot;

it('keeps the latest values within 8 bytes a round: two filters that keep every round', () => {
  const snap = snapshotOf(100);
  for (const key of ['a', 'b', 'c']) remember(snap, key, new Int32Array(100));
  expect(recall(snap, 'a')).toBeUndefined();
  expect(recall(snap, 'b')).toBeInstanceOf(Int32Array);
  expect(recall(snap, 'c')).toBeInstanceOf(Int32Array);
  // a grouping's labels count by their arrays; small values by the count alone
  remember(snap, 'labels', { labels: ['x'], single: new Int16Array(100) });
  expect(recall(snap, 'b')).toBeUndefined();
  for (let i = 0; i < 9; i++) remember(snap, `small ${i}`, new Int32Array(1));
  expect(recall(snap, 'small 0')).toBeUndefined();
  expect(recall(snap, 'small 8')).toBeInstanceOf(Int32Array);
});

it('keeps one value even past the bound, and a value remembered again counts once', () => {
  const snap = snapshotOf(10);
  remember(snap, 'all', new Int32Array(1000));
  expect(recall(snap, 'all')).toBeInstanceOf(Int32Array);
  const snap2 = snapshotOf(100);
  remember(snap2, 'a', new Int32Array(100));
  remember(snap2, 'a', new Int32Array(100));
  remember(snap2, 'b', new Int32Array(100));
  expect(recall(snap2, 'a')).toBeInstanceOf(Int32Array);
});
