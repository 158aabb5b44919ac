import { appApi } from './client';
import { type Usage } from './types';

/** The workspace's plan and how much of it is used. */
export const usageApi = {
  get: (signal?: AbortSignal) => appApi.get<Usage>('/usage', { signal }),
};
