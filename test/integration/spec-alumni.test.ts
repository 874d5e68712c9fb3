/** The university full record carries the `alumni` glance (openapi.yaml `OrganizationFullFields`): the first page of its alumni list. */
import { expect, it } from 'vitest';
import { forEachDatabase } from '../helpers/harness.js';

forEachDatabase('university alumni glance', (h) => {
  it('is the first page of /alumni in its sort, with the total, on the university and entity records only', async () => {
    const uni = (await h().db('education').join('entities as u', 'u.id', 'education.university_id').groupBy('u.uuid').orderByRaw('count(*) desc').first('u.uuid')) as { uuid: string };
    const list = await h().get(`/data/universities/${uni.uuid}/alumni?limit=5&include_total=true`);
    expect(list.status).toBe(200);
    expect(list.body.page.total).toBeGreaterThan(5);
    for (const url of [`/data/universities/${uni.uuid}`, `/data/entities/${uni.uuid}`]) {
      const r = await h().get(url);
      expect(r.status).toBe(200);
      expect(r.body.data.alumni).toEqual({ total: list.body.page.total, sort: '-start_date', items: list.body.data });
      expect(r.body.data.available).toContain('alumni');
    }
    const company = (await h().db('entities').where({ subtype: 'company' }).first('uuid')) as { uuid: string };
    expect((await h().get(`/data/companies/${company.uuid}`)).body.data).not.toHaveProperty('alumni');
  });
});
