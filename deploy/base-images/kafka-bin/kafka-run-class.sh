#!/bin/sh
# Runs a class from the broker's jars, as Apache Kafka's script of the same name does.
exec java ${KAFKA_HEAP_OPTS:--Xmx256m} ${KAFKA_OPTS:-} -Djava.awt.headless=true \
  -Dlog4j2.configurationFile=/opt/kafka/config/log4j2.properties -cp '/opt/kafka/libs/*' "$@"
