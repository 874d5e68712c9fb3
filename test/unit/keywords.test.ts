/** The text side of semantic_keyword: terms, field weights, the learned concept model, and nDCG of the evaluation. */
import { describe, expect, it } from 'vitest';
import { docConcepts, MAX_DOC_TERMS, ModelLearner, queryConcepts, termFrequencies, tokens } from '../../src/match/keywords.js';
import { ndcg } from '../eval/keyword-eval.js';

describe('semantic_keyword text', () => {
  it('splits on anything not a letter or digit, folds case and diacritics, drops stop words and plural s', () => {
    expect(tokens('The Café-Payments for Banks, Inc.')).toEqual(['cafe', 'payment', 'bank']);
    expect(tokens('Companies & technologies')).toEqual(['technology']);
    expect(tokens('business analysis')).toEqual(['business', 'analysis']);
    expect(tokens(null)).toEqual([]);
  });

  it('weighs a name word over a description word and keeps the heaviest terms', () => {
    const { tf, dl } = termFrequencies({ id: 1, name: 'Ledger', tagline: null, about: 'ledger tools', taxonomy: [{ id: 5, name: 'Fintech' }] });
    expect(Object.fromEntries(tf)).toEqual({ ledger: 4, tool: 1, fintech: 2 });
    expect(dl).toBe(7);
    const long = termFrequencies({ id: 2, name: 'X', tagline: null, about: Array.from({ length: 100 }, (_, i) => `w${i}`).join(' '), taxonomy: [] });
    expect(long.tf.size).toBe(MAX_DOC_TERMS);
    expect(long.dl).toBe(100);
  });

  it('learns which taxonomy a word goes with, and places an untagged document by its words', () => {
    const learner = new ModelLearner();
    for (let i = 0; i < 10; i++) learner.add(['fraud', 'bank', `name${i}`], [1]);
    for (let i = 0; i < 10; i++) learner.add(['protein', 'lab', `name${i}`], [2]);
    learner.add(['bank', 'lab'], [1, 2]);
    const model = learner.model();
    expect([...model.get('fraud')!.keys()]).toEqual([1]);
    expect([...model.get('protein')!.keys()]).toEqual([2]);
    // a word seen with every concept alike tells nothing
    expect(model.has('name0')).toBe(false);
    const untagged = docConcepts(new Map([['fraud', 1]]), [], model);
    expect([...untagged.keys()]).toEqual([1]);
    expect(untagged.get(1)).toBeCloseTo(1);
    const tagged = docConcepts(new Map([['protein', 1]]), [1], model);
    expect(tagged.get(1)!).toBeGreaterThan(tagged.get(2)!);
    expect([...tagged.values()].reduce((s, w) => s + w * w, 0)).toBeCloseTo(1);
    expect([...queryConcepts([['protein', 2]], model).keys()]).toEqual([2]);
  });

  it('scores a ranking by nDCG@10 with binary gains', () => {
    expect(ndcg([1, 2, 3], new Set([1, 2, 3]))).toBe(1);
    expect(ndcg([9, 8, 7], new Set([1]))).toBe(0);
    expect(ndcg([9, 1], new Set([1]))).toBeCloseTo(1 / Math.log2(3));
  });
});
