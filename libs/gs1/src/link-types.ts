/*
 * The link types of the GS1 Web Vocabulary (v1.16, the terms that are rdfs:subPropertyOf
 * gs1:linkType; labels are their English rdfs:label). Source: github.com/gs1/WebVoc, Apache-2.0.
 * A link type is written `gs1:pip` on codes and in `?linkType=`; the linkset uses the full URI
 * `https://gs1.org/voc/pip`, the namespace the GS1 linkset JSON-LD context maps `gs1:` to.
 */

export type LinkTypeGroup = 'product' | 'place' | 'resolver';

export interface LinkTypeTerm {
  /** The term without prefix: `pip`. */
  name: string;
  label: string;
  /** product: for trade items; place: valid but meant for locations and organisations; resolver: set by the resolver, never chosen. */
  group: LinkTypeGroup;
  deprecated?: true;
}

/** Namespace of GS1 link types in linksets. */
export const GS1_VOC_NAMESPACE = 'https://gs1.org/voc/';

/** Every link type, in the order a picker shows them: the common product ones first. */
export const GS1_LINK_TYPES: readonly LinkTypeTerm[] = [
  { name: 'pip', label: 'Product Information Page', group: 'product' },
  { name: 'recallStatus', label: 'Recall status', group: 'product' },
  { name: 'certificationInfo', label: 'Certification Information', group: 'product' },
  { name: 'sustainabilityInfo', label: 'Sustainability and recycling', group: 'product' },
  { name: 'instructions', label: 'Instructions', group: 'product' },
  { name: 'ingredientsInfo', label: 'Ingredients information', group: 'product' },
  { name: 'nutritionalInfo', label: 'Nutritional Information', group: 'product' },
  { name: 'allergenInfo', label: 'Allergen information', group: 'product' },
  { name: 'safetyInfo', label: 'Safety information', group: 'product' },
  { name: 'dpp', label: 'Digital Product Passport', group: 'product' },
  { name: 'epil', label: 'Electronic Patient Information Leaflet', group: 'product' },
  { name: 'eifu', label: 'Electronic Instructions For Use', group: 'product' },
  { name: 'smpc', label: 'Summary Product Characteristics (SmPC)', group: 'product' },
  { name: 'smartLabel', label: 'SmartLabel', group: 'product' },
  { name: 'registerProduct', label: 'Register purchase', group: 'product' },
  { name: 'review', label: 'Reviews', group: 'product' },
  { name: 'leaveReview', label: 'Leave a review', group: 'product' },
  { name: 'relatedVideo', label: 'Related video', group: 'product' },
  { name: 'relatedImage', label: 'Related image', group: 'product' },
  { name: 'recipeInfo', label: 'Recipe website', group: 'product' },
  { name: 'promotion', label: 'Promotion', group: 'product' },
  { name: 'support', label: 'Support', group: 'product' },
  { name: 'faqs', label: 'Frequently Asked Questions', group: 'product' },
  { name: 'whatsInTheBox', label: "What's in the box?", group: 'product' },
  { name: 'quickStartGuide', label: 'Quick start guide', group: 'product' },
  { name: 'tutorial', label: 'Tutorial', group: 'product' },
  { name: 'serviceInfo', label: 'Service information', group: 'product' },
  { name: 'purchaseSuppliesOrAccessories', label: 'Purchase supplies or accessories', group: 'product' },
  { name: 'hasRetailers', label: 'Has Retailers', group: 'product' },
  { name: 'traceability', label: 'Traceability information', group: 'product' },
  { name: 'masterData', label: 'Master data', group: 'product' },
  { name: 'epcis', label: 'EPC Information Services (EPCIS) repository', group: 'product' },
  { name: 'verificationService', label: 'Verification Service', group: 'product' },
  { name: 'consumerHandlingStorageInfo', label: 'Consumer handling and storage information', group: 'product' },
  { name: 'activityIdeas', label: 'Activity Ideas', group: 'product' },
  { name: 'backgroundInfo', label: 'Background Information', group: 'product' },
  { name: 'appDownload', label: 'App download', group: 'product' },
  { name: 'brandHomepageClinical', label: 'Information for professionals about this brand', group: 'product' },
  { name: 'brandHomepagePatient', label: 'Information for patients about this brand', group: 'product' },
  { name: 'homepage', label: 'Organisation Information Page', group: 'product' },
  { name: 'socialMedia', label: 'Social media', group: 'product' },
  { name: 'subscribe', label: 'Subscribe', group: 'product' },
  { name: 'loyaltyProgram', label: 'Loyalty program', group: 'product' },
  { name: 'paymentLink', label: 'Make Payment', group: 'product' },
  { name: 'jws', label: 'JSON Web Signature', group: 'product' },
  { name: 'productSustainabilityInfo', label: 'Sustainability and recycling (deprecated)', group: 'product', deprecated: true },
  { name: 'locationInfo', label: 'Location information', group: 'place' },
  { name: 'logisticsInfo', label: 'Logistics information', group: 'place' },
  { name: 'menuInfo', label: 'Menu information', group: 'place' },
  { name: 'openingHoursInfo', label: 'Opening hours information', group: 'place' },
  { name: 'eventsInfo', label: 'Events information', group: 'place' },
  { name: 'scheduleTime', label: 'Scheduling/Reservation', group: 'place' },
  { name: 'careersInfo', label: 'Careers information', group: 'place' },
  { name: 'registryEntry', label: 'Entry in a register', group: 'place' },
  { name: 'statisticInfo', label: 'Statistics', group: 'place' },
  { name: 'userAgreement', label: 'Sign waiver/agreement/document', group: 'place' },
  { name: 'reportFound', label: 'Report found', group: 'place' },
  { name: 'defaultLink', label: 'Default link', group: 'resolver' },
  { name: 'defaultLinkMulti', label: 'Default linkMulti', group: 'resolver' },
  { name: 'handledBy', label: 'Handled by', group: 'resolver' },
];

const BY_NAME = new Map(GS1_LINK_TYPES.map((term) => [term.name, term]));
// The vocabulary has been published under three hosts; requests may use any of them, or the CURIE.
const FULL_URI = /^https?:\/\/(?:ref\.|www\.)?gs1\.org\/voc\/([A-Za-z]+)$/;

/**
 * The CURIE (`gs1:pip`) of a GS1 link type written as a CURIE or as a full URI under any of the
 * vocabulary's hosts; null when it is not a term of the vocabulary.
 *
 * @example toLinkTypeCurie('https://ref.gs1.org/voc/pip') // 'gs1:pip'
 * @example toLinkTypeCurie('gs1:nosuchlt') // null
 */
export function toLinkTypeCurie(value: string): string | null {
  const name = value.startsWith('gs1:') ? value.slice(4) : FULL_URI.exec(value)?.[1];
  return name !== undefined && BY_NAME.has(name) ? `gs1:${name}` : null;
}

/** The vocabulary term of a CURIE, or undefined. */
export function linkTypeTerm(curie: string): LinkTypeTerm | undefined {
  return curie.startsWith('gs1:') ? BY_NAME.get(curie.slice(4)) : undefined;
}

/**
 * The full URI of a link type CURIE, the key a linkset uses.
 *
 * @example linkTypeUri('gs1:pip') // 'https://gs1.org/voc/pip'
 */
export function linkTypeUri(curie: string): string {
  return GS1_VOC_NAMESPACE + curie.slice(curie.indexOf(':') + 1);
}
