import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Errors } from '@qr/domain';
import { COMMAND_BUS, type CommandBus, Operation } from '@qr/platform';
import { API_PREFIX } from '../http/api-prefix';
import { QR_COMMANDS as QR } from '@qr/contracts';
import { type ImagePayload, sendImage } from './send-image';

/**
 * Public, unauthenticated previews: the URL's token is the secret. They render for paused and
 * not-yet-open codes too. A code's design can change (its pattern never does), so caches keep a
 * preview but ask again each time: the ETag makes that a 304 while nothing changed.
 */
@Controller(`${API_PREFIX}/previews`)
export class PreviewsController {
  constructor(@Inject(COMMAND_BUS) private readonly bus: CommandBus) {}

  @Operation({
    operationId: 'getPreview',
    summary: 'Public SVG preview (the `preview_url` of a code); no key, no quota, cacheable with ETag',
    tag: 'QR codes',
    public: true,
    params: { file: { schema: { type: 'string', pattern: '^[0-9A-Za-z]{32}\\.svg$' }, description: '`<token>.svg`, as in preview_url' } },
    answers: { '200': { description: 'SVG', media: ['image/svg+xml'] }, '304': { description: 'Not modified' } },
  })
  @Get(':file')
  async preview(@Param('file') file: string, @Req() req: Request, @Res() res: Response) {
    const token = /^([0-9A-Za-z]{32})\.svg$/.exec(file)?.[1];
    if (!token) throw Errors.notFound('preview');
    const image = await this.bus.send<ImagePayload>('qr-service', QR.preview, { token, ifNoneMatch: req.headers['if-none-match'] });
    sendImage(res, image, { download: false, cacheControl: 'public, no-cache' });
  }
}
