# syntax=docker/dockerfile:1
# The image the GitHub Action runs (action.yml: image: Dockerfile), and anyone
# can run: docker run --rm -v "$PWD:/w" -w /w IMAGE lint.
# Pin the base images by digest when publishing.

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
# -buildvcs=false: the runner builds the action's source without .git.
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -buildvcs=false \
      -ldflags="-s -w -X main.version=${VERSION}" -o /out/mcp-contract ./cmd/mcp-contract

# uv and uvx, copied as uv's own docs show, at a pinned release.
FROM ghcr.io/astral-sh/uv:0.11.7 AS uv

# The runtime must start the stdio servers users configure: most are
# `npx -y <package>` (Node.js 24 LTS brings npx) or `uvx <package>` (uv, with
# Debian's python3 so no interpreter is downloaded). Debian slim keeps glibc
# for the binaries npm and PyPI packages ship.
FROM node:24-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates python3 \
 && rm -rf /var/lib/apt/lists/*
COPY --from=uv /uv /uvx /usr/local/bin/
COPY --from=build /out/mcp-contract /usr/local/bin/mcp-contract
# No USER and no WORKDIR: a container action runs as root (to read the
# workspace and write the runner's command files) in /github/workspace,
# which the runner sets as the working directory.
ENTRYPOINT ["/usr/local/bin/mcp-contract"]
