import { type PlanName, type Role } from '@qr/domain';

/** Storage shapes of the gateway's identity tables (not API DTOs). */
export interface WorkspaceRecord {
  id: string;
  name: string;
  plan: PlanName;
  created_at: number;
  updated_at: number;
}

export interface MemberRecord {
  id: string;
  workspace_id: string;
  email: string;
  role: Role;
  created_at: number;
}

export interface ApiKeyRecord {
  id: string;
  workspace_id: string;
  name: string;
  role: Role;
  key_hash: string;
  key_hint: string;
  created_by_key_id: string | null;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
}
