import { isQrType, QR_TYPES } from '@qr/qr-content';
import { Declaration } from '../engine/declare';
import { fault } from '../engine/fault';
import { Field } from '../engine/fields';
import { QueryChoice, QueryInt, QueryText } from '../engine/query';

// The shape of a cursor from a previous page; what it names is the list's to decode.
const CURSOR = /^[A-Za-z0-9_-]{4,200}$/;
const NOT_A_CURSOR = 'not a cursor from a previous page';

/** `?limit&cursor` of every list answered a page at a time, newest first. */
@Declaration({ query: true })
export class PageQuery {
  @QueryInt(1, 100, { default: 20 })
  limit?: string;

  @Field((cursor) => (typeof cursor === 'string' && CURSOR.test(cursor) ? [] : [fault('invalid', NOT_A_CURSOR)]), {
    type: 'string',
    description: 'next_cursor of the previous page',
  })
  cursor?: string;
}

/** GET /qrcodes: a page, filtered. */
@Declaration({ query: true })
export class ListQrCodesQuery extends PageQuery {
  @QueryText()
  folder_id?: string;

  @QueryText({ enum: ['active', 'paused'] }, (status) =>
    status === 'active' || status === 'paused' ? [] : [fault('invalid', 'status must be active or paused')],
  )
  status?: string;

  @QueryText({ $ref: '#/components/schemas/QrType' }, (type) => (isQrType(type) ? [] : [fault('invalid', 'unknown type')]))
  type?: (typeof QR_TYPES)[number];

  @QueryText()
  client_ref?: string;

  @QueryText(
    {
      type: 'string',
      maxLength: 200,
      description: 'Search: part of the name or client_ref (case-insensitive for ASCII letters), or an exact short code',
    },
    (q) => (q.length > 200 ? [fault('invalid', 'search at most 200 characters')] : []),
  )
  q?: string;
}

/** GET /qrcodes/{id}/history: a page; the cursor is the revision to continue below. */
@Declaration({ query: true })
export class HistoryQuery {
  @QueryInt(1, 100, { default: 20 })
  limit?: string;

  @QueryText({ type: 'string', description: 'next_cursor of the previous page' }, (cursor) =>
    /^[1-9][0-9]{0,15}$/.test(cursor) ? [] : [fault('invalid', NOT_A_CURSOR)],
  )
  cursor?: string;
}

/** GET /qrcodes/{id}/image: `?format&size&margin&ecc` (defaults: svg, the renderer's size, the code's margin, M). */
@Declaration({ query: true })
export class ImageQuery {
  @QueryChoice(['svg', 'png', 'pdf'], { default: 'svg' })
  format?: 'svg' | 'png' | 'pdf';

  @QueryInt(64, 4096, { description: 'pixels (svg, png) or points (pdf)' })
  size?: string;

  @QueryInt(0, 16, { default: 4, description: 'quiet zone in modules' })
  margin?: string;

  @QueryChoice(['L', 'M', 'Q', 'H'], { default: 'M' })
  ecc?: 'L' | 'M' | 'Q' | 'H';
}

/** The dashboard's audit log: a page, 50 by default; the cursor is the last entry's id. */
@Declaration({ query: true, dashboard: true })
export class AuditLogQuery {
  @QueryInt(1, 100, { default: 50 })
  limit?: string;

  @QueryText({ type: 'string' }, (cursor) => (/^aud_[0-9A-Za-z]{24}$/.test(cursor) ? [] : [fault('invalid', NOT_A_CURSOR)]))
  cursor?: string;
}

/** POST /app/api/previews: the edit page names the code it draws, whose own GS1 Digital Link path is then not taken. */
@Declaration({ query: true, dashboard: true })
export class DraftPreviewQuery {
  @QueryText({ type: 'string', description: 'The edited code (a code of the workspace, or 404)' })
  code_id?: string;
}
