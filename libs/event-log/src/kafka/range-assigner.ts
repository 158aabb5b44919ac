import { AssignerProtocol, type PartitionAssigner } from 'kafkajs';
import { assignPartitions } from './range-assignment';

/**
 * Kafka's range assignor for kafkajs (which ships only round robin): in every topic, member i (by member
 * id) takes the i-th contiguous run of partitions. With the catalog's topics all of one partition count,
 * a member holds the same partition numbers in each of them, so one code's creation, changes and scans
 * (all keyed by its id) are handled by the same member, and a member's share is one list of partitions.
 */
export const RangeAssigner: PartitionAssigner = ({ cluster }) => ({
  name: 'RangeAssigner',
  version: 0,
  async assign({ members, topics }) {
    const subscribers = new Map<string, string[]>();
    for (const m of members) {
      const { topics: wanted } = AssignerProtocol.MemberMetadata.decode(m.memberMetadata) ?? { topics: [] };
      for (const topic of wanted) subscribers.set(topic, [...(subscribers.get(topic) ?? []), m.memberId]);
    }
    const assignment = new Map<string, Record<string, number[]>>(members.map((m) => [m.memberId, {}]));
    for (const topic of topics) {
      const partitions = cluster
        .findTopicPartitionMetadata(topic)
        .map((p) => p.partitionId)
        .sort((a, b) => a - b);
      const ids = subscribers.get(topic) ?? [];
      for (const id of ids) {
        const mine = assignPartitions(partitions.length, ids, id).map((i) => partitions[i]);
        if (mine.length) assignment.get(id)![topic] = mine;
      }
    }
    return [...assignment].map(([memberId, a]) => ({
      memberId,
      memberAssignment: AssignerProtocol.MemberAssignment.encode({ version: 0, assignment: a, userData: Buffer.alloc(0) }),
    }));
  },
  protocol({ topics }) {
    return { name: 'RangeAssigner', metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics, userData: Buffer.alloc(0) }) };
  },
});
