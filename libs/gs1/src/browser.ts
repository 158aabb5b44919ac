// The browser entry (`@qr/gs1/browser`): the GTIN check digit for live feedback in a form, and the
// link types for a picker. Nothing behind these exports imports node:, a package or a value from
// @qr/domain's server index, so Vite can bundle them.
export { GTIN_LENGTHS, gs1CheckDigit, gtinErrors, toGtin14 } from './gtin';
export { GS1_LINK_TYPES, type LinkTypeGroup, type LinkTypeTerm, linkTypeTerm, toLinkTypeCurie } from './link-types';
