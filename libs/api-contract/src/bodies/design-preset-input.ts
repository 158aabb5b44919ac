import { isPlainObject } from '@qr/domain';
import { Declaration } from '../engine/declare';
import { fault } from '../engine/fault';
import { Field } from '../engine/fields';
import { nameFaults } from '../engine/text-faults';

/**
 * POST and PATCH /design-presets. The name is required on create (the use case asks `requireName`);
 * the design is merged onto the defaults or the preset and checked whole (applyDesign).
 */
@Declaration()
export class DesignPresetInput {
  @Field((name) => (name === null ? [] : nameFaults(name, 100)), {
    type: 'string',
    minLength: 1,
    maxLength: 100,
    description: 'Unique in the workspace; required on create',
  })
  name?: string;

  @Field((design) => (isPlainObject(design) ? [] : [fault('invalid_type', 'design must be a JSON object')]), {
    $ref: '#/components/schemas/DesignInput',
    description: 'Merged onto the defaults (create) or onto the preset (PATCH, a JSON merge patch)',
  })
  design?: Record<string, unknown>;
}
