/**
 * An export of an instance whose imports created places and sectors (a city and a category no
 * reference table held: docs/import.md, the mapping table) imported into an empty instance: the
 * city, its state and the sector are created there with the ids and names the export carries, so the
 * company names the same city, state and sector on both, instead of the row
 * being rejected as naming reference data the target does not hold.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/knex.js';
import { runImport, type Input } from '../../src/import/engine.js';
import { DATABASES, emptyDatabase, startHarness, type Harness } from '../helpers/harness.js';

const text = (name: string, body: string): Input => ({ name, size: null, async *open() { yield body; } });

describe.each(DATABASES)('an export naming places and sectors an import created [%s]', (kind) => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    h = await startHarness(kind);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `fdapi-exported-places-${kind}-`));
  }, 60_000);
  afterAll(async () => {
    await h?.server.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates them in the empty instance with the exported ids, names, parents and coordinates; a second import changes nothing', async () => {
    const company = { name: 'Placeless Rockets', country: 'USA', state: 'CA', city: 'Nowhereville Springs', categories: ['real_time'], status: 'operating', founded_on: '2019' };
    const created = await runImport(h.db, [text('a.ndjson', `${JSON.stringify({ type: 'company', key: 'placeless', data: company })}\n`)], { format: 'ndjson', mode: 'all-or-nothing', dryRun: false, source: 'partner' });
    expect(created.committed).toBe(true);

    const res = await fetch(`${h.server.baseUrl}/data/exports/companies`, { headers: { Authorization: `Bearer ${h.token}`, 'X-Client-Id': 'dev-client' } });
    expect(res.status).toBe(200);
    const exported = await res.text();
    const lines = exported.trimEnd().split('\n');
    const row = lines.map((l) => JSON.parse(l)).find((r) => r.name === company.name);
    expect(row.locations[0].city.name).toBe(company.city);
    expect(row.taxonomy.map((t: { name: string }) => t.name)).toContain('Real Time');

    const url = await emptyDatabase(kind, dir);
    const b = createDb(kind === 'sqlite' ? { dbClient: 'sqlite', databaseUrl: url, sqliteFile: url.slice(7), dbPoolMax: 2 } : { dbClient: 'postgres', databaseUrl: url, sqliteFile: '', dbPoolMax: 2 });
    try {
      // the company's row alone, with the export's trailer for one row
      const trailer = JSON.parse(lines.at(-1)!);
      trailer._export.rows = 1;
      const report = await runImport(b, [text('companies.ndjson', `${JSON.stringify(row)}\n${JSON.stringify(trailer)}\n`)], { format: 'ndjson', mode: 'all-or-nothing', dryRun: false, type: 'companies' });
      expect(report.rejections).toEqual([]);
      expect(report.committed).toBe(true);

      const loc = row.locations[0];
      const city = await b('places').where('id', loc.city.id).first('kind', 'name', 'state_id', 'country_id', 'continent_id', 'lat', 'lon');
      expect(city).toMatchObject({ kind: 'city', name: loc.city.name, state_id: loc.state.id, country_id: loc.country.id, continent_id: loc.continent.id });
      expect([Number(city.lat), Number(city.lon)]).toEqual([loc.lat, loc.lon]);
      expect(await b('places').where('id', loc.state.id).first('kind', 'name', 'country_id')).toMatchObject({ kind: 'state', name: loc.state.name, country_id: loc.country.id });
      const sector = row.taxonomy.find((t: { name: string }) => t.name === 'Real Time');
      expect(await b('taxonomy').where('id', sector.id).first('name', 'type')).toEqual({ name: 'Real Time', type: sector.type });
      const entity = await b('entities').where('uuid', row.uuid).first('hq_city_id');
      expect(Number(entity.hq_city_id)).toBe(loc.city.id);

      // a second import of the same row changes nothing
      const again = await runImport(b, [text('companies.ndjson', `${JSON.stringify(row)}\n${JSON.stringify(trailer)}\n`)], { format: 'ndjson', mode: 'all-or-nothing', dryRun: false, type: 'companies' });
      expect(again.files[0]!.types.companies).toMatchObject({ read: 1, unchanged: 1, rejected: 0 });
    } finally {
      await b.destroy();
    }
  }, 120_000);
});
