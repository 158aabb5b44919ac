/** An event as a test reads it back from an outbox or a topic. */
export interface StoredEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}
