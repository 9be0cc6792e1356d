#!/usr/bin/env python3
"""Runs a command and prints `exit code: N` after its output, then exits 0,
so a lit test can tell exit status 1 (bad input) from 2 (usage error), which
`not` cannot. The command inherits stdin; its stdout and stderr pass through.
A command killed by a signal prints `exit code: signal N`.

Usage: python3 exit-code.py COMMAND [ARGS...]
"""
import subprocess
import sys

if len(sys.argv) < 2:
    sys.exit("usage: exit-code.py COMMAND [ARGS...]")
sys.stdout.flush()
code = subprocess.call(sys.argv[1:])
sys.stderr.flush()
if code < 0:
    print("exit code: signal %d" % -code)
else:
    print("exit code: %d" % code)
