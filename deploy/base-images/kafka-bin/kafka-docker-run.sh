#!/bin/bash
# The broker, configured as apache/kafka configures it: every KAFKA_* variable (but the JVM's) is a
# server property, lower-cased, with _ for ".", __ for "_" and ___ for "-". The log directory is
# formatted with CLUSTER_ID on the first start; a later start finds it formatted and keeps its data.
set -euo pipefail
config=/opt/kafka/config/server.properties
: > "$config"
for name in $(compgen -e); do
  case "$name" in
    KAFKA_HEAP_OPTS | KAFKA_OPTS | KAFKA_JVM_PERFORMANCE_OPTS | KAFKA_VERSION) continue ;;
    KAFKA_*) ;;
    *) continue ;;
  esac
  key=${name#KAFKA_}
  key=${key,,}
  key=${key//___/-}
  key=${key//__/@}
  key=${key//_/.}
  key=${key//@/_}
  printf '%s=%s\n' "$key" "${!name}" >> "$config"
done
[ -n "${CLUSTER_ID:-}" ] || { echo "kafka: set CLUSTER_ID (and the KAFKA_* server properties)" >&2; exit 1; }
kafka-run-class.sh kafka.tools.StorageTool format --ignore-formatted -t "$CLUSTER_ID" -c "$config" > /dev/null
KAFKA_HEAP_OPTS=${KAFKA_HEAP_OPTS:--Xmx512m -Xms128m} exec kafka-run-class.sh kafka.Kafka "$config"
