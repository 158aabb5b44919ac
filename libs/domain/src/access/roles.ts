export const ROLES = ['owner', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { viewer: 0, editor: 1, owner: 2 };

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Viewers read; owners and editors may change things, API keys included. */
export function canWrite(role: Role): boolean {
  return RANK[role] >= RANK.editor;
}

export function canManageApiKeys(role: Role): boolean {
  return canWrite(role);
}

/** Nobody hands out more than they hold: an editor cannot mint an owner key. */
export function canGrantRole(granter: Role, granted: Role): boolean {
  return RANK[granter] >= RANK[granted];
}
