/**
 * The commands qr-service answers, with their payloads. The gateway sends them through the
 * CommandBus (in process, or POST /internal/v1/commands/<name>).
 */
import { type QrCodeDraft } from '../codes/qr-code-record';

type Ws = { workspaceId: string };
/** Commands that change codes say who asks (an `Actor`, for the code's history); checked on arrival. */
type By = { actor?: unknown };
export interface QrCommandPayloads {
  'qr.plan-create': Ws & { items: unknown; bulk: boolean };
  /**
   * `drafts`: what qr.plan-create answered for the same items (the items are then not sent again);
   * `passwords`: its passwords, beside the drafts (clear text, on the internal bus the items came on; hashed at creation).
   */
  'qr.create-many': Ws & By & { items?: unknown; drafts?: QrCodeDraft[]; passwords?: Array<string | null>; bulk: boolean };
  'qr.get': Ws & { id: string };
  'qr.list': Ws & { query: Record<string, unknown> };
  'qr.update': Ws & By & { id: string; patch: unknown };
  'qr.delete': Ws & By & { id: string };
  'qr.history': Ws & { id: string; query: Record<string, unknown> };
  /** `ifNoneMatch`: the request's If-None-Match; a match is answered `{etag, notModified: true}` without rendering. */
  'qr.image': Ws & { id: string; query: Record<string, unknown>; ifNoneMatch?: unknown };
  'qr.preview': { token: string; ifNoneMatch?: unknown };
  /** `codeId`: the code an edit page draws; its own GS1 Digital Link path is not taken. */
  'qr.render-draft': Ws & { item: unknown; codeId?: unknown };
  'qr.sheet-codes': Ws & { ids?: unknown; folderId?: unknown; afterId?: string | null; limit?: number };
  'qr.live-dynamic-counts': { workspaceIds: unknown };
  /** What a link import's dry run reads: the verified domains and the paths taken on them. */
  'qr.link-import-targets': Ws;
  /** The folders a link import files into, made when missing. */
  'qr.link-import-folders': Ws & { names: unknown };
  'folders.create': Ws & { body: unknown };
  'folders.list': Ws & { query: Record<string, unknown> };
  'folders.rename': Ws & { id: string; body: unknown };
  'folders.delete': Ws & By & { id: string };
  'qr.move': Ws & By & { body: unknown };
  'domains.create': Ws & { body: unknown };
  'domains.list': Ws & { query: Record<string, unknown> };
  'domains.verify': Ws & { id: string };
  /** A logo the gateway has already decoded and drawn again as a PNG (`prepareLogo`). */
  'logos.create': Ws & { name: unknown; png_base64: string; width: number; height: number; source_type: string; source_bytes: number };
  'logos.list': Ws;
  'logos.get': Ws & { id: string };
  'logos.image': Ws & { id: string; ifNoneMatch?: unknown };
  'logos.delete': Ws & { id: string };
  'presets.create': Ws & { body: unknown };
  'presets.list': Ws;
  'presets.get': Ws & { id: string };
  'presets.update': Ws & { id: string; body: unknown };
  'presets.delete': Ws & { id: string };
}
