/**
 * Renders the version table (src/versions/table.ts) as Markdown into openapi.yaml's description,
 * between the `versions:start` and `versions:end` markers: `tsx src/versions/render.ts [--check]`.
 * The same data serves `GET /reference/versions`.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { supportedVersions } from './resolve.js';
import { ALL_VERSION_CHANGES, SUPPORT_DAYS_AFTER_SUPERSEDED, VERSIONS } from './table.js';

const START = /( *)<!-- versions:start[^\n]*-->\n[\s\S]*?<!-- versions:end -->/;
/** The enum of the `ApiVersion` schema (the `API-Version` header's values): the versions served on the render date. */
const ENUM = /(\n {4}ApiVersion:\n(?: {6}.*\n)*? {6}enum: )\[[^\]]*\]/;

export function versionMarkdown(): string[] {
  const rows = VERSIONS.map((v, i) => {
    const sunset = v.sunset ?? (i === 0 ? '' : `30 days after ${VERSIONS[i - 1]!.date}`);
    return `| ${v.date}${i === 0 ? ' (latest)' : ''} | ${sunset} | ${v.changes.join(' ').replace(/\|/g, '\\|')} |`;
  });
  return [
    `Pin a version with \`API-Version\`. A superseded version is served until its sunset (${SUPPORT_DAYS_AFTER_SUPERSEDED} days after its`,
    'successor unless the table says otherwise) with `Deprecation` and `Sunset` headers; after it, 400.',
    '',
    '| Version | Sunset | Changes |',
    '|---|---|---|',
    ...rows,
    '',
    'For all versions: ' + ALL_VERSION_CHANGES.map((c) => `${c.date} ${c.change}`).join(' '),
  ];
}

export function renderInto(yaml: string): string {
  const m = START.exec(yaml);
  if (!m) throw new Error('openapi.yaml has no versions:start/versions:end markers');
  const indent = m[1] ?? '';
  const body = versionMarkdown().map((l) => (l ? indent + l : '')).join('\n');
  if (!ENUM.test(yaml)) throw new Error('openapi.yaml: the ApiVersion schema has no `enum: [...]`');
  const served = supportedVersions(new Date());
  return yaml
    .replace(START, `${indent}<!-- versions:start (generated from src/versions/table.ts by \`make generate\`) -->\n${body}\n${indent}<!-- versions:end -->`)
    .replace(ENUM, `$1[${served.map((v) => `'${v}'`).join(', ')}]`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = new URL('../../openapi.yaml', import.meta.url);
  const before = fs.readFileSync(file, 'utf8');
  const after = renderInto(before);
  if (process.argv.includes('--check')) {
    if (before !== after) {
      console.error('openapi.yaml is stale (the version table or served API-Version list): run make generate');
      process.exit(1);
    }
  } else fs.writeFileSync(file, after);
}
