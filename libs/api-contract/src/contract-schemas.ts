import { WEBHOOK_EVENT_TYPES } from '@qr/domain';
import { QR_TYPES } from '@qr/qr-content';
import { WEBHOOK_EVENTS } from './answers/webhook-events';
import { CONTENT_DECLARATIONS } from './content/qr-content';
import { QR_CODE_IMMUTABLE } from './codes/qr-code-input';
import { type JsonSchema } from './engine/declare';
import { declaredSchemas } from './engine/schemas';
import { omitSchema, partialSchema } from './engine/variants';

const DESIGN_PARTS = ['Design', 'DesignGradient', 'DesignEyes', 'DesignFrame', 'DesignLogo'];

// The answers' declarations: loading them registers their schemas.
import './answers/analytics';
import './answers/api-keys';
import './answers/dashboard';
import './answers/design';
import './answers/folders-domains';
import './answers/problem';
import './answers/qr-code';
import './answers/webhooks';

/**
 * Every schema the declarations give the OpenAPI document: one per declared class (named as the
 * class), requests and answers alike; the `type` and event type enums and the content and event
 * unions; and the variants a PATCH or a partial design takes.
 */
export function contractSchemas(): Record<string, JsonSchema> {
  const declared = declaredSchemas();
  const inputName = (name: string) => (DESIGN_PARTS.includes(name) ? `${name}Input` : name);
  const designInputs = Object.fromEntries(
    DESIGN_PARTS.map((name) => [
      `${name}Input`,
      partialSchema(declared[name], inputName, {
        description: name === 'Design' ? DESIGN_INPUT_DESCRIPTION : undefined,
        // A new logo has no stored id to fall back on.
        required: name === 'DesignLogo' ? ['id'] : undefined,
      }),
    ]),
  );
  return {
    ...declared,
    ...designInputs,
    QrType: {
      enum: [...QR_TYPES],
      description:
        'website and vcard are dynamic or static; menu and form dynamic; text and wifi static; email, phone, sms, location either; gs1 dynamic (it prints a GS1 Digital Link URI)',
    },
    QrContent: {
      description: 'The content of the code’s `type`: WebsiteContent for website, MenuContent for menu, and so on.',
      anyOf: Object.values(CONTENT_DECLARATIONS).map((declaration) => ({ $ref: `#/components/schemas/${declaration.name}` })),
    },
    WebhookEventType: { enum: [...WEBHOOK_EVENT_TYPES] },
    WebhookEvent: {
      description: 'Any event body; `type` tells which.',
      oneOf: WEBHOOK_EVENTS.map((e) => ({ $ref: `#/components/schemas/${e.body.name}` })),
      discriminator: { propertyName: 'type', mapping: Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e.type, `#/components/schemas/${e.body.name}`])) },
    },
    WebhookEndpointPatch: partialSchema(declared.WebhookEndpointInput, (name) => name, {
      description: 'Only the fields to change; enabling a disabled endpoint clears its failure state',
    }),
    QrCodePatch: omitSchema(
      declared.QrCodeInput,
      QR_CODE_IMMUTABLE,
      'Only the fields to change; `null` clears an optional field. type, category, client_ref and custom_domain_id cannot change; a static code’s content and destinations neither.',
    ),
  };
}

const DESIGN_INPUT_DESCRIPTION =
  'Any of the fields, merged onto the defaults (create) or onto the code’s design (PATCH, as a JSON merge patch: `null` clears gradient, frame or eye colour). Checked for scannability before it is saved: 422 `low_contrast`, `inverted_colors` or `unreadable` at the field to change.';
