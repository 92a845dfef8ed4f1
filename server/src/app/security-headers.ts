import type express from 'express';
import helmet from 'helmet';

/**
 * Content-Security-Policy of the app. The built client has no inline script (Vite emits module
 * files) and calls only its own origin (HTTP and Socket.IO). Styles allow 'unsafe-inline':
 * react-aria positions popovers and ECharts draws its tooltips with inline style attributes.
 * The document viewer frames /api/uploads/… of the same origin; nothing frames the app.
 */
export const APP_CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Browser security headers on every response (helmet): the CSP above, nosniff, no Referer, no
 * framing. Routes may replace them afterwards (GET /api/uploads/:file sets a stricter per-file
 * CSP). HSTS only on HTTPS requests: `req.secure` follows TRUST_PROXY, so X-Forwarded-Proto counts
 * only from a trusted proxy, and an intranet install on plain HTTP is never pinned to HTTPS.
 */
export function securityHeaders(): express.RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: APP_CSP_DIRECTIVES },
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
    }),
    (req, res, next) => {
      if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
      next();
    },
  ];
}
