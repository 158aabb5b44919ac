import { Declaration } from '../engine/declare';
import { fault } from '../engine/fault';
import { Field } from '../engine/fields';

/** POST /domains. Whether the string is a DNS hostname the platform may serve is the domain rules' (normalizeHostname, reserved hosts). */
@Declaration()
export class DomainInput {
  @Field(
    (hostname) => {
      if (hostname === undefined) return [fault('required', 'hostname is required')];
      return typeof hostname === 'string' ? [] : [fault('invalid', 'not a DNS hostname such as qr.example.com')];
    },
    { type: 'string', example: 'qr.example.com', description: 'Lower-cased; an IP, a single label or one of the platform’s own hosts is refused' },
    { required: true, seesAbsence: true },
  )
  hostname!: string;
}
