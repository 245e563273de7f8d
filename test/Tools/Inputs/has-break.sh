#!/bin/sh
# Interestingness test for loom-reduce (MLIR's reducer): the candidate (the
# last argument; the reducer has already checked that it verifies) is
# interesting, exit code 1, while it still contains a loom.break;
# uninteresting, exit code 0, otherwise.
for candidate; do :; done
if grep -q 'loom\.break' "$candidate"; then
  exit 1
fi
exit 0
