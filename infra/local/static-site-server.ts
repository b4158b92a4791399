import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { withStripeJs } from '../lib/stripe-js-csp';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The page a prerendering build serves for client-side routes (web/scripts/prerender.ts). */
const APP_SHELL = 'app.html';

/** What CloudFront compresses (`compress: true`): text types, from 1,000 bytes. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);
const MIN_COMPRESSED_BYTES = 1000;
/** Fast enough for a first request (the whole build in about 0.1 s), within 10% of the best ratio. */
const BROTLI_QUALITY = 5;

type Encoding = 'br' | 'gzip' | 'identity';

/** Brotli when the browser takes it, else gzip: the order CloudFront applies. */
function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const accepted = new Set(
    String(acceptEncoding ?? '')
      .split(',')
      .map((part) => part.split(';')[0]?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** A built file as it goes on the wire; each file is compressed once per build (until it changes). */
function createEncodedFiles() {
  const cache = new Map<string, { version: string; body: Buffer }>();
  return (file: string, encoding: Encoding): Buffer => {
    if (encoding === 'identity') return readFileSync(file);
    const stats = statSync(file);
    const version = `${stats.size}:${stats.mtimeMs}`;
    const key = `${encoding}:${file}`;
    const cached = cache.get(key);
    if (cached?.version === version) return cached.body;
    const raw = readFileSync(file);
    const body =
      encoding === 'br'
        ? brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : gzipSync(raw);
    cache.set(key, { version, body });
    return body;
  };
}

/**
 * The file a path is served from, as CloudFront does (infra/lib/constructs/static-site.ts): the file
 * itself, a folder's index.html (the prerendered public pages: /pricing is dist/pricing/index.html), or
 * for client-side routes the build's app shell (`app.html`, web) or else its index.html (admin-web).
 */
function resolveSiteFile(base: string, pathname: string): { file: string; isFile: boolean } {
  const shell = join(base, APP_SHELL);
  const fallback = { file: existsSync(shell) ? shell : join(base, 'index.html'), isFile: false };
  let path: string;
  try {
    path = normalize(join(base, decodeURIComponent(pathname)));
  } catch {
    return fallback;
  }
  const inside = path === base || path.startsWith(base + sep);
  if (!inside || !existsSync(path)) return fallback;
  if (statSync(path).isFile()) return { file: path, isFile: true };
  const page = join(path, 'index.html');
  return existsSync(page) ? { file: page, isFile: false } : fallback;
}

/**
 * The same security headers the CloudFront response-headers policy sets in the cloud; with `stripeJs`
 * (the investor site when PAYMENT_GATEWAY=stripe) the policy also allows Stripe.js (stripe-js-csp.ts).
 */
export function securityHeaders(
  connectSources: string[],
  options: { stripeJs?: boolean } = {},
): Record<string, string> {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    // As in the cloud: no inline <style> elements; React's style props go through the CSSOM, which
    // CSP does not govern.
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${connectSources.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  return {
    'Content-Security-Policy': (options.stripeJs ? withStripeJs(directives) : directives).join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  };
}

/**
 * Serves a built site the way CloudFront does: compressed, prerendered pages from their folders, the
 * SPA fallback (other paths get the app shell), and the runtime configuration at /config.json, so one
 * build runs in every environment and measures like the cloud.
 */
export function createStaticSite(
  root: string,
  runtimeConfig: Record<string, unknown>,
  connectSources: string[],
  options: { stripeJs?: boolean } = {},
) {
  const base = resolve(root);
  const headers = securityHeaders(connectSources, options);
  const encodedFile = createEncodedFiles();
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
    const { file, isFile } = resolveSiteFile(base, url.pathname);
    if (!existsSync(file)) {
      response.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(
        `This site is not built yet: run "npm run build -w ${root.includes('admin') ? 'admin-web' : 'web'}".`,
      );
      return;
    }
    const immutable = isFile && url.pathname.startsWith('/assets/');
    const compressible = COMPRESSIBLE.has(extname(file)) && statSync(file).size >= MIN_COMPRESSED_BYTES;
    const encoding = compressible ? chooseEncoding(request.headers['accept-encoding']) : 'identity';
    const body = encodedFile(file, encoding);
    response.writeHead(200, {
      ...headers,
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'Content-Length': String(body.length),
      ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
      ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}
