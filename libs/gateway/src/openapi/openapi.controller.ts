import { Controller, Get, Header, Inject } from '@nestjs/common';
import { RUNTIME_CONFIG, type RuntimeConfig } from '@qr/platform';
import { API_PREFIX } from '../http/api-prefix';
import { renderDocsPage } from './docs-page';
import { openApiDocument } from './openapi-document';

/** Public, unauthenticated, and not counted against any quota. */
@Controller(API_PREFIX)
export class OpenApiController {
  private readonly document = openApiDocument(this.config.publicBaseUrl);
  private readonly page = renderDocsPage(this.document);

  constructor(@Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig) {}

  @Get('openapi.json')
  @Header('Cache-Control', 'public, max-age=300')
  openapi() {
    return this.document;
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
  docs() {
    return this.page;
  }
}
