/**
 * Lists recent Series A rounds in EUR through the typed client.
 *   BASE_URL=http://localhost:3000 AUTH_URL=http://localhost:3001 npx tsx examples/series-a-eur.ts [count]
 */
import { createFundingClient, paginate } from '../clients/typescript/index.js';

export async function recentSeriesA(opts: { baseUrl: string; authUrl: string; clientId: string; clientSecret: string; count: number }) {
  const api = createFundingClient({ ...opts, apiVersion: '2026-10-09' });
  const rows: { id: number; date: string | null; company: string; amount: number | null }[] = [];
  const pages = paginate((cursor) =>
    api.GET('/data/transactions', {
      params: { query: { filter: 'standardized_round[eq]:series_a', sort: '-date', currency: 'EUR', limit: Math.min(50, opts.count), cursor } },
    }),
  );
  for await (const t of pages) {
    rows.push({ id: t.id, date: t.announced_date, company: t.company.name, amount: t.amount });
    if (rows.length >= opts.count) break;
  }
  return rows;
}

if (process.argv[1]?.endsWith('series-a-eur.ts')) {
  const rows = await recentSeriesA({
    baseUrl: process.env.BASE_URL ?? 'http://localhost:3000',
    authUrl: process.env.AUTH_URL ?? 'http://localhost:3001',
    clientId: process.env.CLIENT_ID ?? 'dev-client',
    clientSecret: process.env.CLIENT_SECRET ?? 'dev-secret',
    count: Number(process.argv[2] ?? 10),
  });
  for (const r of rows) console.log(`${r.date ?? 'n/a'}  ${r.company.padEnd(32)} ${r.amount === null ? 'undisclosed' : `EUR ${r.amount.toLocaleString('en-US')}`}`);
}
