import { api } from './client';
import { listAll } from './list-all';
import { type Domain } from './types';

/** Custom domains of the workspace. */
export const domainsApi = {
  all: (signal: AbortSignal) => listAll<Domain>('/domains', signal),
  create: (hostname: string) => api.post<Domain>('/domains', { hostname }),
  verify: (id: string) => api.post<Domain>(`/domains/${encodeURIComponent(id)}/verify`),
};
