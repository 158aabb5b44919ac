import { QR_COMMANDS } from '@qr/contracts';
import { Errors, type FieldError, isPlainObject, notAnObject } from '@qr/domain';
import { type SessionPrincipal } from '@qr/identity';
import { type CommandBus } from '@qr/platform';
import { MAX_SHEET_CODES, parseSheetLayout, parseSheetSelection, renderSheet, type SheetCode, type SheetLayout, type SheetSelection } from '@qr/print-sheet';
import { type Design, eccOf, type LogoImage } from '@qr/qr-design';
import { encodeText } from '@qr/qr-render';

interface SheetCodeRow {
  id: string;
  name: string;
  client_ref: string | null;
  short_url: string | null;
  payload: string;
  design: Design | null;
}

interface SheetCodesPage {
  total: number | null;
  codes: SheetCodeRow[];
  next_after: string | null;
}

export interface PrintSheet {
  /** How many codes the sheet holds (sent as a header, so the page can show progress). */
  codes: number;
  pages: number;
  chunks: AsyncGenerator<Buffer>;
}

const PAGE = 200;

/**
 * A print sheet: the request is checked whole before the first byte goes out (layout, selection,
 * and the first page of codes, so a wrong id is a 422 and not a broken download); then the PDF is
 * produced page by page while the rest of the codes are read from qr-service.
 */
export class BuildPrintSheet {
  constructor(private readonly bus: CommandBus) {}

  async start(principal: SessionPrincipal, body: unknown): Promise<PrintSheet> {
    if (!isPlainObject(body)) throw Errors.validationFailed([notAnObject()]);
    // The layout's declaration refuses any field it lacks but the two of the selection.
    const { code_ids, folder_id, ...layoutInput } = body;
    const layout = parseSheetLayout(layoutInput);
    const selection = parseSheetSelection({ code_ids, folder_id });
    const errors: FieldError[] = [...(layout.ok ? [] : layout.errors), ...(selection.ok ? [] : selection.errors)];
    if (errors.length || !layout.ok || !selection.ok) throw Errors.validationFailed(errors);
    const first = await this.page(principal, selection.selection, null);
    const total = first.total ?? first.codes.length;
    if (total === 0) throw Errors.validationFailed([{ pointer: '/folder_id', code: 'empty', detail: 'this folder has no codes' }]);
    if (total > MAX_SHEET_CODES)
      throw Errors.validationFailed([
        {
          pointer: '/folder_id',
          code: 'too_many_items',
          detail: `the folder has ${total} codes; a sheet takes at most ${MAX_SHEET_CODES}: select codes instead`,
        },
      ]);
    const perPage = layout.layout.columns * layout.layout.rows;
    return {
      codes: total,
      pages: Math.ceil(total / perPage),
      chunks: renderSheet(layout.layout, this.sheetCodes(principal, selection.selection, first, layout.layout)),
    };
  }

  private async *sheetCodes(principal: SessionPrincipal, selection: SheetSelection, first: SheetCodesPage, layout: SheetLayout): AsyncGenerator<SheetCode> {
    let page: SheetCodesPage | null = first;
    let sent = 0;
    // Each logo is read once per sheet, and the same pixels go to every code that shows it.
    const logos = new Map<string, Promise<LogoImage>>();
    const logoOf = (id: string) => {
      if (!logos.has(id)) logos.set(id, this.logo(principal, id));
      return logos.get(id)!;
    };
    while (page) {
      for (const code of page.codes) {
        if (sent++ >= MAX_SHEET_CODES) return;
        const design = code.design;
        yield {
          matrix: encodeText(code.payload, { ecc: eccOf(design, 'M') }),
          label: labelOf(code, layout),
          design,
          logo: design?.logo ? await logoOf(design.logo.id) : null,
        };
      }
      page = page.next_after ? await this.page(principal, selection, page.next_after) : null;
    }
  }

  private async logo(principal: SessionPrincipal, id: string): Promise<LogoImage> {
    const image = await this.bus.send<{ bodyBase64: string }>('qr-service', QR_COMMANDS.logoImage, { workspaceId: principal.workspaceId, id });
    const png = Buffer.from(image.bodyBase64, 'base64');
    return { png, width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
  }

  private page(principal: SessionPrincipal, selection: SheetSelection, afterId: string | null): Promise<SheetCodesPage> {
    return this.bus.send<SheetCodesPage>('qr-service', QR_COMMANDS.sheetCodes, {
      workspaceId: principal.workspaceId,
      ...(selection.kind === 'codes' ? { ids: selection.ids } : { folderId: selection.folderId }),
      afterId,
      limit: PAGE,
    });
  }
}

function labelOf(code: SheetCodeRow, layout: SheetLayout): string {
  switch (layout.label) {
    case 'name':
      return code.name;
    case 'client_ref':
      return code.client_ref ?? '';
    case 'short_link':
      return code.short_url ? code.short_url.replace(/^https?:\/\//, '') : '';
    case 'none':
      return '';
  }
}
