// An oracle of tests/test_celinterp_go.py (built by tests/clients/golang.py): what cel-go's
// string conversions ask of Go's strconv and fmt. Each input line is a JSON array [kind, value]: "int",
// "uint" and "double" parse a string (strconv.ParseInt, ParseUint in base 10, ParseFloat), "g" formats
// a number given as its float64 bits (fmt.Sprintf("%g")). Each output line is a JSON string, or null
// where the parse fails.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var line []string
		if err := json.Unmarshal(in.Bytes(), &line); err != nil {
			panic(err)
		}
		var result *string
		text := ""
		switch line[0] {
		case "int":
			if n, err := strconv.ParseInt(line[1], 10, 64); err == nil {
				text = strconv.FormatInt(n, 10)
				result = &text
			}
		case "uint":
			if n, err := strconv.ParseUint(line[1], 10, 64); err == nil {
				text = strconv.FormatUint(n, 10)
				result = &text
			}
		case "double":
			if f, err := strconv.ParseFloat(line[1], 64); err == nil {
				text = strconv.FormatUint(math.Float64bits(f), 10)
				result = &text
			}
		case "g":
			bits, err := strconv.ParseUint(line[1], 10, 64)
			if err != nil {
				panic(err)
			}
			text = fmt.Sprintf("%g", math.Float64frombits(bits))
			result = &text
		}
		if err := out.Encode(result); err != nil {
			panic(err)
		}
	}
}
