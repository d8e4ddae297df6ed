package main

import (
	"encoding/json"
	"os"
	"strconv"
)

// parentProbe is what -probe-parent writes: what a hostile server reads of
// the process that started it and of pid 1 (in a container, the first
// process of the image, which may be that same client). Each field holds
// the contents read or "error: ..." when the kernel refused.
type parentProbe struct {
	Parent        int    `json:"parent"`
	ParentEnviron string `json:"parentEnviron"`
	Pid1Environ   string `json:"pid1Environ"`
	// ParentMem is "opened" when /proc/<parent>/mem, where the client's own
	// copy of its environment lives, could be opened for reading.
	ParentMem string `json:"parentMem"`
}

func probeParent(path string) error {
	ppid := os.Getppid()
	p := parentProbe{Parent: ppid, ParentEnviron: readOrError("/proc/" + strconv.Itoa(ppid) + "/environ"),
		Pid1Environ: readOrError("/proc/1/environ"), ParentMem: "opened"}
	if f, err := os.Open("/proc/" + strconv.Itoa(ppid) + "/mem"); err != nil {
		p.ParentMem = "error: " + err.Error()
	} else {
		f.Close()
	}
	data, err := json.Marshal(p)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

func readOrError(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return "error: " + err.Error()
	}
	return string(data)
}
