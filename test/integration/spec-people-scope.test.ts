import { expect, it } from 'vitest';
import { forEachDatabase } from '../helpers/harness.js';
import { keyWithScopes } from '../helpers/principals.js';

// openapi.yaml scopes: people are read:entities; founder profiles are read:founders
forEachDatabase('people career and education scope', (h) => {
  it('serves career and education to a read:entities key and refuses a read:founders-only key', async () => {
    const person = (await h().db('entities').where({ type: 'person' }).orderBy('id').first('uuid')) as { uuid: string };
    const entities = await keyWithScopes(h(), ['read:entities']);
    const founders = await keyWithScopes(h(), ['read:founders']);
    for (const sub of ['career', 'education']) {
      const ok = await h().get(`/data/people/${person.uuid}/${sub}`, entities);
      expect(ok.status).toBe(200);
      expect(Array.isArray(ok.body.data)).toBe(true);
      const refused = await h().get(`/data/people/${person.uuid}/${sub}`, founders);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'FORBIDDEN', details: { required_scope: 'read:entities' } });
    }
  });
});
