# tglink's container image, built from a clean clone:   docker build -t tglink .
# (BuildKit: the default since Docker 23; DOCKER_BUILDKIT=1 before.)
# Then:  docker run --rm -p 127.0.0.1:8080:8080 tglink demo   (the local demo, no Telegram)
#        docker compose up -d --build                         (the bot, PostgreSQL and Caddy: README, Deploy)
#
# BASE must be Debian 12 (bookworm) based: the runtime stage names bookworm's library packages.
# CI passes a base made with mmdebstrap (scripts/ci/base-image.sh), as no registry is reachable there.
# Stages, first to last: runtime-base (libraries, user, entry point), build (compile, strip,
# TDLib from the pinned npm package), runtime (the two together; the default target).
# scripts/ci/image-from-build.sh makes the same runtime image from an already built build/.
ARG BASE=debian:bookworm-slim

FROM ${BASE} AS runtime-base
# Only what the binary links (ldd build/tglink), CA certificates for TDLib and the self-test,
# tini as PID 1 (it forwards SIGTERM and reaps), and ffmpeg, with which `demo` makes its
# sample video (about 390 of the image's 610 MB: --build-arg FFMPEG= leaves it out).
ARG FFMPEG=ffmpeg
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libssl3 libsqlite3-0 libpq5 libspdlog1.10 libfmt9 libseccomp2 ca-certificates tini $FFMPEG \
 && apt-get clean && rm -rf /var/lib/apt/lists/*
# A fixed uid and gid (10001), so volumes keep their owner across images; group first, or
# useradd --system picks another gid.
RUN groupadd --system --gid 10001 tglink \
 && useradd --system --uid 10001 --gid 10001 --home-dir /data --no-create-home \
      --shell /usr/sbin/nologin tglink \
 && mkdir -p /data && chown 10001:10001 /data && chmod 0700 /data
# TDJSON_PATH is not set: the binary loads the libtdjson.so beside it, and `demo` the simulator.
# /opt/tglink on the PATH: `docker compose exec tglink tglink check-config --online` works.
ENV DATA_DIR=/data PORT=8080 PATH=/opt/tglink:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
VOLUME /data
WORKDIR /data
EXPOSE 8080
USER 10001:10001
# /healthz answers as soon as the HTTP server runs, whether or not Telegram is reachable.
HEALTHCHECK --interval=30s --timeout=6s --start-period=20s --retries=3 \
  CMD ["tglink", "healthcheck"]
ENTRYPOINT ["/usr/bin/tini", "--", "tglink"]

FROM ${BASE} AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      g++ cmake ninja-build pkg-config binutils libboost1.81-dev libsqlite3-dev libssl-dev \
      libspdlog-dev libpq-dev libseccomp-dev nodejs npm ca-certificates ccache \
 && apt-get clean && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json package-lock.json ./
# Behind a TLS-inspecting proxy npm needs its CA: as a secret with docker build
#   docker build --secret id=hostca,src=/etc/ssl/certs/ca-certificates.crt .
# or, where no secret can be passed (Compose 1.29), as a build argument holding the base64 of
# the CA certificates (public data; this stage's arguments do not reach the final image).
ARG EXTRA_CA_CERTS_BASE64=
RUN --mount=type=secret,id=hostca \
    if [ -s /run/secrets/hostca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/hostca; \
    elif [ -n "$EXTRA_CA_CERTS_BASE64" ]; then \
      echo "$EXTRA_CA_CERTS_BASE64" | base64 -d >/tmp/extra-ca.pem \
      && export NODE_EXTRA_CA_CERTS=/tmp/extra-ca.pem; \
    fi; \
    npm ci --no-audit --no-fund --loglevel=error
COPY CMakeLists.txt ./
COPY cmake cmake
COPY src src
ARG JOBS=2
# RelWithDebInfo as `make run` builds it (Release's -O3 trips GCC 12's -Werror=restrict), then stripped.
# The compiler cache lives in a BuildKit cache mount: a rebuild on the same machine (a new
# commit, CI after a developer's build) compiles only what changed. The image never holds it.
RUN --mount=type=cache,target=/root/.cache/ccache \
    cmake -S . -B /build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
 && ninja -C /build -j"$JOBS" tglink \
 && mkdir -p /out/sim \
 && strip --strip-unneeded -o /out/tglink /build/tglink \
 && strip --strip-unneeded -o /out/sim/libtdjson.so /build/sim/libtdjson.so \
 && strip --strip-unneeded -o /out/sim/tglink-sim-world /build/sim/tglink-sim-world \
 && cp node_modules/@prebuilt-tdlib/linux-x64-glibc/libtdjson.so /out/libtdjson.so

FROM runtime-base AS runtime
COPY --from=build /out/ /opt/tglink/
