package schemacheck

import (
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Dialect is a JSON Schema draft we can check schemas against.
type Dialect string

const (
	Draft04   Dialect = "draft-04"
	Draft06   Dialect = "draft-06"
	Draft07   Dialect = "draft-07"
	Draft2019 Dialect = "2019-09"
	Draft2020 Dialect = "2020-12"
)

// DefaultDialect applies when a schema has no "$schema": MCP 2025-11-25 made
// 2020-12 the default (SEP-1613) and 2026-07-28 keeps it.
const DefaultDialect = Draft2020

// metaURL is the canonical meta-schema URL of each dialect, the form the
// compiler's embedded meta-schemas are keyed by.
var metaURL = map[Dialect]string{
	Draft04:   "http://json-schema.org/draft-04/schema",
	Draft06:   "http://json-schema.org/draft-06/schema",
	Draft07:   "http://json-schema.org/draft-07/schema",
	Draft2019: "https://json-schema.org/draft/2019-09/schema",
	Draft2020: "https://json-schema.org/draft/2020-12/schema",
}

func (d Dialect) draft() *jsonschema.Draft {
	switch d {
	case Draft04:
		return jsonschema.Draft4
	case Draft06:
		return jsonschema.Draft6
	case Draft07:
		return jsonschema.Draft7
	case Draft2019:
		return jsonschema.Draft2019
	}
	return jsonschema.Draft2020
}

// UnknownDialectError is a "$schema" that names no dialect we know. MCP
// 2026-07-28 (basic/index.mdx §JSON Schema Usage) says an unsupported dialect
// MUST be answered with an error, not guessed at.
type UnknownDialectError struct {
	URI string
}

func (e *UnknownDialectError) Error() string {
	return fmt.Sprintf("unknown JSON Schema dialect %q (known: draft-04, draft-06, draft-07, 2019-09, 2020-12)", e.URI)
}

// DialectOf reads a schema's "$schema". A missing "$schema" (or a boolean
// schema) means DefaultDialect. Both http and https forms, with or without a
// trailing "#", are accepted, as published schemas use all four.
func DialectOf(schema *jsontree.Node) (Dialect, error) {
	decl := schema.Get("$schema")
	if decl == nil {
		return DefaultDialect, nil
	}
	return dialectOfURI(decl)
}

// dialectOfURI reads one "$schema" value.
func dialectOfURI(decl *jsontree.Node) (Dialect, error) {
	if !decl.Is(jsontree.String) {
		return "", &UnknownDialectError{URI: "(a " + decl.Kind.String() + ", not a URI)"}
	}
	uri, ok := strings.CutPrefix(strings.TrimSuffix(decl.Text, "#"), "http://")
	if !ok {
		uri, ok = strings.CutPrefix(strings.TrimSuffix(decl.Text, "#"), "https://")
	}
	if !ok {
		// "json-schema.org/draft-07/schema" is a relative reference, not the
		// dialect's URI (found by FuzzQuickValid).
		return "", &UnknownDialectError{URI: decl.Text}
	}
	switch uri {
	case "json-schema.org/draft-04/schema":
		return Draft04, nil
	case "json-schema.org/draft-06/schema":
		return Draft06, nil
	case "json-schema.org/draft-07/schema":
		return Draft07, nil
	case "json-schema.org/draft/2019-09/schema":
		return Draft2019, nil
	case "json-schema.org/draft/2020-12/schema":
		return Draft2020, nil
	}
	return "", &UnknownDialectError{URI: decl.Text}
}
