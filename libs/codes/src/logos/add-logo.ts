import { logoNameFaults } from '@qr/api-contract';
import { ApiError, Errors, newId } from '@qr/domain';
import { type LogoRecord, type LogosRepository, logoView } from './logos.repository';
import { type QrCommandPayloads } from '../commands/qr-commands';

/** Logos a workspace may keep: plenty for brands and sub-brands, few enough that the list stays one page. */
export const MAX_LOGOS = 100;
/** A stored logo's PNG: 512 px a side keeps real logos far below this; a picture of noise is refused. */
export const MAX_LOGO_PNG_BYTES = 700 * 1024;

/** Stores a logo the gateway prepared; the name is the uploader's (default: "Logo"). */
export class AddLogo {
  constructor(private readonly logos: LogosRepository) {}

  async execute(p: QrCommandPayloads['logos.create']) {
    // The name comes from a JSON body or a multipart field; the same rule judges both.
    const problems = logoNameFaults(p.name);
    if (problems.length) throw Errors.validationFailed(problems.map((f) => ({ pointer: '/name', code: f.code, detail: f.detail })));
    const png = Buffer.from(p.png_base64, 'base64');
    if (png.length > MAX_LOGO_PNG_BYTES) {
      throw Errors.validationFailed([
        { pointer: '/file', code: 'too_detailed', detail: 'this picture stays too large even at 512 pixels a side; use a simpler logo' },
      ]);
    }
    if ((await this.logos.count(p.workspaceId)) >= MAX_LOGOS) {
      throw new ApiError(409, 'too_many_logos', 'Too many logos', `A workspace keeps at most ${MAX_LOGOS} logos; delete one first.`);
    }
    const record: LogoRecord = {
      id: newId('logo'),
      workspace_id: p.workspaceId,
      name: typeof p.name === 'string' && p.name.trim() ? p.name.trim() : 'Logo',
      source_type: p.source_type,
      source_bytes: p.source_bytes,
      width: p.width,
      height: p.height,
      png_base64: png.toString('base64'),
      created_at: Date.now(),
    };
    await this.logos.insert(record);
    return logoView(record);
  }
}
