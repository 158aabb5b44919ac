import { useResource, type Resource } from '../lib/use-resource';
import { domainsApi, foldersApi } from './endpoints';
import { type Domain, type Folder } from './types';

/** The workspace's folders, for pickers and names in lists. */
export function useFolders(): Resource<Folder[]> {
  return useResource((signal) => foldersApi.all(signal), 'folders');
}

/** The workspace's custom domains. */
export function useDomains(): Resource<Domain[]> {
  return useResource((signal) => domainsApi.all(signal), 'domains');
}
