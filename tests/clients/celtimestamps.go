// An oracle of tests/test_celinterp_go.py (built by tests/clients/golang.py): what Go's time package
// makes of a CEL timestamp, as cel-go's types.Timestamp asks it (time.Parse with RFC 3339, the years 1
// to 9999, Format with RFC3339Nano, the getters in the value's zone or in one a rule names, checked
// arithmetic with durations). Each input line is a JSON string; each output line a JSON object.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

const minUnix, maxUnix = -62135596800, 253402300799

// the zones the test asks the getters about ("" is the value's own)
var zones = []string{"", "UTC", "America/New_York", "Asia/Kolkata", "+05:30", "-03:15", "02:00", "x:10", "+01:75", "Mars/Olympus", "../zoneinfo/UTC", "/etc/localtime"}

// the durations added to each parsed value
var durations = []int64{0, 1, -1, 999999999, -1000000001, 86400e9, -3e18, 9e18, -9223372036854775808}

func inZone(t time.Time, tz string) (time.Time, error) {
	if tz == "" {
		return t, nil
	}
	ind := strings.Index(tz, ":")
	if ind == -1 {
		loc, err := time.LoadLocation(tz)
		if err != nil {
			return t, err
		}
		return t.In(loc), nil
	}
	hr, err := strconv.Atoi(tz[0:ind])
	if err != nil {
		return t, err
	}
	min, err := strconv.Atoi(tz[ind+1:])
	if err != nil {
		return t, err
	}
	if min < 0 || min > 59 {
		return t, fmt.Errorf("timezone offset minutes out of range [0, 59]: %s", tz)
	}
	offset := hr*60 + min
	if tz[0] == '-' {
		offset = hr*60 - min
	}
	return t.In(time.FixedZone("", int((time.Duration(offset) * time.Minute).Seconds()))), nil
}

func getters(t time.Time) []int64 {
	return []int64{int64(t.Year()), int64(t.Month() - 1), int64(t.YearDay() - 1), int64(t.Day()), int64(t.Day() - 1),
		int64(t.Weekday()), int64(t.Hour()), int64(t.Minute()), int64(t.Second()), int64(t.Nanosecond() / 1000000)}
}

func addChecked(a, b int64) (int64, bool) {
	if (b > 0 && a > 9223372036854775807-b) || (b < 0 && a < -9223372036854775808-b) {
		return 0, false
	}
	return a + b, true
}

// t + d as cel-go adds them: seconds and nanoseconds apart, overflow and range checked
func add(t time.Time, d time.Duration) string {
	sec1, nsec1 := t.Truncate(time.Second).Unix(), t.Sub(t.Truncate(time.Second)).Nanoseconds()
	sec, ok := addChecked(sec1, int64(d)/int64(time.Second))
	if !ok {
		return "integer overflow"
	}
	nsec := nsec1 + int64(d)%int64(time.Second)
	if nsec < 0 || nsec >= int64(time.Second) {
		if sec, ok = addChecked(sec, nsec/int64(time.Second)); !ok {
			return "integer overflow"
		}
		nsec -= (nsec / int64(time.Second)) * int64(time.Second)
		if nsec < 0 {
			if sec, ok = addChecked(sec, -1); !ok {
				return "integer overflow"
			}
			nsec += int64(time.Second)
		}
	}
	if sec < minUnix || sec > maxUnix {
		return "timestamp overflow"
	}
	return time.Unix(sec, nsec).In(t.Location()).Format(time.RFC3339Nano)
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
		result := map[string]any{}
		t, err := time.Parse(time.RFC3339, value)
		switch {
		case err != nil:
			result["error"] = "type conversion error from 'string' to 'google.protobuf.Timestamp'"
		case t.Unix() < minUnix || t.Unix() > maxUnix:
			result["error"] = "timestamp overflow"
		default:
			result["string"] = t.Format(time.RFC3339Nano)
			result["unix"] = t.Unix()
			got := map[string]any{}
			for _, tz := range zones {
				if local, err := inZone(t, tz); err != nil {
					got[tz] = err.Error()
				} else {
					got[tz] = getters(local)
				}
			}
			result["getters"] = got
			sums := []string{}
			for _, d := range durations {
				sums = append(sums, add(t, time.Duration(d)))
			}
			result["plus"] = sums
			epoch := time.Unix(0, 0)
			result["sinceEpoch"] = t.Sub(epoch).Nanoseconds() // saturates; the test checks only what fits
		}
		if err := out.Encode(result); err != nil {
			panic(err)
		}
	}
}
