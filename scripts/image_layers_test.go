package scripts_test

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// savedImage is a folder laid out as one `docker save` unpacked: files by
// path relative to it.
type savedImage map[string][]byte

func (s savedImage) write(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range s {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// blob stores data in s at its OCI path and returns its digest.
func (s savedImage) blob(data []byte) string {
	sum := sha256.Sum256(data)
	s["blobs/sha256/"+hex.EncodeToString(sum[:])] = data
	return "sha256:" + hex.EncodeToString(sum[:])
}

func imageLayers(t *testing.T, dir string) (string, error) {
	t.Helper()
	script, _ := filepath.Abs("image-layers")
	out, err := exec.Command("bash", script, dir).CombinedOutput()
	return string(out), err
}

// layer is one layer as image-layers reports it.
type layer struct {
	path string
	size int
}

func parseLayers(t *testing.T, out string) []layer {
	t.Helper()
	var ls []layer
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		path, size, ok := strings.Cut(line, " ")
		n, err := strconv.Atoi(size)
		if !ok || err != nil {
			t.Fatalf("not a layer line: %q in\n%s", line, out)
		}
		ls = append(ls, layer{path, n})
	}
	return ls
}

// The size step of scripts/test-image reads each layout `docker save`
// writes: Docker 20.10's <id>/layer.tar, Docker 25+'s OCI layout with
// uncompressed blobs (classic store) or gzipped ones (containerd store),
// and an OCI layout that has only index.json. An uncompressed layer is
// gzipped (a megabyte of zeros comes to about a kilobyte, never to its raw
// size); a gzipped one counts as it is, byte for byte.
func TestImageLayersReadsEveryLayoutOfDockerSave(t *testing.T) {
	zeros := make([]byte, 1<<20)
	noise := make([]byte, 50_000)
	rand.Read(noise)
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(noise)
	w.Close()
	gzipped := gz.Bytes()

	legacy := savedImage{"0a/layer.tar": zeros, "0b/layer.tar": zeros, "c.json": []byte("{}")}
	legacy["manifest.json"] = []byte(`[{"Config":"c.json","RepoTags":["mcp-contract:test"],"Layers":["0a/layer.tar","0b/layer.tar"]}]`)

	classic := savedImage{"oci-layout": []byte(`{"imageLayoutVersion":"1.0.0"}`)}
	c1, c2 := classic.blob(zeros), classic.blob(append([]byte{1}, zeros...))
	classic["manifest.json"] = []byte(`[{"Config":"blobs/sha256/00","RepoTags":["mcp-contract:test"],"Layers":["blobs/sha256/` +
		strings.TrimPrefix(c1, "sha256:") + `","blobs/sha256/` + strings.TrimPrefix(c2, "sha256:") + `"],"LayerSources":{}}]` + "\n")

	// The containerd store: gzipped layers, index.json naming an index of
	// the image and its attestation; one file with manifest.json, one
	// without.
	ociOnly := savedImage{"oci-layout": []byte(`{"imageLayoutVersion":"1.0.0"}`)}
	g1, g2 := ociOnly.blob(gzipped), ociOnly.blob(append(gzipped[:len(gzipped):len(gzipped)], 0))
	cfg := ociOnly.blob([]byte(`{"architecture":"amd64"}`))
	manifest := ociOnly.blob([]byte(fmt.Sprintf(`{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json",`+
		`"config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":%q,"size":24},`+
		`"layers":[{"mediaType":"application/vnd.oci.image.layer.v1.tar+gzip","digest":%q,"size":1},`+
		`{"mediaType":"application/vnd.oci.image.layer.v1.tar+gzip","digest":%q,"size":1}]}`, cfg, g1, g2)))
	attestation := ociOnly.blob([]byte(fmt.Sprintf(`{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json",`+
		`"config":{"digest":%q},"layers":[{"digest":%q}]}`, cfg, cfg)))
	index := ociOnly.blob([]byte(fmt.Sprintf(`{"schemaVersion":2,"mediaType":"application/vnd.oci.image.index.v1+json","manifests":[`+
		`{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":%q,"size":1,"platform":{"architecture":"amd64","os":"linux"}},`+
		`{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":%q,"size":1,"annotations":{"vnd.docker.reference.type":"attestation-manifest"}}]}`,
		manifest, attestation)))
	// No mediaType of its own, which the spec allows: a manifests key
	// makes it an index.
	ociOnly["index.json"] = []byte(fmt.Sprintf("{\n  \"schemaVersion\": 2,\n  \"manifests\": [\n    {\"mediaType\": \"application/vnd.oci.image.index.v1+json\", \"digest\": %q, \"size\": 1}\n  ]\n}\n", index))
	containerd := savedImage{}
	for k, v := range ociOnly {
		containerd[k] = v
	}
	containerd["manifest.json"] = []byte(`[{"Config":"blobs/sha256/` + strings.TrimPrefix(cfg, "sha256:") + `","RepoTags":["mcp-contract:test"],"Layers":["blobs/sha256/` +
		strings.TrimPrefix(g1, "sha256:") + `","blobs/sha256/` + strings.TrimPrefix(g2, "sha256:") + `"]}]`)

	path := func(d string) string { return "blobs/sha256/" + strings.TrimPrefix(d, "sha256:") }
	for _, tc := range []struct {
		name   string
		image  savedImage
		paths  []string
		packed bool
	}{
		{"docker 20.10", legacy, []string{"0a/layer.tar", "0b/layer.tar"}, false},
		{"docker 25+ classic store", classic, []string{path(c1), path(c2)}, false},
		{"docker 25+ containerd store", containerd, []string{path(g1), path(g2)}, true},
		{"oci layout without manifest.json", ociOnly, []string{path(g1), path(g2)}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := imageLayers(t, tc.image.write(t))
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			got := parseLayers(t, out)
			if len(got) != len(tc.paths) {
				t.Fatalf("got %d layers, want %d:\n%s", len(got), len(tc.paths), out)
			}
			for i, l := range got {
				if l.path != tc.paths[i] {
					t.Errorf("layer %d is %s, want %s", i+1, l.path, tc.paths[i])
				}
				raw := len(tc.image[tc.paths[i]])
				if tc.packed && l.size != raw {
					t.Errorf("layer %d, gzipped already (%d bytes), counted as %d", i+1, raw, l.size)
				}
				if !tc.packed && (l.size == 0 || l.size > raw/100) {
					t.Errorf("layer %d, a megabyte of zeros, counted as %d bytes: not gzipped", i+1, l.size)
				}
			}
		})
	}
}

// What is not an image docker save wrote fails with the reason, rather
// than reporting an image of no layers.
func TestImageLayersRefusesWhatIsNoImage(t *testing.T) {
	missing := savedImage{"manifest.json": []byte(`[{"Config":"c.json","Layers":["blobs/sha256/ab"]}]`)}
	for _, tc := range []struct {
		name  string
		image savedImage
		want  string
	}{
		{"an empty folder", savedImage{"x": nil}, "neither manifest.json nor index.json"},
		{"a layer not there", missing, "layer blobs/sha256/ab is not in"},
		{"an index naming a blob not there", savedImage{"index.json": []byte(`{"manifests":[{"digest":"sha256:cd"}]}`)}, "manifest sha256:cd is not in"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := imageLayers(t, tc.image.write(t))
			if err == nil || !strings.Contains(out, tc.want) {
				t.Fatalf("want a failure saying %q, got %v:\n%s", tc.want, err, out)
			}
		})
	}
}
