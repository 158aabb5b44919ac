# Stand-in for the official redis image, built by scripts/docker-base-images.js only when that image
# cannot be pulled: the bookworm minbase with Debian's redis-server (and redis-cli), listening on every
# address without protected mode, as the official image does; data in /data.
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends redis-server \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt /var/log/dpkg.log \
 && install -d -o redis -g redis /data
WORKDIR /data
USER redis
VOLUME /data
EXPOSE 6379
CMD ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no", "--dir", "/data"]
