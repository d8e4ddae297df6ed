package lint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// markdownTable reads the first table whose header starts with "| server |"
// in text: its column names, and each row's cells by column, keyed by the
// row's first cell with bold marks removed.
func markdownTable(t *testing.T, text, name string) (columns []string, rows map[string]map[string]string, order []string) {
	t.Helper()
	rows = map[string]map[string]string{}
	inTable := false
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "|") {
			if inTable {
				break
			}
			continue
		}
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		for i := range cells {
			cells[i] = strings.Trim(strings.TrimSpace(cells[i]), "*")
		}
		switch {
		case !inTable && cells[0] == "server":
			inTable, columns = true, cells
		case !inTable, strings.HasPrefix(cells[0], "---"):
		default:
			if len(cells) != len(columns) {
				t.Fatalf("%s: row %q has %d cells for %d columns", name, cells[0], len(cells), len(columns))
			}
			row := map[string]string{}
			for i, c := range cells {
				row[columns[i]] = c
			}
			rows[cells[0]] = row
			order = append(order, cells[0])
		}
	}
	if !inTable {
		t.Fatalf("%s has no table with a server column", name)
	}
	return columns, rows, order
}

// The rejection table of docs/measurements.md is a view of rejections.golden: every cell it
// shows must be the golden's, every server of the golden must be in it, and
// the columns it leaves out must be the ones its text says reject nothing.
// A rule change that moves the numbers fails here until the page says so.
func TestMeasurementsRejectionTableMatchesGolden(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "docs", "measurements.md"))
	if err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile(filepath.Join("testdata", "rejections.golden"))
	if err != nil {
		t.Fatal(err)
	}
	rColumns, rRows, rOrder := markdownTable(t, string(page), "docs/measurements.md")
	gColumns, gRows, gOrder := markdownTable(t, string(golden), "rejections.golden")
	if strings.Join(rOrder, "\n") != strings.Join(gOrder, "\n") {
		t.Errorf("docs/measurements.md rows\n%s\nare not the golden's\n%s", strings.Join(rOrder, "\n"), strings.Join(gOrder, "\n"))
	}
	for _, col := range rColumns {
		if _, ok := gRows[gOrder[0]][col]; !ok {
			t.Errorf("docs/measurements.md column %q is not in the golden (%s)", col, strings.Join(gColumns, ", "))
			continue
		}
		for _, row := range rOrder {
			if got, want := rRows[row][col], gRows[row][col]; got != want {
				t.Errorf("docs/measurements.md says %q for %s / %s, the golden %q", got, row, col, want)
			}
		}
	}
	for _, col := range gColumns {
		if _, shown := rRows[rOrder[0]][col]; shown {
			continue
		}
		total := gRows["total"][col]
		if !strings.HasPrefix(total, "0 ") {
			t.Errorf("docs/measurements.md leaves out column %q, but it rejects %s tools", col, total)
		}
		if !strings.Contains(string(page), col) {
			t.Errorf("docs/measurements.md leaves out column %q without saying it rejects none", col)
		}
	}
}
