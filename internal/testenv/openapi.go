package testenv

import (
	"fmt"
	"strings"
)

// BillionLaughs returns a 669-byte OpenAPI document whose aliases name 9^9
// scalars, used as a parameter's default: expanded, it is about 387 million
// nodes.
func BillionLaughs() string {
	var b strings.Builder
	b.WriteString("openapi: 3.1.0\ninfo: {title: laughs, version: '1'}\n")
	b.WriteString(`x-a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]` + "\n")
	prev := "a"
	for _, c := range "bcdefghi" {
		b.WriteString(fmt.Sprintf("x-%c: &%c [%s]\n", c, c, strings.TrimSuffix(strings.Repeat("*"+prev+",", 9), ",")))
		prev = string(c)
	}
	b.WriteString("paths:\n  /a:\n    get:\n      operationId: laugh\n      summary: a billion laughs, nine aliases of nine aliases, nine levels deep!!\n")
	b.WriteString("      parameters:\n        - {name: q, in: query, schema: {type: array, default: *i}}\n")
	b.WriteString("      responses: {'200': {description: ok}}\n")
	return b.String()
}
