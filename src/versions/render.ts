/**
 * The version table (src/versions/table.ts) as Markdown. openapi.yaml's description holds only the
 * `versions:start` and `versions:end` markers; the bundle renders the table between them
 * (`fillVersionTable`, src/openapi/bundle.ts), so the table is never stale. The script writes the
 * `API-Version` enum (the versions served today) into openapi.yaml and empties the markers:
 * `tsx src/versions/render.ts [--check]`. The same data serves `GET /reference/versions`.
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

const MARKERS = (indent: string, body: string) =>
  `${indent}<!-- versions:start (generated from src/versions/table.ts by \`make generate\`) -->\n${body}${indent}<!-- versions:end -->`;

/** A description with the version table between its markers. */
export function fillVersionTable(description: string): string {
  const m = START.exec(description);
  return m ? description.replace(START, () => MARKERS(m[1] ?? '', `${versionMarkdown().map((l) => (l ? (m[1] ?? '') + l : '')).join('\n')}\n`)) : description;
}

/** openapi.yaml with the served versions as the `ApiVersion` enum and the markers of the version table emptied. */
export function renderInto(yaml: string): string {
  const m = START.exec(yaml);
  if (!m) throw new Error('openapi.yaml has no versions:start/versions:end markers');
  if (!ENUM.test(yaml)) throw new Error('openapi.yaml: the ApiVersion schema has no `enum: [...]`');
  const served = supportedVersions(new Date());
  return yaml.replace(START, () => MARKERS(m[1] ?? '', '')).replace(ENUM, `$1[${served.map((v) => `'${v}'`).join(', ')}]`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = new URL('../../openapi.yaml', import.meta.url);
  const before = fs.readFileSync(file, 'utf8');
  const after = renderInto(before);
  if (process.argv.includes('--check')) {
    if (before !== after) {
      console.error('openapi.yaml is stale (the served API-Version list, or a version table written into it): run make generate');
      process.exit(1);
    }
  } else fs.writeFileSync(file, after);
}
