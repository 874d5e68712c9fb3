/**
 * The interactive API reference at /docs: Redoc 3's standalone renderer (no CDN, no network at run
 * time), rendering /docs/openapi.json: the published document (this deployment's URLs) with a curl,
 * Python and TypeScript sample on every operation (src/http/samples.ts), the version table moved to
 * its own page (/docs/versions) and docs/evaluating.md as its last section. Path-style links
 * (`/docs/tag/...`, `/docs/operation/...`, `/docs/section/...`) answer the page, which shows that
 * place. `make build` writes the renderer into the build
 * (dist/assets/redoc.standalone.js, scripts/build.ts), so a production install without development
 * dependencies serves it; running from the sources reads it from the development dependency
 * @redocly/cli, which ships the same file. The getting-started guide is the
 * document's own description (token exchange, X-Client-Id, versions, filters, paging, errors).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextFunction, Request, Response } from 'express';
import { loadDocument } from '../openapi/served.js';
import { versionMarkdown } from '../versions/render.js';
import { operationSamples } from './samples.js';

const require = createRequire(import.meta.url);

/** Where the build puts the renderer, relative to the build's root: beside the compiled `src/` (dist/assets). */
export const RENDERER_IN_BUILD = path.join('assets', 'redoc.standalone.js');
const BUILT_RENDERER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', RENDERER_IN_BUILD);

/**
 * Redoc renders one fixed inline script (it picks the light or dark colour mode); the page's
 * Content-Security-Policy allows exactly that script by its hash and no other inline code.
 */
const COLOR_MODE_SCRIPT =
  'try{var m=localStorage.getItem("redoc.colorMode");if(m!=="light"&&m!=="dark")m=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";document.documentElement.classList.add(m)}catch(e){}';
const CSP = [
  "default-src 'self'",
  `script-src 'self' 'sha256-${crypto.createHash('sha256').update(COLOR_MODE_SCRIPT).digest('base64')}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
].join('; ');

/** Redoc's attribution logo would come from Redocly's CDN; the page serves a local one instead. */
const CDN_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="20" viewBox="0 0 80 20"><text x="0" y="15" font-family="sans-serif" font-size="14" fill="#0044D4">Redocly</text></svg>`;

/** The renderer as the build wrote it, else from the development dependency; null when neither is there. */
export function redocBundle(): string | null {
  if (fs.existsSync(BUILT_RENDERER)) return fs.readFileSync(BUILT_RENDERER, 'utf8');
  const source = devRenderer();
  return source ? localLogo(source) : null;
}

/** The renderer file of the development dependency @redocly/cli (absent after `npm prune --omit=dev`). */
export function devRenderer(): string | null {
  try {
    const file = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'lib', 'chunks', 'redoc.standalone.js');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  } catch {
    return null;
  }
}

export const localLogo = (source: string): string => source.replace(CDN_LOGO, '/docs/redocly-logo.svg');

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Funding Data API reference</title>
  <link rel="icon" href="data:,">
  <style>body { margin: 0; padding: 0; }</style>
</head>
<body>
  <div id="redoc"></div>
  <script type="module" src="/docs/init.js"></script>
</body>
</html>`;

// A separate file, not an inline script, so the page's Content-Security-Policy needs no 'unsafe-inline'.
// A path-style link is handed to Redoc as its fragment (`/docs/operation/X` -> `/docs#operation/X`),
// which its router then shows at that path.
const INIT = `import { init } from '/docs/redoc.standalone.js';
const path = location.pathname.replace(/\\/+$/, '');
const versions = path === '/docs/versions';
if (!versions && path.startsWith('/docs/') && !location.hash) history.replaceState(null, '', '/docs#' + path.slice(6));
const spec = await (await fetch(versions ? '/docs/versions.json' : '/docs/openapi.json')).json();
const codeSamples = { languages: [{ lang: 'curl' }, { lang: 'Python', label: 'Python SDK' }, { lang: 'TypeScript' }] };
init(spec, { expandResponses: '200', jsonSampleExpandLevel: 2, hideDownloadButton: false, disableTelemetry: true, codeSamples }, document.getElementById('redoc'));
`;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const EVALUATING_MD = path.join(ROOT, 'docs', 'evaluating.md');
/** Redoc's fragments: tags, operations and the description's sections. */
const DEEP_LINK = /^\/docs\/(?:tag|operation|section|schema)\/[^/]+(?:\/[^/]+)*\/?$/;
const VERSION_TABLE = /<!-- versions:start[^\n]*-->\n[\s\S]*?<!-- versions:end -->/;

