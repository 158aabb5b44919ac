# Stand-in for the official postgres image, built by scripts/docker-base-images.js only when that image
# cannot be pulled: the bookworm minbase with Debian's postgresql (PostgreSQL 15 on bookworm, whatever
# the tag says). It honours what docker-compose.yml uses of the official image: POSTGRES_USER,
# POSTGRES_PASSWORD and POSTGRES_DB on the first start, data in /var/lib/postgresql/data, pg_isready.
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
# No cluster of Debian's own: the entrypoint makes one in PGDATA on the first start.
RUN mkdir -p /etc/postgresql-common \
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf \
 && apt-get update \
 && apt-get install -y --no-install-recommends postgresql \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt /var/log/dpkg.log \
 && ln -s "$(ls -d /usr/lib/postgresql/*/bin)" /usr/lib/postgresql/bin \
 && install -d -o postgres -g postgres -m 700 /var/lib/postgresql/data \
 && install -d -o postgres -g postgres -m 2775 /var/run/postgresql
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/bin:$PATH \
    PGDATA=/var/lib/postgresql/data
# A new named volume takes this directory's owner, so the server never needs root.
USER postgres
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
