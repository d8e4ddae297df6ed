package scripts_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// gzipped is data as gzip -cn writes it, which is what the script counts.
func gzipped(t *testing.T, data []byte) []byte {
	t.Helper()
	cmd := exec.Command("gzip", "-cn")
	cmd.Stdin = bytes.NewReader(data)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// noise is n bytes gzip cannot shrink much, so each layer's size shows.
func noise(seed uint32, n int) []byte {
	out := make([]byte, n)
	for i := range out {
		seed = seed*1664525 + 1013904223
		out[i] = byte(seed >> 24)
	}
	return out
}

func imageSize(t *testing.T, dir string, base int) (string, int) {
	t.Helper()
	cmd := exec.Command("bash", "image-size", dir, strconv.Itoa(base))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String() + errOut.String(), code
}

// scripts/image-size reads the folder docker save leaves in both of its
// layouts: Docker 20.10's <id>/layer.tar, and Docker 25+'s OCI blobs, some
// kept gzipped already by the containerd image store.
func TestImageSizeReadsBothSaveLayouts(t *testing.T) {
	layers := [][]byte{noise(1, 30000), noise(2, 90000), noise(3, 7000)}
	sizes := make([]int, len(layers))
	for i, l := range layers {
		sizes[i] = len(gzipped(t, l))
	}
	want := "layer 2: " + strconv.Itoa(sizes[1]/1000) + " kB gzipped\nlayer 3: " + strconv.Itoa(sizes[2]/1000) + " kB gzipped\n" +
		"total " + strconv.Itoa(sizes[0]+sizes[1]+sizes[2]) + " base " + strconv.Itoa(sizes[0]) + " added " + strconv.Itoa(sizes[1]+sizes[2]) + "\n"

	classic := t.TempDir()
	var names []string
	for i, l := range layers {
		name := filepath.Join(strconv.Itoa(i)+"abc", "layer.tar")
		os.MkdirAll(filepath.Join(classic, filepath.Dir(name)), 0o755)
		os.WriteFile(filepath.Join(classic, name), l, 0o644)
		names = append(names, `"`+name+`"`)
	}
	os.WriteFile(filepath.Join(classic, "manifest.json"), []byte(`[{"Config":"c.json","RepoTags":["mcp-contract:test"],"Layers":[`+strings.Join(names, ",")+`]}]`), 0o644)

	oci := t.TempDir()
	os.MkdirAll(filepath.Join(oci, "blobs", "sha256"), 0o755)
	names = nil
	for i, l := range layers {
		name := "blobs/sha256/" + strings.Repeat(strconv.Itoa(i), 64)
		if i == 1 {
			l = gzipped(t, l) // a layer the image store keeps compressed
		}
		os.WriteFile(filepath.Join(oci, name), l, 0o644)
		names = append(names, `"`+name+`"`)
	}
	os.WriteFile(filepath.Join(oci, "oci-layout"), []byte(`{"imageLayoutVersion":"1.0.0"}`), 0o644)
	os.WriteFile(filepath.Join(oci, "manifest.json"), []byte("[{\"Config\":\"blobs/sha256/cfg\",\n \"RepoTags\":[\"mcp-contract:test\"],\n \"Layers\":[\n  "+strings.Join(names, ",\n  ")+"\n ]}]\n"), 0o644)

	for name, dir := range map[string]string{"docker 20.10": classic, "docker 25+ (OCI)": oci} {
		if got, code := imageSize(t, dir, 1); code != 0 || got != want {
			t.Errorf("%s: exit %d\n%s\nwant\n%s", name, code, got, want)
		}
	}
	os.Remove(filepath.Join(oci, names[2][1:len(names[2])-1]))
	if got, code := imageSize(t, oci, 1); code != 2 || !strings.Contains(got, "which "+oci+" does not hold") {
		t.Errorf("a missing layer: exit %d, %s", code, got)
	}
	if got, code := imageSize(t, t.TempDir(), 1); code != 2 || !strings.Contains(got, "no manifest.json") {
		t.Errorf("no manifest: exit %d, %s", code, got)
	}
}
