"""Prints an execution test program inside a module whose data layout sets
the index width to 32 bits:

    module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
      <the program>
    }

The program must be a list of top-level ops without a module of its own (a
nested module would not take the outer data layout as its only one)."""
import re
import sys

if len(sys.argv) != 2:
    sys.exit("usage: with-index32.py PROGRAM.mlir")
with open(sys.argv[1]) as f:
    text = f.read()
if re.search(r"^\s*module\b", text, re.M):
    sys.exit("%s: has a module of its own; cannot wrap it" % sys.argv[1])
sys.stdout.write("module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {\n")
sys.stdout.write(text)
sys.stdout.write("\n}\n")
