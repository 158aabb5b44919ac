import { Declaration } from '../engine/declare';
import { fault } from '../engine/fault';
import { Field } from '../engine/fields';
import { nameFaults } from '../engine/text-faults';

/** POST /folders and PATCH /folders/{id}: a folder's name (unique in the workspace: checked on write). */
@Declaration()
export class FolderInput {
  @Field(
    (name) => (name === undefined || name === null ? [fault('required', 'name is required')] : nameFaults(name, 200)),
    { type: 'string', minLength: 1, maxLength: 200, description: 'Unique in the workspace' },
    { required: true, seesAbsence: true },
  )
  name!: string;
}
