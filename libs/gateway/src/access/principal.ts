import { type Plan, type Role } from '@qr/domain';

/** Who is calling: resolved from the API key on every authenticated request. */
export interface Principal {
  keyId: string;
  workspaceId: string;
  role: Role;
  plan: Plan;
}
