import { type AuditLogAnswer, type InvitationAnswer, type MembersAnswer, type Role, type RoleChanged } from './types';
import { appApi, query } from './client';

const member = (id: string) => `/members/${encodeURIComponent(id)}`;

/** The Members page and the audit log (owners; other roles get 404). */
export const teamApi = {
  list: (signal?: AbortSignal) => appApi.get<MembersAnswer>('/members', { signal }),
  invite: (email: string, role: Role) => appApi.post<InvitationAnswer>('/members', { email, role }),
  setRole: (id: string, role: Role) => appApi.patch<RoleChanged>(member(id), { role }),
  remove: (id: string) => appApi.del<{ sessions_ended: number; api_keys_revoked: number }>(member(id)),
  resend: (id: string) => appApi.post<InvitationAnswer>(`${member(id)}/invitation`),
  revokeInvitation: (id: string) => appApi.del(`${member(id)}/invitation`),
  auditLog: (cursor: string | null, signal?: AbortSignal) => appApi.get<AuditLogAnswer>(`/audit-log${query({ cursor, limit: 50 })}`, { signal }),
  auditCsvUrl: '/app/api/audit-log/export.csv',
};
