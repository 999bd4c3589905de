// The oracle of tests/test_gotime.py (built by tests/clients/golang.py): Kubernetes' time types decoded as the API server decodes them.
// Each input line is a JSON string; each output line is a JSON array of what metav1.Time's and
// metav1.MicroTime's decoders say of it ("" where the value parses).
package main

import (
	"bufio"
	"encoding/json"
	"os"
	"time"
)

const rfc3339Micro = "2006-01-02T15:04:05.000000Z07:00" // metav1.RFC3339Micro

func problem(layout, value string) string {
	if _, err := time.Parse(layout, value); err != nil {
		return err.Error()
	}
	return ""
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var value string
		if err := json.Unmarshal(in.Bytes(), &value); err != nil {
			panic(err)
		}
		if err := out.Encode([]string{problem(time.RFC3339, value), problem(rfc3339Micro, value)}); err != nil {
			panic(err)
		}
	}
}
