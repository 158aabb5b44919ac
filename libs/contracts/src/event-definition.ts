/** One versioned event type: its name, the topic it travels on and the JSON schema of its `data`. */
export interface EventDefinition<TType extends string = string> {
  type: TType;
  version: number;
  /** Versioned topic name, e.g. `qr.scanned.v1`; a breaking change gets a new version and topic. */
  topic: string;
  dataSchema: Record<string, unknown>;
}

/**
 * `properties`: the JSON schema of each field of the event's `data`, every one required but those in
 * `optional`; `closed`: no other field is allowed.
 */
export function defineEvent<TType extends string>(
  type: TType,
  version: number,
  properties: Record<string, object>,
  o: { optional?: readonly string[]; closed?: boolean } = {},
): EventDefinition<TType> {
  const required = Object.keys(properties).filter((name) => !o.optional?.includes(name));
  const dataSchema = { type: 'object', required, ...(o.closed ? { additionalProperties: false } : {}), properties };
  return { type, version, topic: `${type}.v${version}`, dataSchema };
}
