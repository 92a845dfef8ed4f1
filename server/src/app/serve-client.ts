import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { projectRoot } from '../config/project-root';

export const CLIENT_BASE = '/semgi';

/**
 * Serves the built React client under /semgi with an index.html fallback for client routes, and
 * redirects / there. Hashed assets are cached for a year; index.html never.
 */
export function serveClient(app: NestExpressApplication, logger: { warn: (msg: string) => void }): void {
  const dist = join(projectRoot(), 'client', 'dist');
  const index = join(dist, 'index.html');
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (req.method === 'GET' && (req.path === '/' || req.path === '')) return res.redirect(302, `${CLIENT_BASE}/`);
    next();
  });
  if (!existsSync(index)) {
    logger.warn('client/dist não encontrado: rode "npm run build" para servir a interface em /semgi/.');
    return;
  }
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
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
