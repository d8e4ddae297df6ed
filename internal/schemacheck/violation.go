package schemacheck

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Violation is one reason a value fails a schema.
type Violation struct {
	// Pointer is a JSON pointer into the validated value ("" is the root).
	Pointer string `json:"pointer"`
	// Keyword is the schema keyword that failed, e.g. "required".
	Keyword string `json:"keyword"`
	// Message says what is wrong, without the location.
	Message string `json:"message"`
}

// String renders the violation the way the CLI prints it:
// "(root): 'compliance_approval_code' is a required property".
func (v Violation) String() string {
	at := v.Pointer
	if at == "" {
		at = "(root)"
	}
	return at + ": " + v.Message
}

var printer = message.NewPrinter(language.English)

// flatten turns the library's error tree into the leaf violations a person
// acts on, sorted by pointer (the library visits properties in map order, so
// its own order changes from run to run). keyword names the failing keyword
// of a leaf.
func flatten(root *jsonschema.ValidationError, keyword func(*jsonschema.ValidationError) string) []Violation {
	var out []Violation
	for _, leaf := range leaves(root) {
		pointer := pointerOf(leaf.InstanceLocation)
		kw := keyword(leaf)
		switch k := leaf.ErrorKind.(type) {
		case *kind.Required:
			// One line per missing property, as a caller fixes them one by one.
			for _, name := range k.Missing {
				out = append(out, Violation{Pointer: pointer, Keyword: kw, Message: fmt.Sprintf("%s is a required property", quote(name))})
			}
		case *kind.AdditionalProperties:
			for _, name := range k.Properties {
				out = append(out, Violation{Pointer: pointer, Keyword: kw, Message: fmt.Sprintf("additional property %s is not allowed", quote(name))})
			}
		case *kind.FalseSchema:
			msg := "no value is allowed here (the schema is false)"
			if isUnevaluated(kw) {
				msg = "not allowed: no subschema accepts it and " + kw + " is false"
			}
			out = append(out, Violation{Pointer: pointer, Keyword: kw, Message: msg})
		case *kind.AnyOf, *kind.OneOf:
			out = append(out, Violation{Pointer: pointer, Keyword: kw, Message: noAlternative(leaf)})
		case *kind.Maximum:
			out = append(out, Violation{Pointer: pointer, Keyword: kw, Message: bound("maximum", k.Got, k.Want)})
		case *kind.Minimum:
			out = append(out, Violation{Pointer: pointer, Keyword: kw, Message: bound("minimum", k.Got, k.Want)})
		case *kind.ExclusiveMaximum:
			out = append(out, Violation{Pointer: pointer, Keyword: kw, Message: bound("exclusiveMaximum", k.Got, k.Want)})
		case *kind.ExclusiveMinimum:
			out = append(out, Violation{Pointer: pointer, Keyword: kw, Message: bound("exclusiveMinimum", k.Got, k.Want)})
		case *kind.MultipleOf:
			out = append(out, Violation{Pointer: pointer, Keyword: kw, Message: fmt.Sprintf("multipleOf: %s is not a multiple of %s", exact(k.Got), exact(k.Want))})
		default:
			out = append(out, Violation{Pointer: pointer, Keyword: kw, Message: leaf.ErrorKind.LocalizedString(printer)})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Pointer != b.Pointer {
			return a.Pointer < b.Pointer
		}
		if a.Keyword != b.Keyword {
			return a.Keyword < b.Keyword
		}
		return a.Message < b.Message
	})
	// Alternatives that fail the same way (both oneOf branches miss the same
	// required property) would print the same line twice.
	return slices.Compact(out)
}

// leaves descends through grouping errors to the ones that say what failed.
// For anyOf/oneOf it follows the alternative the value most likely meant (see
// intendedBranch), since listing why every alternative failed buries the cause.
func leaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	switch e.ErrorKind.(type) {
	case *kind.Schema, *kind.Group, *kind.Reference, *kind.AllOf:
		if len(e.Causes) == 0 {
			return []*jsonschema.ValidationError{e}
		}
		var out []*jsonschema.ValidationError
		for _, c := range e.Causes {
			out = append(out, leaves(c)...)
		}
		return out
	case *kind.AnyOf, *kind.OneOf:
		if branch := intendedBranch(e); branch != nil {
			return branch
		}
	}
	return []*jsonschema.ValidationError{e}
}

