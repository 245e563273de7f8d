# One command each for a newcomer on a fresh Debian 12 machine:
#   make demo   installs what is missing, builds loom-opt, shows loop facts
#               and an early exit lowered and run (scripts/demo.sh)
#   make test   installs what is missing, builds, runs every test
CARGO ?= cargo
JOBS ?= 2

.PHONY: deps build demo test bench clean

deps:
	./scripts/install-deps.sh

build: deps
	$(CARGO) build -j$(JOBS)

# Only loom-opt: the demo needs neither the LSP server nor the reducer.
demo: deps
	$(CARGO) build -j$(JOBS) --bin loom-opt
	LOOM_OPT=target/debug/loom-opt ./scripts/demo.sh

# Style first (rustfmt, clippy with undocumented unsafe denied, C++ under
# -Wall -Wextra with warnings as errors: LOOM_WERROR, see build.rs), then
# the tests. The workspace is the library with loom-opt (.) and the test
# tooling (testkit/: loom-difftest, loom-facts-fuzz); plugin/ is separate.
# The lit suite runs twice: with the debug build (inside `cargo test`) and
# with the release build, which is what users run and where undefined
# behaviour shows. examples/frontend, a crate of its own that depends on
# loom as docs/toolchain.md shows, is built, tested and run from a copy outside
# the repository (scripts/check-frontend.sh).
# CI builds from nothing, so incremental caches only cost disk (several
# GiB over the two profiles and the test binaries): off for `make test`.
test: export LOOM_WERROR = 1
test: export CARGO_INCREMENTAL = 0
test: deps
	$(CARGO) fmt --check
	cd plugin && $(CARGO) fmt --check
	$(CARGO) clippy -j$(JOBS) --all-targets --workspace -- -D warnings
	$(CARGO) test -j$(JOBS) --workspace
	$(CARGO) build -j$(JOBS) --release --workspace --bins --examples
	$(CARGO) test -j$(JOBS) --release -p loom --test lit
	cd examples/frontend && $(CARGO) fmt --check
	JOBS=$(JOBS) ./scripts/check-frontend.sh
	RUSTDOCFLAGS=-Dwarnings $(CARGO) doc -j$(JOBS) --no-deps

clean:
	$(CARGO) clean
