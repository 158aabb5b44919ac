import { dataAttributesErrors, GS1_LIMITS, gs1LinksErrors, gs1TextErrors, gtinErrors, qualifierErrors } from '@qr/gs1';
import { Declaration, type JsonSchema } from '../engine/declare';
import { faultsOf } from '../engine/fault';
import { Field, Out, ref } from '../engine/fields';

/*
 * The `gs1` content as declarations. The rules are @qr/gs1's (GTIN check digit, the AIs' syntax,
 * the link rules), which give FieldErrors with pointers; here they become the engine's faults, at
 * the same places (faultsOf), so `/content/gtin` carries `invalid_check_digit` as any other field its error.
 */

const QUALIFIER = (ai: string, description: string): JsonSchema => ({
  type: 'string',
  minLength: 1,
  maxLength: 20,
  pattern: '^[!"%&\'()*+,\\-./0-9:;<=>?A-Z_a-z]+$',
  description: `${description} (AI ${ai}): 1–20 characters of GS1 character set 82`,
});
const textSchema = (max: number): JsonSchema => ({ type: 'string', minLength: 1, maxLength: max });

/**
 * One link of a `gs1` code: what the resolver redirects to, and lists in the linkset. Its schema only:
 * `Gs1Content.links` checks the links (gs1LinksErrors), whose rules span links (one default, no twins).
 */
@Declaration()
export class Gs1Link {
  @Out({
    type: 'string',
    example: 'gs1:pip',
    description:
      'A GS1 Web Vocabulary link type as a CURIE (gs1:pip, gs1:recallStatus, …); not gs1:defaultLink, gs1:defaultLinkMulti or gs1:handledBy, which the resolver sets',
  })
  link_type!: string;

  @Out({ type: 'string', format: 'uri', maxLength: GS1_LIMITS.href, description: 'Absolute http(s) URL, ASCII (punycode host)' })
  href!: string;

  @Out(textSchema(GS1_LIMITS.title))
  title!: string;

  @Out(
    {
      type: 'array',
      minItems: 1,
      maxItems: GS1_LIMITS.hreflang,
      items: { type: 'string', pattern: '^[a-z]{2}(-[A-Z]{2})?$' },
      description: 'Languages of the target: en, en-GB',
    },
    { optional: true },
  )
  hreflang?: string[];

  @Out({ type: 'string', maxLength: GS1_LIMITS.mediaType, description: 'Media type of the target: text/html' }, { optional: true })
  type?: string;

  @Out(
    {
      type: 'array',
      minItems: 1,
      maxItems: GS1_LIMITS.context,
      items: { type: 'string', maxLength: GS1_LIMITS.contextValue, pattern: '^[A-Za-z0-9._~-]+$' },
      description: 'Values a request picks with ?context= (a country, a jurisdiction)',
    },
    { optional: true },
  )
  context?: string[];

  @Out({ type: 'boolean', description: 'Exactly one link of a code is the default' }, { optional: true })
  default?: boolean;
}

/**
 * `gs1`: a product (GTIN), or one of its variants, lots or serials, and its links (dynamic only). The
 * code prints the GS1 Digital Link URI `https://{host}/01/{gtin14}[/22/{cpv}][/10/{lot}][/21/{serial}][?{data}]`.
 */
@Declaration()
export class Gs1Content {
  @Field(
    (value) => faultsOf(gtinErrors(value, '')),
    { type: 'string', pattern: '^(\\d{8}|\\d{12,14})$', description: 'GTIN-8, -12, -13 or -14 with its mod-10 check digit; stored as GTIN-14' },
    { required: true, seesAbsence: true },
  )
  gtin!: string;

  @Field((value) => faultsOf(qualifierErrors('22', value, '')), QUALIFIER('22', 'Consumer product variant'))
  cpv?: string;

  @Field((value) => faultsOf(qualifierErrors('10', value, '')), QUALIFIER('10', 'Batch or lot'))
  lot?: string;

  @Field((value) => faultsOf(qualifierErrors('21', value, '')), QUALIFIER('21', 'Serial number'))
  serial?: string;

  @Field((value) => faultsOf(dataAttributesErrors(value, '')), {
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { '17': '270101' },
    description: 'Data attributes printed in the URI’s query string, by AI: 11, 13, 15, 16, 17 (YYMMDD), 7003, 30, 310n–369n',
  })
  data?: Record<string, string>;

  @Field((value) => faultsOf(gs1TextErrors(value, '', GS1_LIMITS.itemDescription)), textSchema(GS1_LIMITS.itemDescription))
  item_description?: string;

  @Field(
    (value) => faultsOf(gs1LinksErrors(value, '')),
    { type: 'array', minItems: 1, maxItems: GS1_LIMITS.links, items: ref(() => Gs1Link), description: 'Exactly one is the default' },
    { required: true, seesAbsence: true },
  )
  links!: Gs1Link[];
}
