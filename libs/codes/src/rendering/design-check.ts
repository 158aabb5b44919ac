import { type FieldError } from '@qr/domain';
import { applyDesign } from '@qr/api-contract';
import { checkScannability, eccOf } from '@qr/qr-design';
import { type DesignPresetsRepository } from '../presets/design-presets.repository';
import { encodeText, fitsInQr } from '@qr/qr-render';
import { type LogosRepository } from '../logos/logos.repository';
import { type QrCodeRecord } from '../codes/qr-code-record';
import { payloadOf, type PatternSource } from './render-image';

/**
 * The scannability guarantee at the point of saving: a code with a design is written only if its
 * pattern, drawn with that design, reads back with both decoders (`checkScannability`). The
 * pattern is the code's own: its short link (dynamic) or its data (static), at level M.
 */
export class DesignCheck {
  constructor(
    private readonly shortBaseUrl: string,
    private readonly logos: LogosRepository,
    private readonly presets: DesignPresetsRepository,
  ) {}

  /**
   * A code that follows a preset gets its design from it (with its overrides): filled into `draft.design`.
   * The problems: the preset is not the workspace's, or the overrides do not fit onto it.
   */
  async resolvePreset(workspaceId: string, draft: Pick<QrCodeRecord, 'design' | 'design_preset_id' | 'design_overrides'>, at = ''): Promise<FieldError[]> {
    if (!draft.design_preset_id) return [];
    const preset = await this.presets.find(workspaceId, draft.design_preset_id);
    if (!preset) return [{ pointer: `${at}/design_preset_id`, code: 'not_found', detail: 'no such brand preset in this workspace' }];
    const merged = applyDesign(preset.design, draft.design_overrides ?? {}, `${at}/design`);
    if (!merged.ok) return merged.errors;
    draft.design = merged.design;
    return [];
  }

  /**
   * Every problem with the record's design, at `${at}/design…`; none for the default design. With
   * `readBack` false, all but the proof: the logo, the data's fit and the colour rules, not drawing and decoding.
   */
  async problems(
    record: PatternSource & Pick<QrCodeRecord, 'design' | 'workspace_id'>,
    domainHost: string | null,
    at = '',
    readBack = true,
  ): Promise<FieldError[]> {
    const design = record.design;
    if (!design) return [];
    // A checkout scanner reads a GS1 code's URI for the GTIN, lot and expiry; a logo over modules risks that read.
    if (record.type === 'gs1' && design.logo) {
      return [{ pointer: `${at}/design/logo`, code: 'not_allowed_for_type', detail: 'gs1 codes take no logo: point-of-sale scanners must read them' }];
    }
    const logo = design.logo ? ((await this.logos.images(record.workspace_id, [design.logo.id])).get(design.logo.id) ?? null) : null;
    if (design.logo && !logo) return [{ pointer: `${at}/design/logo/id`, code: 'not_found', detail: 'no such logo in this workspace' }];
    const payload = payloadOf(record, this.shortBaseUrl, domainHost);
    const ecc = eccOf(design, 'M');
    if (!fitsInQr(payload, ecc)) {
      return [
        {
          pointer: `${at}/design/logo`,
          code: 'too_large_for_logo',
          detail: 'with a logo the code is encoded at error correction H, and this data does not fit at H',
        },
      ];
    }
    return (await checkScannability(encodeText(payload, { ecc }), payload, design, `${at}/design`, logo, readBack)).problems;
  }
}
