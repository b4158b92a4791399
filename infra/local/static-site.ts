import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The same security headers the CloudFront response-headers policy sets in the cloud. */
export function securityHeaders(connectSources: string[]): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      `connect-src 'self' ${connectSources.join(' ')}`.trim(),
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  };
}

/**
 * Serves a built site with the SPA fallback CloudFront applies (unknown paths get index.html) and the
 * runtime configuration at /config.json, so one build runs in every environment.
 */
export function createStaticSite(
  root: string,
  runtimeConfig: Record<string, unknown>,
  connectSources: string[],
) {
  const base = resolve(root);
  const headers = securityHeaders(connectSources);
  return function serve(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/config.json') {
      response.writeHead(200, {
        ...headers,
        'Content-Type': CONTENT_TYPES['.json'] as string,
        'Cache-Control': 'no-store',
      });
      response.end(JSON.stringify(runtimeConfig));
      return;
    }
    let path: string;
    try {
      path = normalize(join(base, decodeURIComponent(url.pathname)));
    } catch {
      path = join(base, 'index.html');
    }
    const inside = path === base || path.startsWith(base + sep);
    const isFile = inside && existsSync(path) && statSync(path).isFile();
    const file = isFile ? path : join(base, 'index.html');
    if (!existsSync(file)) {
      response.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(
        `This site is not built yet: run "npm run build -w ${root.includes('admin') ? 'admin-web' : 'web'}".`,
      );
      return;
    }
    const immutable = isFile && url.pathname.startsWith('/assets/');
    response.writeHead(200, {
      ...headers,
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    createReadStream(file).pipe(response);
  };
}
