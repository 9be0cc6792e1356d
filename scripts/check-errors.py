#!/usr/bin/env python3
"""Checks the libraries' error convention (lib/Support/Error.h,
docs/architecture.md "Errors"): a function (or function pointer) declared
or defined in lib/, dialect/, c-api/ or include/tile-c/ that takes a
message buffer -- `char *err`, `why` or `msg` (or a longer name starting
so, or `message`) followed by its `size_t` size -- returns int: 0 on
success, else 1 or a TileStatusCode with the message in the buffer. A
bool never carries a message, so a bool-returning function with such a
buffer is the first thing it names; any other return type is wrong too.
tools/, test/, fuzz/ and python/ are not held to it. Prints each
offender with its file and line; exit status 1 if there is one.

  scripts/check-errors.py [REPO]
"""
import os
import re
import sys

ROOTS = ["lib", "dialect", "c-api", "include/tile-c"]

# A message buffer and its size: `char *why, size_t whySize` (not a
# `const char *msg, size_t len`: a message passed in).
BUFFER = re.compile(
    r"(?:^|,)\s*char\s*\*\s*(?:err|why|msg|message)\w*\s*,\s*size_t\b")
# A parameter list without nested parentheses other than one level (a
# function-pointer parameter).
PARAMS = r"\(((?:[^()]|\([^()]*\))*)\)"
# `RET name(params)` ending a top-level declaration or definition, and
# `RET (*name)(params)` anywhere (struct fields, typedefs).
FUNCTION = re.compile(r"([A-Za-z_][\w\s\*]*?)\b(\w+)\s*" + PARAMS + r"\s*$",
                      re.S)
POINTER = re.compile(r"([A-Za-z_][\w\s\*]*?)\(\s*\*\s*(\w+)\s*\)\s*" + PARAMS,
                     re.S)
QUALIFIERS = {"static", "inline", "extern", "const", "typedef"}


def blank(text):
    """`text` with comments, string and character literals and preprocessor
    lines blanked out (newlines kept, so offsets keep their line)."""
    out = []
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == "#":
            j = i
            while j < n and (text[j] != "\n" or text[j - 1] == "\\"):
                j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
            continue
        if c == "\n":
            line_start = True
            out.append(c)
            i += 1
            continue
        if not c.isspace():
            line_start = False
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            j += 1
        else:
            out.append(c)
            i += 1
            continue
        out.append(re.sub(r"[^\n]", " ", text[i:j]))
        i = j
    return "".join(out)


def drop_attributes(code):
    """`code` with each `__attribute__((...))` blanked."""
    out = code
    for m in reversed(list(re.finditer(r"\b__attribute__\s*\(", code))):
        depth, j = 0, m.end() - 1
        while j < len(code):
            depth += {"(": 1, ")": -1}.get(code[j], 0)
            j += 1
            if depth == 0:
                break
        out = out[:m.start()] + re.sub(r"[^\n]", " ", out[m.start():j]) + \
            out[j:]
    return out


def top_level_heads(code):
    """(offset, text) of each top-level declaration up to its `;` or the
    `{` of its body; bodies (functions, initializers) are skipped."""
    heads = []
    depth, start = 0, 0
    for i, c in enumerate(code):
        if c == "{":
            if depth == 0:
                heads.append((start, code[start:i]))
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                start = i + 1
        elif c == ";" and depth == 0:
            heads.append((start, code[start:i]))
            start = i + 1
    return heads


def return_type(ret):
    words = [w for w in re.findall(r"\w+|\*", ret) if w not in QUALIFIERS]
    return " ".join(words).replace(" *", "*")


def check_file(repo, path):
    text = open(os.path.join(repo, path), encoding="utf-8").read()
    code = drop_attributes(blank(text))
    found = []
    for offset, head in top_level_heads(code):
        m = FUNCTION.search(head)
        if m and not head.lstrip().startswith("typedef") and \
                BUFFER.search(m.group(3)):
            found.append((offset + m.start(2), m.group(2),
                          return_type(m.group(1))))
    for m in POINTER.finditer(code):
        if BUFFER.search(m.group(3)):
            ret = return_type(re.split(r"[;{}(,]", m.group(1))[-1])
            found.append((m.start(2), m.group(2), ret))
    bad = 0
    for offset, name, ret in sorted(found):
        if ret == "int":
            continue
        line = code.count("\n", 0, offset) + 1
        what = ("a bool never carries a message" if ret == "bool" else
                "a fallible call returns int")
        print(f"{path}:{line}: {name} takes a message buffer but returns "
              f"{ret} ({what}: 0, or non-zero with the message)")
        bad += 1
    return len(found), bad


def main():
    repo = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))
    total = bad = 0
    for top in ROOTS:
        for dirpath, _, files in sorted(os.walk(os.path.join(repo, top))):
            for f in sorted(files):
                if f.endswith((".c", ".h")):
                    path = os.path.relpath(os.path.join(dirpath, f), repo)
                    n, b = check_file(repo, path)
                    total += n
                    bad += b
    print(f"check-errors: {total} functions take a message buffer, {bad} "
          "break the convention")
    return 1 if bad else 0


sys.exit(main())
