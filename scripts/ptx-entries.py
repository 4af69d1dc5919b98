#!/usr/bin/env python3
"""Compare the kernels of two PTX files entry by entry.

A restructure that only moves code (files, modules) must leave every kernel's PTX as it was.
The file as a whole can still change where nothing runs differently:
- LLVM numbers a branch label by the function's position in the module (`$L__BB<k>_<b>`), so
  an entry emitted at another position has other label numbers and the same instructions;
- a non-generic public function is emitted as a `.func` under its mangled name, which spells
  its module path and the crate's hash (`_RNvNt...14params_stencil18stencil_box_radius`).
  parallaxis's kernels call none of them (every call is inlined), so such a `.func` is dead code.

This script compares what runs: each `.entry`, its label numbers made position-free, by name.
It also reports `.func` items (by body, names made anonymous) and the module header.

    scripts/ptx-entries.py BEFORE.ptx AFTER.ptx     # exit 0: every entry byte-identical

Exit status: 0 every entry identical and none missing or added; 1 otherwise; 2 usage.
"""

import hashlib
import re
import sys

ITEM = re.compile(r"^(?:\.visible |\.weak )?(\.entry|\.func)\b[^\n]*?([A-Za-z_$][\w$]*)\(", re.M)
LABEL = re.compile(r"\$L__BB\d+_")


def items(text):
    """Header text and a list of (kind, name, body) for each top-level `.entry` / `.func`."""
    starts = [m for m in ITEM.finditer(text)]
    header = text[: starts[0].start()] if starts else text
    out = []
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
        body = text[m.start() : end]
        # Drop the `// .globl NAME` line LLVM writes before the next item.
        body = re.sub(r"\n\s*// \.globl[^\n]*\n*$", "\n", body)
        out.append((m.group(1), m.group(2), body))
    return header, out


def digest(body, anonymous_name=None):
    body = LABEL.sub("$L__BB_", body)
    if anonymous_name:
        body = body.replace(anonymous_name, "NAME")
    return hashlib.md5(body.encode()).hexdigest()


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    texts = [open(p, encoding="utf-8").read() for p in argv[1:]]
    parsed = [items(t) for t in texts]
    headers = [re.sub(r"// \.globl[^\n]*\n", "", h) for h, _ in parsed]
    entries = [{n: digest(b) for k, n, b in its if k == ".entry"} for _, its in parsed]
    funcs = [sorted(digest(b, n) for k, n, b in its if k == ".func") for _, its in parsed]
    before, after = entries
    same = [n for n in before if n in after and before[n] == after[n]]
    changed = sorted(n for n in before if n in after and before[n] != after[n])
    missing = sorted(n for n in before if n not in after)
    added = sorted(n for n in after if n not in before)
    order_same = [n for n in before if n in after] == [n for n in after if n in before]
    print(f"entries: {len(before)} before, {len(after)} after")
    print(f"  identical (labels position-free): {len(same)}")
    print(f"  changed: {len(changed)}  missing: {len(missing)}  added: {len(added)}")
    print(f"  emitted in the same order: {'yes' if order_same else 'no'}")
    print(f"module header identical: {'yes' if headers[0] == headers[1] else 'no'}")
    print(
        f".func items (dead, names anonymous): {len(funcs[0])} before, {len(funcs[1])} after, "
        f"bodies {'identical' if funcs[0] == funcs[1] else 'differ'}"
    )
    print(f"whole file byte-identical: {'yes' if texts[0] == texts[1] else 'no'}")
    for label, names in (("changed", changed), ("missing", missing), ("added", added)):
        for n in names[:20]:
            print(f"  {label}: {n}")
    return 0 if not (changed or missing or added) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
