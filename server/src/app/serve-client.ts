import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { projectRoot } from '../config/project-root';

export const CLIENT_BASE = '/semgi';

/**
 * Meta tag the server adds to the index.html it serves: the client then calls the API on the
 * page's own origin, whatever the port, address or proxy in front (ARCHITECTURE Part 1). Without
 * it (the Vite dev server) the client follows docs/interface.md#api-base's port rule.
 */
export const SAME_ORIGIN_API_META = '<meta name="semgi-api" content="same-origin" />';

/** index.html with the same-origin marker, read once at boot (a rebuild needs a restart anyway). */
export function withSameOriginApiMarker(html: string): string {
  return html.replace(/<head>/i, `<head>\n    ${SAME_ORIGIN_API_META}`);
}

/**
 * Serves the built React client under /semgi with an index.html fallback for client routes, and
 * redirects / there. Hashed assets are cached for a year; index.html never.
 */
export function serveClient(app: NestExpressApplication, logger: { warn: (msg: string) => void }): void {
  const dist = join(projectRoot(), 'client', 'dist');
  const indexPath = join(dist, 'index.html');
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (req.method === 'GET' && (req.path === '/' || req.path === '')) return res.redirect(302, `${CLIENT_BASE}/`);
    next();
  });
  if (!existsSync(indexPath)) {
    logger.warn('client/dist não encontrado: rode "npm run build" para servir a interface em /semgi/.');
    return;
  }
  const indexHtml = withSameOriginApiMarker(readFileSync(indexPath, 'utf8'));
  const sendIndex = (res: express.Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(indexHtml);
  };
  app.use(CLIENT_BASE, (req: express.Request, res: express.Response, next: express.NextFunction) => {
    // The raw file lacks the marker: /semgi/index.html answers like every client route.
    if (req.method === 'GET' && req.path === '/index.html') return sendIndex(res);
    next();
  });
  app.use(
    CLIENT_BASE,
    express.static(dist, {
      index: false,
      setHeaders: (res, path) => {
        if (path.includes(`${join('dist', 'assets')}`))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use(CLIENT_BASE, (req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (req.method !== 'GET' || req.path.startsWith('/assets/')) return next();
    sendIndex(res);
  });
}
