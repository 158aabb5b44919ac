/**
 * The partitions (by index) `member` should hold when `members` are its group's members: each member
 * takes a contiguous run, in member id order, and runs differ in size by at most one (Kafka's range
 * assignor; the Kafka transport's RangeAssigner uses it for every topic). A member not in the list, or
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
