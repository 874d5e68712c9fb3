/**
 * The interactive API reference at /docs: Redoc, served from the installed @redocly/cli package (no
 * CDN, no network at run time), rendering /openapi.json. The getting-started guide is the
 * document's own description (token exchange, X-Client-Id, versions, filters, paging, errors).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';

const require = createRequire(import.meta.url);

function redocBundle(): string | null {
  try {
    const dir = path.dirname(require.resolve('@redocly/cli/package.json'));
    const file = path.join(dir, 'lib', 'chunks', 'redoc.standalone.js');
    return fs.existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Funding Data API reference</title>
  <style>body { margin: 0; padding: 0; }</style>
</head>
<body>
  <div id="redoc"></div>
  <script type="module">
    import { init } from '/docs/redoc.standalone.js';
    const spec = await (await fetch('/openapi.json')).json();
    init(spec, { expandResponses: '200', jsonSampleExpandLevel: 2, hideDownloadButton: false }, document.getElementById('redoc'));
  </script>
</body>
</html>`;

export function docsRoutes() {
  const bundle = redocBundle();
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' || !bundle) return next();
    if (req.path === '/docs' || req.path === '/docs/') {
      res
        .type('html')
        .set('Content-Security-Policy', "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:")
        .send(PAGE);
      return;
    }
    if (req.path === '/docs/redoc.standalone.js') {
      res.set('Cache-Control', 'public, max-age=3600').type('text/javascript').sendFile(bundle);
      return;
    }
    next();
  };
}
