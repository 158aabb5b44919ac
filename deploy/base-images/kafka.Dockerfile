# Stand-in for the apache/kafka image, built by scripts/docker-base-images.js only when that image
# cannot be pulled: the bookworm minbase with Debian's JRE and the broker's jars from
# deploy/kafka-local/pom.xml (copied into deploy/kafka-local/lib by Maven on the host; the build's context is deploy/). Like apache/kafka it is
# configured by KAFKA_* variables (KAFKA_NODE_ID is node.id) and CLUSTER_ID, keeps its log in
# KAFKA_LOG_DIRS, runs as uid 1000, and has /opt/kafka/bin/kafka-broker-api-versions.sh for health checks.
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
RUN mkdir -p /usr/share/man/man1 \
 && apt-get update \
 && apt-get install -y --no-install-recommends openjdk-17-jre-headless \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt /var/log/dpkg.log \
 && groupadd --gid 1000 appuser \
 && useradd --uid 1000 --gid appuser --no-create-home --home-dir /opt/kafka appuser \
 && install -d -o appuser -g appuser /var/lib/kafka/data /opt/kafka/config
COPY kafka-local/lib/ /opt/kafka/libs/
COPY kafka-local/log4j2.properties /opt/kafka/config/log4j2.properties
COPY base-images/kafka-bin/ /opt/kafka/bin/
ENV PATH=/opt/kafka/bin:$PATH
USER appuser
VOLUME /var/lib/kafka/data
EXPOSE 9092
ENTRYPOINT ["kafka-docker-run.sh"]
