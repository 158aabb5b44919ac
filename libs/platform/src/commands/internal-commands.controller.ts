import { Body, Controller, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { ApiError, Errors } from '@qr/domain';
import { JsonLogger } from '../logging/json-logger';
import { RUNTIME_CONFIG } from '../platform.tokens';
import { type RuntimeConfig } from '../config/runtime-config';
import { CommandRegistry, INTERNAL_TOKEN_HEADER } from './command-bus';

/** The receiving end of HttpCommandBus; mounted only when a deployable runs on its own. */
@Controller('internal/v1/commands')
export class InternalCommandsController {
  constructor(
    private readonly registry: CommandRegistry,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
    private readonly logger: JsonLogger,
  ) {}

  @Post(':name')
  async handle(@Param('name') name: string, @Body() payload: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (!this.tokenMatches(req.headers[INTERNAL_TOKEN_HEADER])) {
      res.status(401).json({ internal: 'bad_internal_token' });
      return;
    }
    const handler = this.registry.resolve(name);
    if (!handler) {
      res.status(404).json({ internal: 'unknown_command' });
      return;
    }
    try {
      res.status(200).json({ result: (await handler(payload)) ?? null });
    } catch (err) {
      if (err instanceof ApiError) {
        res.status(err.status).json({ error: err.toJSON() });
        return;
      }
      this.logger.event('error', 'internal command failed', { command: name, error: err instanceof Error ? err.stack : String(err) });
      res.status(500).json({ error: Errors.internal().toJSON() });
    }
  }

  private tokenMatches(offered: string | string[] | undefined): boolean {
    const expected = this.config.internalToken;
    if (!expected || typeof offered !== 'string') return false;
    const a = Buffer.from(offered);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
