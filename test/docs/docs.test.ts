/**
 * Opens /docs in headless Chromium (Debian's chromium, driven by playwright-core), checks that our
 * operations render without console errors, and saves a screenshot under test/artifacts/.
 */
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers/harness.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let h: Harness;
let browser: Browser;

beforeAll(async () => {
  h = await startHarness('sqlite');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await h?.server.close();
});

it('renders the API reference from our own packages with our operations and no console errors', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors: string[] = [];
  const offsite: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => !r.url().startsWith(h.server.baseUrl) && !r.url().startsWith('data:') && offsite.push(r.url()));
  await page.goto(`${h.server.baseUrl}/docs`, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.body.textContent?.includes('Getting started'), undefined, { timeout: 30_000 });
  // Redoc 3 lists each tag's operations once its menu group is opened
  const groups: [string, string][] = [['Transactions', 'List funding rounds'], ['Companies', 'Get a company'], ['Analytics', 'Funding heatmap'], ['Platform', 'Create an API key']];
  for (const [tag, summary] of groups) {
    await page.locator('[data-component-name="Menu/MenuItem"]').getByText(tag, { exact: true }).first().click();
    await page.waitForFunction((s) => document.body.textContent?.includes(s), summary, { timeout: 15_000 });
  }
  fs.mkdirSync('test/artifacts', { recursive: true });
  await page.screenshot({ path: 'test/artifacts/docs.png' });
  expect(errors).toEqual([]);
  expect(offsite).toEqual([]);
}, 120_000);

it('a path-style deep link opens its operation with its curl, Python and TypeScript samples; the version history has its own page', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${h.server.baseUrl}/docs/operation/getTransaction`, { waitUntil: 'networkidle' });
  // the samples panel opens on the curl sample, with this deployment's URLs; its language menu has the SDKs
  await page.waitForFunction((base) => document.body.textContent?.includes(`curl -sS --globoff "${base}/data/transactions/703"`), h.server.baseUrl, { timeout: 30_000 });
  for (const [label, line] of [['Python SDK', 'from funding_data_api_client.api.transactions import get_transaction'], ['TypeScript', "import { createFundingClient } from '@funding-data/client';"]]) {
    await page.locator('[data-testid="dropdown"] button[aria-haspopup="menu"]').filter({ hasText: /^(curl|Python SDK|TypeScript)$/ }).first().click();
    await page.locator('[data-component-name="Dropdown/DropdownMenuItem"]').filter({ hasText: label! }).first().click();
    await page.waitForFunction((text) => document.body.textContent?.includes(text), line!, { timeout: 15_000 });
  }
  await page.screenshot({ path: 'test/artifacts/docs-operation.png' });
  await page.goto(`${h.server.baseUrl}/docs/versions`, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.body.textContent?.includes('Initial version.'), undefined, { timeout: 30_000 });
  expect(errors).toEqual([]);
}, 120_000);
