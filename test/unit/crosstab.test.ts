import { describe, expect, it } from 'vitest';
import { crosstab, LabelsBuilder, roundsOf, wholeSet } from '../../src/db/crosstab.js';

// rounds 10, 11 of company 1, round 12 of company 2 (no amount), round 13 of company 3
const rounds = () =>
  roundsOf(
    [
      { id: 10, company: 1, amount: 100 },
      { id: 11, company: 1, amount: 50 },
      { id: 12, company: 2, amount: null },
      { id: 13, company: 3, amount: 7 },
    ],
  );

const labels = (r: ReturnType<typeof rounds>, pairs: [number, string][]) => {
  const b = new LabelsBuilder(r);
  for (const [id, label] of pairs) b.addList(label, String(id));
  return b.build();
};

describe('crosstab', () => {
  it('counts distinct rounds and companies per group and sums and counts every row with an amount, as GROUP BY does', () => {
    const r = rounds();
    // round 10 has the label "x" twice (two rows, like a duplicate join): counted once, summed twice
    const a = labels(r, [[13, 'y'], [10, 'x'], [11, 'x'], [12, 'x'], [10, 'x'], [99, 'x']]);
    expect(crosstab(r, a, wholeSet(r))).toEqual([
      { labels: ['y', ''], rounds: 1, companies: 1, amountSum: 7, amountCount: 1, amountAvg: 7 },
      { labels: ['x', ''], rounds: 3, companies: 2, amountSum: 250, amountCount: 3, amountAvg: 250 / 3 },
    ]);
  });

  it('crosses the labels of two dimensions per round and leaves out rounds without a label', () => {
    const r = rounds();
    const a = labels(r, [[10, 'x'], [11, 'x'], [12, 'y']]);
    const b = labels(r, [[10, 'p'], [10, 'q'], [12, 'p'], [13, 'p']]);
    expect(crosstab(r, a, b)).toEqual([
      { labels: ['x', 'p'], rounds: 1, companies: 1, amountSum: 100, amountCount: 1, amountAvg: 100 },
      { labels: ['x', 'q'], rounds: 1, companies: 1, amountSum: 100, amountCount: 1, amountAvg: 100 },
      { labels: ['y', 'p'], rounds: 1, companies: 1, amountSum: null, amountCount: 0, amountAvg: null },
    ]);
    expect(crosstab(r, wholeSet(r), wholeSet(r))).toEqual([{ labels: ['', ''], rounds: 4, companies: 3, amountSum: 157, amountCount: 3, amountAvg: 157 / 3 }]);
  });

  it("takes a label's rounds as a comma-separated id list, repeats included", () => {
    const r = rounds();
    const b = new LabelsBuilder(r);
    b.addList('x', '10,10,11,12,99');
    b.addList('y', '13');
    b.addList('z', '');
    expect(b.build()).toEqual(labels(r, [[10, 'x'], [10, 'x'], [11, 'x'], [12, 'x'], [13, 'y'], [99, 'z']]));
  });

  it('tallies only the label pairs met when most pairs of two many-label dimensions have no round, in the same order', () => {
    // 300 rounds of 100 companies; 150 labels × 200 labels = 30,000 cells for 450 pairs
    const n = 300;
    const r = roundsOf(Array.from({ length: n }, (_x, i) => ({ id: i, company: Math.floor(i / 3), amount: i % 4 ? i : null })));
    const pairsA: [number, string][] = Array.from({ length: n }, (_x, i) => [i, `a${i % 150}`]);
    const pairsB: [number, string][] = Array.from({ length: n }, (_x, i) => [i, `b${(i * 7) % 200}`]);
    for (let i = 0; i < n; i += 2) pairsB.push([i, `b${(i * 3) % 200}`]);
    const a = labels(r, pairsA);
    const b = labels(r, pairsB);
    // the same groups by brute force, in (a label, b label) code order
    const groups = new Map<string, { rounds: Set<number>; companies: Set<number>; sum: number; n: number; order: number }>();
    for (const [ra, la] of pairsA) {
      for (const [rb, lb] of pairsB) {
        if (ra !== rb) continue;
        const k = `${la}|${lb}`;
        const g = groups.get(k) ?? { rounds: new Set(), companies: new Set(), sum: 0, n: 0, order: a.labels.indexOf(la) * b.labels.length + b.labels.indexOf(lb) };
        g.rounds.add(ra);
        g.companies.add(Math.floor(ra / 3));
        if (ra % 4) (g.sum += ra), g.n++;
        groups.set(k, g);
      }
    }
    const expected = [...groups].sort((x, y) => x[1].order - y[1].order).map(([k, g]) => ({
      labels: k.split('|'), rounds: g.rounds.size, companies: g.companies.size, amountSum: g.n ? g.sum : null, amountCount: g.n, amountAvg: g.n ? g.sum / g.n : null,
    }));
    expect(crosstab(r, a, b)).toEqual(expected);
  });

  it('grows past its initial capacity', () => {
    const n = 70_000;
    const r = roundsOf(Array.from({ length: n }, (_x, i) => ({ id: i, company: i >> 1, amount: 1 })));
    const a = labels(r, Array.from({ length: n }, (_x, i) => [i, i % 2 ? 'odd' : 'even'] as [number, string]));
    expect(crosstab(r, a, wholeSet(r)).map((g) => [g.labels[0], g.rounds, g.companies])).toEqual([
      ['even', n / 2, n / 2],
      ['odd', n / 2, n / 2],
    ]);
  });
});