// intendedBranch picks, among the failed alternatives of an anyOf/oneOf, the
// one the value most likely meant: a type mismatch at the value itself rules
// an alternative out first, then a const/enum mismatch (a discriminator such
// as "transfer_type": "wire"); ties go to the alternative with fewest
// failures. nil when every alternative wants another type.
func intendedBranch(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	var best []*jsonschema.ValidationError
	bestScore := 2
	for _, c := range e.Causes {
		ls := leaves(c)
		score := mismatch(e, ls)
		if score < bestScore || (score == bestScore && best != nil && len(ls) < len(best)) {
			best, bestScore = ls, score
		}
	}
	return best
}

// mismatch scores how far an alternative is from what the value meant:
// 2 wrong type, 1 wrong constant, 0 otherwise.
func mismatch(parent *jsonschema.ValidationError, ls []*jsonschema.ValidationError) int {
	score := 0
	for _, l := range ls {
		switch l.ErrorKind.(type) {
		case *kind.Type:
			if len(l.InstanceLocation) == len(parent.InstanceLocation) {
				return 2
			}
		case *kind.Const, *kind.Enum:
			score = 1
		}
	}
	return score
}

// noAlternative explains an anyOf/oneOf whose every alternative wants
// another type: "got string, want object or array".
func noAlternative(e *jsonschema.ValidationError) string {
	var got string
	var want []string
	for _, c := range e.Causes {
		for _, l := range leaves(c) {
			if t, ok := l.ErrorKind.(*kind.Type); ok && len(l.InstanceLocation) == len(e.InstanceLocation) {
				got = t.Got
				want = append(want, t.Want...)
			}
		}
	}
	if got == "" {
		return e.ErrorKind.LocalizedString(printer)
	}
	return fmt.Sprintf("got %s, want %s", got, strings.Join(want, " or "))
}

// instanceKeyword names the keyword of the schema a value failed.
func instanceKeyword(e *jsonschema.ValidationError) string {
	if _, ok := e.ErrorKind.(*kind.FalseSchema); ok {
		// A false schema reached through unevaluated*/additional* blames that keyword.
		if i := strings.LastIndexByte(e.SchemaURL, '/'); i >= 0 {
			if kw := e.SchemaURL[i+1:]; kw == "unevaluatedProperties" || kw == "unevaluatedItems" || kw == "additionalProperties" || kw == "items" {
				return kw
			}
		}
		return "false"
	}
	if path := e.ErrorKind.KeywordPath(); len(path) > 0 {
		return path[0]
	}
	return ""
}

func pointerOf(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(t))
	}
	return b.String()
}

func quote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `\'`) + "'"
}

// bound words a numeric bound's violation with both numbers exact: the
// library's own text rounds them (9007199254740993 printed as
// 9.007199254740992×10¹⁵, 1e-400 as 0), which names a bound the schema
// does not have.
func bound(keyword string, got, want *big.Rat) string {
	return fmt.Sprintf("%s: got %s, want %s", keyword, exact(got), exact(want))
}

// exact writes a rational that came from a JSON number literal with every
// digit kept: a plain decimal, or digits and an exponent when that is
// shorter (1e-400). Such a number's denominator is 2^a·5^b; any other (or
// one too large to write out) is written as a fraction.
func exact(r *big.Rat) string {
	if r == nil {
		return "?"
	}
	s := decimalOf(r)
	if len(s) > 32 {
		s = jsontree.CanonicalNumber(s)
	}
	return s
}

func decimalOf(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	d := new(big.Int).Set(r.Denom())
	if d.BitLen() > 1<<14 {
		return r.RatString()
	}
	twos := d.TrailingZeroBits()
	d.Rsh(d, twos)
	// What is left must be 5^fives; log2(5) ≈ 2.32 gives its exponent.
	fives := uint(0)
	if d.Cmp(big.NewInt(1)) != 0 {
		fives = uint(math.Round(float64(d.BitLen()-1) / math.Log2(5)))
		for _, k := range []uint{fives, fives + 1} {
			if new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(k)), nil).Cmp(d) == 0 {
				fives = k
				d.SetInt64(1)
				break
			}
		}
		if d.Cmp(big.NewInt(1)) != 0 {
			return r.RatString()
		}
	}
	return r.FloatString(int(max(twos, fives)))
}