type Json = Record<string, any>;

/** The document as this deployment publishes it: `servers`, the token URL and `{auth_url}` set to its own URLs. */
export function publishedDocument(baseUrl: string, authUrl: string, at: Date): Json {
  const doc = loadDocument(at) as Json;
  doc.servers = [{ url: baseUrl, description: 'This deployment' }];
  const flow = doc.components?.securitySchemes?.oauth2?.flows?.clientCredentials;
  if (flow) flow.tokenUrl = `${authUrl}/oauth/token`;
  if (doc.info?.description) doc.info.description = String(doc.info.description).replaceAll('{auth_url}', authUrl);
  return doc;
}

/** The document the /docs page renders: samples on every operation, the version table on its own page, the evaluation guide last. */
export function docsDocument(published: Json, baseUrl: string, authUrl: string): Json {
  const doc = structuredClone(published);
  for (const o of operationSamples(doc, { baseUrl, authUrl })) doc.paths[o.path][o.method]['x-codeSamples'] = o.samples;
  const guide = fs.existsSync(EVALUATING_MD) ? fs.readFileSync(EVALUATING_MD, 'utf8').replace(/^(#+) /gm, '#$1 ') : '';
  doc.info.description = String(doc.info.description).replace(
    VERSION_TABLE,
    'The versions, their sunsets and changes are on their own page: [version history](/docs/versions) (the same data as `GET /reference/versions`).',
  ) + (guide ? `\n${guide}` : '');
  return doc;
}

/** The version history page's document: the version table only. */
function versionsDocument(published: Json): Json {
  const lines = ['[Back to the API reference](/docs)', '', ...versionMarkdown()];
  return { openapi: published.openapi, info: { title: `${published.info.title}: version history`, version: published.info.version, description: lines.join('\n') }, paths: {} };
}

export interface DocsTarget {
  baseUrl: string;
  authUrl: string;
  now: () => Date;
}

export function docsRoutes(target: DocsTarget) {
  const bundle = redocBundle();
  let built: { docs: string; versions: string } | null = null;
  const documents = () => {
    if (!built) {
      const published = publishedDocument(target.baseUrl, target.authUrl, target.now());
      built = { docs: JSON.stringify(docsDocument(published, target.baseUrl, target.authUrl)), versions: JSON.stringify(versionsDocument(published)) };
    }
    return built;
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' || !bundle) return next();
    if (req.path === '/docs/openapi.json' || req.path === '/docs/versions.json') {
      const d = documents();
      res.set('Cache-Control', 'no-cache').type('application/json').send(req.path === '/docs/openapi.json' ? d.docs : d.versions);
      return;
    }
    if (req.path === '/docs/evaluating.md' && fs.existsSync(EVALUATING_MD)) {
      res.set('Cache-Control', 'no-cache').type('text/markdown; charset=utf-8').send(fs.readFileSync(EVALUATING_MD, 'utf8'));
      return;
    }
    if (req.path === '/docs' || req.path === '/docs/' || req.path === '/docs/versions' || DEEP_LINK.test(req.path)) {
      res
        .type('html')
        .set('Content-Security-Policy', CSP)
        .send(PAGE);
      return;
    }
    if (req.path === '/docs/init.js') {
      res.set('Cache-Control', 'no-cache').type('text/javascript').send(INIT);
      return;
    }
    if (req.path === '/docs/redoc.standalone.js') {
      res.set('Cache-Control', 'public, max-age=3600').type('text/javascript').send(bundle);
      return;
    }
    if (req.path === '/docs/redocly-logo.svg') {
      res.set('Cache-Control', 'public, max-age=3600').type('image/svg+xml').send(LOGO);
      return;
    }
    next();
  };
}
