# Sourced by the benchmark scripts: instructions executed inside one function.
#
#   instructions FUNCTION PROGRAM [ARGS...]
#
# runs PROGRAM ARGS under `valgrind --tool=callgrind` with collection on
# only inside FUNCTION (--toggle-collect: its callees count, the rest of
# the program does not) and prints the count (deterministic: machine load
# does not change it). The program's own output is discarded.
instructions() {
  local fn=$1
  shift
  valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    --toggle-collect="$fn" "$@" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
