// Package schemacheck compiles and applies JSON Schemas found in tool lists,
// with the safety a linter of untrusted input needs: no reference is ever
// fetched, and schemas over documented size limits are refused before the
// (recursive) compiler and validator see them.
package schemacheck

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// baseURL names the schema document being compiled. The .invalid TLD can
// never resolve, so even a reference relative to it names nothing real.
const baseURL = "https://schema.mcp-contract.invalid/root.json"

// Schema is a compiled schema, ready to validate instances.
type Schema struct {
	Dialect  Dialect
	compiled *jsonschema.Schema
}

// RefNotFetchedError is a reference to another document. MCP 2026-07-28
// (basic/index.mdx §$ref Resolution) says network references MUST NOT be
// dereferenced automatically, and a schema failing on one SHOULD be rejected
// rather than treated as permissive; so it is an error, and nothing is fetched.
type RefNotFetchedError struct {
	URL string
}

func (e *RefNotFetchedError) Error() string {
	return fmt.Sprintf("reference to %q was not fetched: references outside the schema are never dereferenced", e.URL)
}

// refusingLoader is the only loader the compiler gets. The compiler serves
// the standard meta-schemas from its embedded copies before asking a loader,
// so every call here is a reference out of the document. It remembers the
// first refusal because the compiler's error wraps it without Unwrap.
type refusingLoader struct {
	refused *RefNotFetchedError
}

func (l *refusingLoader) Load(url string) (any, error) {
	err := &RefNotFetchedError{URL: url}
	if l.refused == nil {
		l.refused = err
	}
	return nil, err
}

// Compile compiles a schema in the dialect its "$schema" names (2020-12 when
// absent). It fails on schemas over DefaultLimits (*TooComplexError), on an
// unknown dialect (*UnknownDialectError), on any reference outside the
// document (*RefNotFetchedError), on schemas their meta-schema rejects
// (*InvalidSchemaError), and on what the compiler cannot build (an unresolved
// local $ref, a pattern Go's regexp cannot compile).
func Compile(schema *jsontree.Node) (*Schema, error) {
	if schema == nil {
		return nil, errors.New("no schema")
	}
	if err := checkLimits(schema); err != nil {
		return nil, err
	}
	dialect, err := DialectOf(schema)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(dialect.draft())
	loader := &refusingLoader{}
	c.UseLoader(loader)
	if err := c.AddResource(baseURL, schema.Interface()); err != nil {
		return nil, err
	}
	compiled, err := c.Compile(baseURL)
	if err != nil {
		if loader.refused != nil {
			return nil, loader.refused
		}
		var invalid *jsonschema.SchemaValidationError
		var verr *jsonschema.ValidationError
		if errors.As(err, &invalid) && errors.As(invalid.Err, &verr) {
			return nil, &InvalidSchemaError{Dialect: dialect, Violations: flatten(verr, schemaKeyword)}
		}
		return nil, err
	}
	return &Schema{Dialect: dialect, compiled: compiled}, nil
}

// DecodeInstance reads one JSON value the way Validate expects it: numbers
// stay json.Number, so 12500.00 and 2^53+1 are compared exactly.
func DecodeInstance(data []byte) (any, error) {
	return jsonschema.UnmarshalJSON(bytes.NewReader(data))
}

// Validate checks an instance (decoded by DecodeInstance, or encoding/json
// values) and returns every violation, in a stable order; nil means valid.
func (s *Schema) Validate(instance any) []Violation {
	err := s.compiled.Validate(instance)
	if err == nil {
		return nil
	}
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		return []Violation{{Message: err.Error()}}
	}
	return dropConsequences(flatten(verr, instanceKeyword))
}

// dropConsequences removes unevaluatedProperties/unevaluatedItems failures
// when anything else failed: a subschema that fails evaluates nothing, so
// every property it would have accepted is reported again as unevaluated
// (a wire transfer missing "swift" would otherwise list every field it sent).
func dropConsequences(vs []Violation) []Violation {
	var kept []Violation
	for _, v := range vs {
		if !isUnevaluated(v.Keyword) {
			kept = append(kept, v)
		}
	}
	if len(kept) == 0 {
		return vs
	}
	return kept
}

func isUnevaluated(keyword string) bool {
	return keyword == "unevaluatedProperties" || keyword == "unevaluatedItems"
}

// InvalidSchemaError is a schema its own meta-schema rejects; Violations
// point into the schema.
type InvalidSchemaError struct {
	Dialect    Dialect
	Violations []Violation
}

func (e *InvalidSchemaError) Error() string {
	msg := fmt.Sprintf("the schema is not valid %s JSON Schema:", e.Dialect)
	for _, v := range e.Violations {
		msg += "\n  " + v.String()
	}
	return msg
}

// ValidateArguments checks one tools/call "arguments" document (raw JSON)
// against a tool's inputSchema: the core of `mcp-contract validate`. The
// error is about the schema or the JSON (the caller exits 2); violations are
// about the arguments (exit 1); neither means the call is valid.
func ValidateArguments(inputSchema *jsontree.Node, arguments []byte) ([]Violation, error) {
	s, err := Compile(inputSchema)
	if err != nil {
		return nil, err
	}
	instance, err := DecodeInstance(arguments)
	if err != nil {
		return nil, fmt.Errorf("arguments are not valid JSON: %w", err)
	}
	return s.Validate(instance), nil
}
