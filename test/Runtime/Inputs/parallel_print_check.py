"""Reads the print output of tile-cpu-parallel-test on stdin: every line
must be one whole print line (threads never break one), N lines in all,
each value once per (thread, program, index)."""
import re
import sys

want = int(sys.argv[1])
line_re = re.compile(r"^pid \((\d+), 0, 0\) idx \((\d)\) value: (\d+)$")
seen = set()
for line in sys.stdin.read().splitlines():
    m = line_re.match(line)
    if not m:
        sys.exit("broken line: %r" % line)
    pid, idx, value = map(int, m.groups())
    if value % 100 != idx or (pid, idx, value) in seen:
        sys.exit("unexpected line: %r" % line)
    seen.add((pid, idx, value))
if len(seen) != want:
    sys.exit("%d lines, expected %d" % (len(seen), want))
print("print: %d whole lines" % len(seen))
