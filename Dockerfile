# syntax=docker/dockerfile:1
# The image the GitHub Action runs (and anyone can run: docker run ... lint).
# Pin both base images by digest when publishing.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
# -buildvcs=false: the runner builds action sources without .git.
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -buildvcs=false \
      -ldflags="-s -w -X main.version=${VERSION}" -o /out/mcp-contract ./cmd/mcp-contract

# distroless static: CA certificates for HTTPS servers, no shell, no git (drift
# --against reads git objects itself). It runs as root on purpose: container
# actions must, to read the workspace and write the runner's command files.
FROM gcr.io/distroless/static-debian12
COPY --from=build /out/mcp-contract /mcp-contract
# Exec form, absolute path, no WORKDIR: the runner sets /github/workspace.
ENTRYPOINT ["/mcp-contract"]
