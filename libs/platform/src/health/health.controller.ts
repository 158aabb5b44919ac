import { Controller, Get, Header, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Metrics } from '../metrics/metrics';
import { HealthRegistry } from './health-registry';

/** Probes and metrics, on every deployable, outside the public API's auth. */
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthRegistry,
    private readonly metrics: Metrics,
  ) {}

  @Get('healthz')
  @Header('Cache-Control', 'no-store')
  healthz() {
    return { status: 'ok' };
  }

  @Get('readyz')
  @Header('Cache-Control', 'no-store')
  async readyz(@Res() res: Response): Promise<void> {
    const report = await this.health.readiness();
    res.status(report.ready ? 200 : 503).json({ status: report.ready ? 'ready' : 'not_ready', checks: report.checks });
  }

  @Get('metrics')
  async metricsText(@Res() res: Response): Promise<void> {
    res.setHeader('Content-Type', this.metrics.registry.contentType);
    res.send(await this.metrics.exposition());
  }
}
