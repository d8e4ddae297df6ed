package schemacheck

import "testing"

// validate compares numbers exactly and says so with the numbers as written:
// the library's own text rounds 9007199254740993 to …992 and 1e-400 to 0.
func TestBoundsAreQuotedExactly(t *testing.T) {
	s, err := Compile(parse(t, `{"type":"object","properties":{
		"n":{"type":"number","maximum":9007199254740993},
		"m":{"type":"number","exclusiveMinimum":0},
		"k":{"type":"number","multipleOf":0.1}}}`))
	if err != nil {
		t.Fatal(err)
	}
	for args, want := range map[string]string{
		`{"n": 9007199254740994}`:   "maximum /n: maximum: got 9007199254740994, want 9007199254740993",
		`{"n": 9007199254740993}`:   "",
		`{"m": -1e-400}`:            "exclusiveMinimum /m: exclusiveMinimum: got -1e-400, want 0",
		`{"m": 1e-400}`:             "",
		`{"n": 9007199254740993.5}`: "maximum /n: maximum: got 9007199254740993.5, want 9007199254740993",
		`{"k": 0.15}`:               "multipleOf /k: multipleOf: 0.15 is not a multiple of 0.1",
	} {
		instance, err := DecodeInstance([]byte(args))
		if err != nil {
			t.Fatal(err)
		}
		if got := lines(s.Validate(instance)); got != want {
			t.Errorf("%s: got %q, want %q", args, got, want)
		}
	}
}
