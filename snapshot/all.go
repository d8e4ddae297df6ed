package snapshot

import (
	"os"

	"github.com/mcp-contract/mcp-contract/contract"
)

// WriteAll writes the snapshot of each catalog into dir, telling written
// each file and whether it changed, or with check writes nothing and
// lists the files missing or out of date instead.
func WriteAll(dir string, catalogs []*contract.Catalog, check bool, written func(path string, changed bool, c *contract.Catalog)) (missing, stale []string, err error) {
	for _, c := range catalogs {
		path, err := Path(dir, c.Server)
		if err != nil {
			return nil, nil, err
		}
		if check {
			if _, err := os.Lstat(path); os.IsNotExist(err) {
				missing = append(missing, path)
				continue
			}
			changed, err := Changed(dir, c)
			if err != nil {
				return nil, nil, err
			}
			if changed {
				stale = append(stale, path)
			}
			continue
		}
		changed, err := Write(dir, c)
		if err != nil {
			return nil, nil, err
		}
		written(path, changed, c)
	}
	return missing, stale, nil
}
