/** A member of a consumer group as its heartbeat row has it. */
export interface GroupMember {
  id: string;
  /** Epoch milliseconds: the member counts as gone from then on unless it renews. */
  expiresAt: number;
}

/** The members whose heartbeat has not expired at `now`, sorted by id (the order every member agrees on). */
export function liveMembers(members: readonly GroupMember[], now: Date): string[] {
  const at = now.getTime();
  return [...new Set(members.filter((m) => m.expiresAt > at).map((m) => m.id))].sort();
}

/**
 * The partitions `member` should hold when `members` are the live members of its group: each member
 * takes a contiguous run, in member id order, and runs differ in size by at most one (Kafka's range
 * assignor). Every member computes the same answer from the same list without talking to the others;
 * while their lists differ (a join or a death not seen by all yet) the partition leases keep two members
 * from holding one partition, and the lists agree again within a heartbeat. A member not in the list, or
 * beyond the number of partitions, gets none.
 */
export function assignPartitions(partitions: number, members: readonly string[], member: string): number[] {
  const sorted = [...new Set(members)].sort();
  const index = sorted.indexOf(member);
  if (index < 0) return [];
  const from = Math.floor((index * partitions) / sorted.length);
  const to = Math.floor(((index + 1) * partitions) / sorted.length);
  return Array.from({ length: to - from }, (_, i) => from + i);
}
