/**
 * The run's Kafka broker. `npm test` (scripts/test-all.sh) passes KAFKA_BROKERS on as TEST_KAFKA_BROKERS,
 * after starting a broker of its own when KAFKA_BROKERS is not set; under another name so that no server a
 * test starts inherits it (an all-in-one or admin CLI would then run on Kafka instead of its embedded log).
 */
export function testKafkaBrokers(): string {
  const brokers = process.env.TEST_KAFKA_BROKERS;
  if (!brokers) {
    throw new Error(
      'no Kafka broker for this test: run it through `npm test` (which starts one), or start one (`npm run kafka`) and set TEST_KAFKA_BROKERS to its address',
    );
  }
  return brokers;
}
