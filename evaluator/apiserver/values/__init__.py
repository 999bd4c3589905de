"""Values as the API server reads, names and pairs them: Go's readings (time, URL, IP, semver, quantity,
strconv, regexp, fmt), apimachinery's name checks and field paths, and an old value paired with the new."""
