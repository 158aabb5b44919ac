// Starts one KRaft Kafka broker with testcontainers, prints host:port, and keeps it up until killed.
const { KafkaContainer } = require('@testcontainers/kafka');

new KafkaContainer('confluentinc/cp-kafka:7.6.1')
  .withKraft()
  .start()
  .then((container) => {
    process.stdout.write(`${container.getHost()}:${container.getMappedPort(9093)}`);
    const stop = () => container.stop().finally(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
