/** One versioned event type: its name, the topic it travels on and the JSON schema of its `data`. */
export interface EventDefinition<TType extends string = string> {
  type: TType;
  version: number;
  /** Versioned topic name, e.g. `qr.scanned.v1`; a breaking change gets a new version and topic. */
  topic: string;
  dataSchema: Record<string, unknown>;
}

export function defineEvent<TType extends string>(type: TType, version: number, dataSchema: Record<string, unknown>): EventDefinition<TType> {
  return { type, version, topic: `${type}.v${version}`, dataSchema };
}
