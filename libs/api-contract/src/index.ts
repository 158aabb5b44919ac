// The API's contract: each request body and query, and each part of one, declared once as a class
// with class-validator constraints (their faults carry the API's error codes) and class-transformer
// nesting. The same declarations validate every entry point and generate the OpenAPI schemas.
import 'reflect-metadata';

export { check, type Checked, type Declaration } from './engine/validate';
export { declaredSchemas } from './engine/schemas';
export { CONTENT_DECLARATIONS, validateContent } from './content/qr-content';
export { applyDesign, designMergePatch, type ParsedDesign } from './design/apply-design';
export { Design } from './design/design';
export { payloadSizeErrors } from './content/qr-content';
export { Destination } from './codes/destination';
export { QrCodeInput, validateDestinations } from './codes/qr-code-input';
