import { GS1_VOC_NAMESPACE } from './link-types';
import { GS1_LINKSET_CONTEXT } from './resolve';

/**
 * The resolver description file served at `/.well-known/gs1resolver` (GS1-Conformant Resolver §8.11)
 * of the resolver on `origin` (`https://id.brand.com`): it resolves GTINs (01) with GS1 link types,
 * and the default of a request is always a redirect, never the linkset.
 *
 * @example resolverDescription('https://id.brand.com', 'QR platform GS1 resolver').resolverRoot // 'https://id.brand.com'
 */
export function resolverDescription(origin: string, name: string) {
  return {
    name,
    resolverRoot: origin,
    supportedPrimaryKeys: ['01'],
    supportedLinkType: [{ namespace: GS1_VOC_NAMESPACE, prefix: 'gs1:' }],
    linkTypeDefaultCanBeLinkset: false,
    jsonLdContextLocation: GS1_LINKSET_CONTEXT,
  };
}
