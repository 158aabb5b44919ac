/**
 * The names of the commands one deployable sends another (CommandBus; in process, or
 * POST /internal/v1/commands/<name>). Both sides import them from here, like the event topics.
 */
export const QR_COMMANDS = {
  planCreate: 'qr.plan-create',
  createMany: 'qr.create-many',
  get: 'qr.get',
  list: 'qr.list',
  update: 'qr.update',
  delete: 'qr.delete',
  history: 'qr.history',
  image: 'qr.image',
  preview: 'qr.preview',
  renderDraft: 'qr.render-draft',
  sheetCodes: 'qr.sheet-codes',
  liveDynamicCounts: 'qr.live-dynamic-counts',
  linkImportTargets: 'qr.link-import-targets',
  linkImportFolders: 'qr.link-import-folders',
  createFolder: 'folders.create',
  listFolders: 'folders.list',
  renameFolder: 'folders.rename',
  deleteFolder: 'folders.delete',
  moveCodes: 'qr.move',
  createDomain: 'domains.create',
  listDomains: 'domains.list',
  verifyDomain: 'domains.verify',
  createLogo: 'logos.create',
  listLogos: 'logos.list',
  getLogo: 'logos.get',
  logoImage: 'logos.image',
  deleteLogo: 'logos.delete',
  createPreset: 'presets.create',
  listPresets: 'presets.list',
  getPreset: 'presets.get',
  updatePreset: 'presets.update',
  deletePreset: 'presets.delete',
} as const;

export const REDIRECT_COMMANDS = { applyCodeChanges: 'redirect.apply-code-changes', scanCounts: 'redirect.scan-counts' } as const;

/** What `redirect.apply-code-changes` carries (`{ changes }`): a code's snapshot to store, or its deletion. */
export type LinkChange = { kind: 'upsert'; snapshot: Record<string, unknown> } | { kind: 'delete'; qr_id: string; revision: number };

export const ANALYTICS_COMMANDS = { code: 'analytics.code', workspace: 'analytics.workspace' } as const;

export const WEBHOOK_COMMANDS = {
  create: 'webhooks.create-endpoint',
  list: 'webhooks.list-endpoints',
  get: 'webhooks.get-endpoint',
  update: 'webhooks.update-endpoint',
  remove: 'webhooks.delete-endpoint',
  rotate: 'webhooks.rotate-secret',
  deliveries: 'webhooks.list-deliveries',
  retry: 'webhooks.retry-delivery',
  test: 'webhooks.test-endpoint',
} as const;
