package schemacheck

import (
	"errors"
	"strconv"
	"sync"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

var (
	metaOnce    sync.Once
	metaSchemas map[Dialect]*jsonschema.Schema
	metaErr     error
)

// metaSchema returns the compiled meta-schema of d. The compiler serves the
// standard meta-schemas from embedded copies, so this never touches the
// network; they are compiled once per process.
func metaSchema(d Dialect) (*jsonschema.Schema, error) {
	metaOnce.Do(func() {
		c := jsonschema.NewCompiler()
		c.UseLoader(&refusingLoader{})
		metaSchemas = map[Dialect]*jsonschema.Schema{}
		for dialect, url := range metaURL {
			s, err := c.Compile(url)
			if err != nil {
				metaErr = err
				return
			}
			metaSchemas[dialect] = s
		}
	})
	return metaSchemas[d], metaErr
}

// MetaValidate checks a schema against its dialect's meta-schema (2020-12
// when "$schema" is absent). Each violation's Pointer is relative to the
// schema and its Keyword is the schema keyword at fault (e.g. "type" for
// {"type": "text"}; "properties" when a property's schema is not a schema).
// The error is *UnknownDialectError or *TooComplexError when the schema
// cannot be checked at all; references are not followed, so an external
// $ref is no meta-validation failure.
func MetaValidate(schema *jsontree.Node) ([]Violation, Dialect, error) {
	if schema == nil {
		return nil, "", errors.New("no schema")
	}
	dialect, err := DialectOf(schema)
	if err != nil {
		return nil, "", err
	}
	if err := checkLimits(schema); err != nil {
		return nil, dialect, err
	}
	if quickValid(schema, dialect) {
		return nil, dialect, nil
	}
	meta, err := metaSchema(dialect)
	if err != nil {
		return nil, dialect, err
	}
	verr := meta.Validate(schema.Interface())
	if verr == nil {
		return nil, dialect, nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(verr, &ve) {
		return nil, dialect, verr
	}
	return flatten(ve, schemaKeyword), dialect, nil
}

// schemaKeyword finds, along the failing value's pointer into the schema, the
// keyword at fault: walking from the root, a token in schema position is a
// keyword; keywords holding subschemas lead to another schema position, any
// other keyword is the culprit. A pointer ending at a schema position blames
// the keyword that led there.
func schemaKeyword(e *jsonschema.ValidationError) string {
	tokens := e.InstanceLocation
	keyword := ""
	for i := 0; i < len(tokens); i++ {
		tok := tokens[i]
		if isIndex(tok) && !schemaArray[keyword] {
			// An item of a non-schema keyword's array, e.g. a draft-07
			// property dependency ["a", 1]: the keyword is at fault.
			return keyword
		}
		keyword = tok
		switch {
		case schemaMap[tok] || (schemaArray[tok] && i+1 < len(tokens) && isIndex(tokens[i+1])):
			i++ // the property name or index leads to the next schema
		case singleSchema[tok]:
		default:
			return tok
		}
	}
	return keyword
}

var singleSchema = setOf("additionalProperties", "items", "contains", "not", "if", "then", "else",
	"propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema")

var schemaArray = setOf("anyOf", "oneOf", "allOf", "prefixItems", "items")

var schemaMap = setOf("properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies")

func setOf(words ...string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words {
		m[w] = true
	}
	return m
}

func isIndex(tok string) bool {
	_, err := strconv.Atoi(tok)
	return err == nil
}
