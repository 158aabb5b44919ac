// The browser entry (`@qr/qr-design/browser`): the design's fields, defaults and colour rules, for the
// dashboard's design panel. Nothing behind these exports imports node: or a package.
export * from './design/design';
export { contrastRatio, MIN_FRAME_TEXT_CONTRAST, MIN_SYMBOL_CONTRAST, normalizeHexColor, relativeLuminance } from './design/contrast';
