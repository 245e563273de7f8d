"""Runs a command whose standard output is a pipe that the reader closes
after the first line, as in `cmd | head -1`, and says how the command took
it: the first line it wrote, what it wrote to standard error, and how it
ended.

A tool may end quietly when its reader goes away: killed by SIGPIPE (as
Debian's mlir-opt is) or exiting with EX_IOERR, 74 (LLVM's handler for a
broken pipe). Any text on standard error, another exit status or another
signal is not quiet: `quiet: no`.

    closed_pipe.py COMMAND [ARG...]
"""
import signal
import subprocess
import sys
import tempfile

EX_IOERR = 74


def main():
    command = sys.argv[1:]
    if not command:
        sys.exit(__doc__)
    with tempfile.TemporaryFile() as errors:
        # restore_signals (the default) gives the command SIGPIPE's default
        # disposition, as a shell would; Python itself ignores SIGPIPE.
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors)
        first = process.stdout.readline()
        process.stdout.close()
        status = process.wait(timeout=600)
        errors.seek(0)
        text = errors.read().decode(errors="replace")
    print("first line:", first.decode(errors="replace").rstrip("\n"))
    print("stderr:", repr(text) if text else "(empty)")
    if status == -signal.SIGPIPE:
        ended = "killed by SIGPIPE"
    elif status == EX_IOERR:
        ended = "exit 74 (EX_IOERR)"
    elif status < 0:
        ended = "killed by signal %d" % -status
    else:
        ended = "exit %d" % status
    print("ended:", ended)
    quiet = not text and status in (-signal.SIGPIPE, EX_IOERR)
    print("quiet:", "yes" if quiet else "no")


if __name__ == "__main__":
    main()
