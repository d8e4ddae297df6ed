package schemacheck

import (
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// FuzzValidate feeds arbitrary schemas and instances through MetaValidate,
// Compile and Validate, the path "validate --args" takes: no panic, no hang,
// and a schema that compiles must accept or reject without error.
func FuzzValidate(f *testing.F) {
	f.Add([]byte(`{"type":"object","properties":{"a":{"$ref":"#/$defs/a"}},"$defs":{"a":{"type":"integer","minimum":1}},"required":["a"]}`), []byte(`{"a":0}`))
	f.Add([]byte(`{"oneOf":[{"const":1},{"type":"string","pattern":"^x"}],"unevaluatedProperties":false}`), []byte(`"y"`))
	f.Add([]byte(`{"$schema":"http://json-schema.org/draft-04/schema#","properties":{"n":{"minimum":0,"exclusiveMinimum":true}}}`), []byte(`{"n":0}`))
	f.Add([]byte(`{"$ref":"https://example.com/x"}`), []byte(`1`))
	f.Add([]byte(`{"items":{"items":{"items":{"$dynamicRef":"#a"}}},"$dynamicAnchor":"a"}`), []byte(`[[[[1]]]]`))
	f.Fuzz(func(t *testing.T, schemaData, instanceData []byte) {
		schema, err := jsontree.Parse(schemaData)
		if err != nil {
			return
		}
		_, _, _ = MetaValidate(schema)
		s, err := Compile(schema)
		if err != nil {
			return
		}
		instance, err := DecodeInstance(instanceData)
		if err != nil {
			return
		}
		for _, v := range s.Validate(instance) {
			if v.Message == "" {
				t.Fatalf("violation without message: %+v", v)
			}
		}
	})
}
