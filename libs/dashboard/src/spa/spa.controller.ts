import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Errors } from '@qr/domain';
import { type Asset, DashboardAssets } from './dashboard-assets';
import { setDashboardHeaders } from './security-headers';

/**
 * Serves the dashboard under /app: hashed assets from /app/assets (cached for a year), and the
 * single page for every other /app path (the browser-side router takes it from there). The
 * dashboard's JSON lives under /app/api and is never answered with the page.
 */
@Controller('app')
export class SpaController {
  constructor(@Inject(DashboardAssets) private readonly assets: DashboardAssets) {}

  @Get(['', '*path'])
  any(@Req() req: Request, @Res() res: Response): void {
    const path = req.path.slice('/app'.length);
    if (path === '/api' || path.startsWith('/api/')) throw Errors.notFound('route');
    const asset = path.startsWith('/assets/') || /^\/[^/]+\.(ico|png|svg|txt|webmanifest)$/.test(path) ? this.assets.file(path) : undefined;
    if (asset) return send(req, res, asset, 'public, max-age=31536000, immutable');
    if (path.startsWith('/assets/')) throw Errors.notFound('asset');
    this.page(req, res);
  }

  private page(req: Request, res: Response): void {
    const index = this.assets.index;
    if (!index) throw Errors.unavailable('The dashboard is not built: run `npm run build`.');
    send(req, res, index, 'no-store');
  }
}

function send(req: Request, res: Response, asset: Asset, cacheControl: string): void {
  setDashboardHeaders(res);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', asset.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  if (req.headers['if-none-match'] === asset.etag) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', asset.contentType);
  const gzip = asset.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  const body = gzip ? asset.gzip! : asset.body;
  res.setHeader('Content-Length', body.length);
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}
