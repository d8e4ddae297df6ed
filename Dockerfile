# The image the GitHub Action runs (action.yml: image: Dockerfile), and anyone
# can run: docker run --rm -v "$PWD:/w" -w /w IMAGE lint.
# Pin the base images by digest when publishing. No `# syntax=` line: it
# would make every BuildKit build pull a frontend image first; the frontend
# built into BuildKit reads everything here.

# The build stage runs on the builder's own platform and cross-compiles, so
# the release's arm64 image compiles natively instead of under emulation.
FROM --platform=$BUILDPLATFORM golang:1.26-bookworm AS build
WORKDIR /src
# The modules in a layer of their own: a change to our source reuses it.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG TARGETOS TARGETARCH VERSION=dev
# The build cache outlives the layer, so a rebuild after a source change
# compiles only what changed (go-git, go-github and the MCP SDK are most of
# a cold build). -buildvcs=false: the runner builds the action's source
# without .git.
RUN --mount=type=cache,target=/root/.cache/go-build \
    CGO_ENABLED=0 GOOS=$TARGETOS GOARCH=$TARGETARCH go build -trimpath -buildvcs=false \
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
