import { getOrCreate } from '@qr/domain';
import { describeKey, digitalLinkPath } from './digital-link-path';
import { type Gs1Content, gs1ContentKey, type Gs1Link } from './gs1-content';
import { linkTypeUri } from './link-types';

/** A link target in a linkset (RFC 9264 §4.2.4, as the GS1 linkset schema allows it). */
export interface LinksetTarget {
  href: string;
  title: string;
  type?: string;
  hreflang?: string[];
  context?: string[];
}

/** One link context: an anchor, its description, and link targets by relation (a full link type URI). */
export type LinksetContext = { anchor: string; itemDescription: string } & { [relation: string]: string | LinksetTarget[] };

/** An `application/linkset+json` document. */
export interface Linkset {
  linkset: LinksetContext[];
}

/**
 * The linkset of a chain of codes, most specific first, on `origin`: one context per code, anchored
 * at the code's canonical URI, described by its item description (or describeKey), with its links
 * grouped by link type (`https://gs1.org/voc/pip`, in order of first appearance) and the default
 * once more under `https://gs1.org/voc/defaultLink` with its href and title only (the standard:
 * "This default is defined without any of the optional attributes").
 */
export function buildLinkset(origin: string, chain: readonly Gs1Content[]): Linkset {
  return { linkset: chain.map((content) => linksetContext(origin, content)) };
}

function linksetContext(origin: string, content: Gs1Content): LinksetContext {
  const key = gs1ContentKey(content);
  const context: LinksetContext = { anchor: origin + digitalLinkPath(key), itemDescription: content.item_description ?? describeKey(key) };
  const byRelation = new Map<string, LinksetTarget[]>();
  for (const link of content.links) {
    getOrCreate(byRelation, linkTypeUri(link.link_type), () => []).push(target(link));
  }
  const defaultLink = content.links.find((link) => link.default === true);
  if (defaultLink) context[linkTypeUri('gs1:defaultLink')] = [{ href: defaultLink.href, title: defaultLink.title }];
  for (const [relation, targets] of byRelation) context[relation] = targets;
  return context;
}

function target(link: Gs1Link): LinksetTarget {
  const result: LinksetTarget = { href: link.href, title: link.title };
  if (link.type !== undefined) result.type = link.type;
  if (link.hreflang !== undefined) result.hreflang = [...link.hreflang];
  if (link.context !== undefined) result.context = [...link.context];
  return result;
}
