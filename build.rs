//! Builds loom's native half:
//!
//! 1. `mlir-tblgen` turns `tablegen/*.td` into `.inc` files in `OUT_DIR/tblgen`
//!    (rerun only when a `.td` file or one of its includes changes: the
//!    depfiles mlir-tblgen writes are read back into `rerun-if-changed`);
//! 2. the `cc` crate compiles `cpp/lib/**.cpp` with `llvm-config --cxxflags`
//!    into `libloom_cpp.a`, linked into the Rust crate (MLIR itself comes
//!    statically from mlir-sys: no `-lMLIR` here, one copy of MLIR per process);
//!    The plugin for Debian's `mlir-opt` is linked from the same sources by
//!    `scripts/build-plugin.sh` (against shared `libMLIR.so`);
//!    the test-only `loomtest` dialect (`test/lib/`, like upstream's
//!    `mlir/test/lib`) goes into a separate `libloom_test.a` that only the
//!    loom-opt binary links (src/bin/loom-opt.rs), never the library or
//!    the plugin; the entry points of loom-lsp-server and loom-reduce
//!    (`TOOL_SOURCES`) go into `libloom_tools.a`, which only those two
//!    binaries link, for the same reason;
//! 3. `bindgen` generates Rust bindings for `cpp/include/loom-c/*.h`,
//!    reusing `mlir_sys`'s types so values pass to and from melior;
//! 4. the git commit being built becomes `LOOM_GIT_COMMIT` (for
//!    `loom-opt --version`), `unknown` when there is none to name.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One mlir-tblgen invocation (`td` is relative to the directory its table
/// is run from: `tablegen/` or `test/lib/Dialect/LoomTest/`).
struct Generator {
    td: &'static str,
    args: &'static [&'static str],
    output: &'static str,
}

/// The library's ODS, in `tablegen/` (written to OUT_DIR/tblgen).
const GENERATORS: &[Generator] = &[
    Generator { td: "LoomOps.td", args: &["-gen-dialect-decls", "-dialect=loom"], output: "LoomDialect.h.inc" },
    Generator { td: "LoomOps.td", args: &["-gen-dialect-defs", "-dialect=loom"], output: "LoomDialect.cpp.inc" },
    Generator { td: "LoomOps.td", args: &["-gen-typedef-decls", "-typedefs-dialect=loom"], output: "LoomTypes.h.inc" },
    Generator { td: "LoomOps.td", args: &["-gen-typedef-defs", "-typedefs-dialect=loom"], output: "LoomTypes.cpp.inc" },
    Generator { td: "LoomOps.td", args: &["-gen-op-decls"], output: "LoomOps.h.inc" },
    Generator { td: "LoomOps.td", args: &["-gen-op-defs"], output: "LoomOps.cpp.inc" },
    Generator { td: "LoomInterfaces.td", args: &["-gen-op-interface-decls"], output: "LoomInterfaces.h.inc" },
    Generator { td: "LoomInterfaces.td", args: &["-gen-op-interface-defs"], output: "LoomInterfaces.cpp.inc" },
    Generator { td: "LoomPasses.td", args: &["-gen-pass-decls", "-name=Loom"], output: "LoomPasses.h.inc" },
    // Reference documentation; docs/ keeps a copy that a test checks is current.
    Generator { td: "LoomOps.td", args: &["-gen-dialect-doc", "-dialect=loom"], output: "LoomDialect.md" },
];

/// The test-only loomtest dialect's ODS, in `test/lib/Dialect/LoomTest/`
/// (written to OUT_DIR/tblgen-test, which only the test archive's sources
/// see).
const TEST_GENERATORS: &[Generator] = &[
    Generator {
        td: "LoomTestOps.td",
        args: &["-gen-dialect-decls", "-dialect=loomtest"],
        output: "LoomTestOpsDialect.h.inc",
    },
    Generator {
        td: "LoomTestOps.td",
        args: &["-gen-dialect-defs", "-dialect=loomtest"],
        output: "LoomTestOpsDialect.cpp.inc",
    },
    Generator { td: "LoomTestOps.td", args: &["-gen-op-decls"], output: "LoomTestOps.h.inc" },
    Generator { td: "LoomTestOps.td", args: &["-gen-op-defs"], output: "LoomTestOps.cpp.inc" },
];

/// The C++ of the tools besides loom-opt (relative to `cpp/lib/`): MLIR's
/// language server and reducer mains with loom registered. They are kept out
/// of libloom_cpp.a (the library's, and the plugin's) and compiled into
/// libloom_tools.a, linked only by their binaries (src/bin/loom-lsp-server.rs,
/// src/bin/loom-reduce.rs).
const TOOL_SOURCES: &[&str] = &["Tools/LoomLspServerMain.cpp", "Tools/LoomReduceMain.cpp"];

fn main() {
    let llvm = PathBuf::from(env::var("LLVM_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into()));
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    println!("cargo:rerun-if-env-changed=LLVM_PREFIX");
    // The one place the LLVM prefix is resolved: Rust code (tests/lit.rs)
    // reads it as env!("LOOM_LLVM_PREFIX"), testkit's build script gets it
    // through `links` metadata (DEP_LOOM_CPP_LLVM_PREFIX); scripts read
    // LLVM_PREFIX with the same default.
    println!("cargo:rustc-env=LOOM_LLVM_PREFIX={}", llvm.display());
    println!("cargo:llvm_prefix={}", llvm.display());
    println!("cargo:rerun-if-env-changed=LOOM_SANITIZE");
    println!("cargo:rerun-if-env-changed=LOOM_WERROR");
    println!("cargo:rustc-env=LOOM_GIT_COMMIT={}", git_commit(&root));
    println!("cargo:rustc-env=LOOM_TABLEGEN_DIR={}", root.join("tablegen").display());

    let tblgen_out = out.join("tblgen");
    fs::create_dir_all(&tblgen_out).expect("create OUT_DIR/tblgen");
    run_tablegen(&llvm, &root.join("tablegen"), &root, GENERATORS, &tblgen_out);
    let test_tblgen_out = out.join("tblgen-test");
    fs::create_dir_all(&test_tblgen_out).expect("create OUT_DIR/tblgen-test");
    run_tablegen(&llvm, &root.join("test/lib/Dialect/LoomTest"), &root, TEST_GENERATORS, &test_tblgen_out);

    compile_cpp(&llvm, &root, &tblgen_out);
    compile_test_cpp(&llvm, &root, &tblgen_out, &test_tblgen_out);
    compile_tools_cpp(&llvm, &root, &tblgen_out);
    generate_bindings(&llvm, &root, &out);
}

/// The commit being built: `git rev-parse --short=12 HEAD` when the crate
/// root is the top of a git work tree, otherwise `unknown` (a crate unpacked
/// from a package, a copy without `.git`, no git installed, or loom vendored
/// inside another repository, whose commit would not be loom's). Never fails
/// the build. Asks cargo to rerun this script when HEAD moves: HEAD itself
/// (another branch checked out), the branch it points to (a commit) and
/// packed-refs; only files that exist, as cargo reruns every time for a
/// missing one.
fn git_commit(root: &Path) -> String {
    let git = |args: &[&str]| -> Option<String> {
        let output = Command::new("git").arg("-C").arg(root).args(args).output().ok()?;
        let text = String::from_utf8(output.stdout).ok()?;
        output.status.success().then(|| text.trim().to_string()).filter(|t| !t.is_empty())
    };
    let Some(top) = git(&["rev-parse", "--show-toplevel"]) else { return "unknown".into() };
    if fs::canonicalize(&top).ok() != fs::canonicalize(root).ok() {
        return "unknown".into();
    }
    let mut watched = vec![git(&["rev-parse", "--git-path", "HEAD"]), git(&["rev-parse", "--git-path", "packed-refs"])];
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        watched.push(git(&["rev-parse", "--git-path", &branch]));
    }
    for path in watched.into_iter().flatten() {
        // --git-path answers relative to the directory git ran in (-C root).
        let path = root.join(path);
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
    git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into())
}

fn run_tablegen(llvm: &Path, dir: &Path, root: &Path, generators: &[Generator], out: &Path) {
    let tblgen = llvm.join("bin/mlir-tblgen");
    // loom's own .td files are included by name (`include "LoomInterfaces.td"`).
    let td_dir = root.join("tablegen");
    for gen in generators {
        // Write beside the real output and replace it only when the text
        // changed, so unchanged .inc files keep their timestamps and the
        // C++ objects that include them are not recompiled.
        let output = out.join(gen.output);
        let fresh = out.join(format!("{}.new", gen.output));
        let depfile = out.join(format!("{}.d", gen.output));
        let status = Command::new(&tblgen)
            .args(gen.args)
            .arg(dir.join(gen.td))
            .arg(format!("-I{}", td_dir.display()))
            .arg(format!("-I{}", llvm.join("include").display()))
            .arg("-o")
            .arg(&fresh)
            .arg("-d")
            .arg(&depfile)
            .status()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", tblgen.display()));
        assert!(status.success(), "mlir-tblgen {:?} on {} failed", gen.args, gen.td);
        if fs::read(&fresh).ok() != fs::read(&output).ok() {
            fs::rename(&fresh, &output).expect("replace a generated file");
        } else {
            let _ = fs::remove_file(&fresh);
        }
        println!("cargo:rerun-if-changed={}", dir.join(gen.td).display());
        for dep in read_depfile(&depfile) {
            println!("cargo:rerun-if-changed={dep}");
        }
    }
}

/// The prerequisites listed in a make-style depfile (`target: dep dep \`).
fn read_depfile(path: &Path) -> Vec<String> {
    let text = fs::read_to_string(path).unwrap_or_default();
    let Some((_, deps)) = text.split_once(": ") else { return Vec::new() };
    deps.split_whitespace().filter(|d| *d != "\\").map(str::to_owned).collect()
}

fn cpp_sources(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            cpp_sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "cpp") {
            found.push(path);
        }
    }
}

fn llvm_cxxflags(llvm: &Path) -> Vec<String> {
    let output =
        Command::new(llvm.join("bin/llvm-config")).arg("--cxxflags").output().expect("run llvm-config --cxxflags");
    String::from_utf8_lossy(&output.stdout).split_whitespace().map(str::to_owned).collect()
}

/// `LOOM_SANITIZE=address` builds loom's C++ with AddressSanitizer
/// (scripts/asan.sh links the binaries with its runtime). Debian's MLIR
/// libraries are not instrumented, but loom's own code and the allocator's
/// quarantine are.
fn sanitizer() -> Option<String> {
    env::var("LOOM_SANITIZE").ok().filter(|s| !s.is_empty())
}

/// `LOOM_WERROR=1` (set by `make test`, so CI) turns C++ warnings into
/// errors: loom's C++ is kept warning-free under -Wall -Wextra.
fn werror() -> bool {
    env::var("LOOM_WERROR").is_ok_and(|v| v == "1")
}

/// The C++ compiler setup; `includes` are searched after `cpp/include`.
fn cxx_build(llvm: &Path, root: &Path, includes: &[&Path]) -> cc::Build {
    let mut build = cc::Build::new();
    build.cpp(true).compiler(llvm.join("bin/clang++")).include(root.join("cpp/include"));
    for dir in includes {
        build.include(dir);
    }
    build
        // LLVM's own warning set: ODS-generated code has unused parameters.
        .flag("-Wall")
        .flag("-Wextra")
        .flag("-Wno-unused-parameter")
        .warnings(false);
    if werror() {
        build.flag("-Werror");
    }
    if let Some(sanitizer) = sanitizer() {
        build.flag(format!("-fsanitize={sanitizer}")).flag("-fno-omit-frame-pointer");
    }
    for flag in llvm_cxxflags(llvm) {
        if let Some(dir) = flag.strip_prefix("-I") {
            // MLIR's headers are not ours to keep warning-free.
            build.flag("-isystem").flag(dir);
        } else {
            build.flag(&flag);
        }
    }
    build
}

/// Compiles cpp/lib (but `TOOL_SOURCES`) and cpp/plugin into libloom_cpp.a,
/// linked into the Rust crate. An archive member is linked only when
/// referenced: loom-opt pulls in the driver and never the plugin entry
/// points; the plugin (plugin/, scripts/build-plugin.sh) pulls in the entry
/// points and never the driver.
fn compile_cpp(llvm: &Path, root: &Path, tblgen_out: &Path) {
    let tools: Vec<PathBuf> = TOOL_SOURCES.iter().map(|s| root.join("cpp/lib").join(s)).collect();
    let mut sources = Vec::new();
    cpp_sources(&root.join("cpp/lib"), &mut sources);
    cpp_sources(&root.join("cpp/plugin"), &mut sources);
    sources.retain(|source| !tools.contains(source));
    println!("cargo:rerun-if-changed={}", root.join("cpp").display());
    let objects = compile_incrementally(llvm, root, &[tblgen_out], &sources, "lib");
    let mut archive = cxx_build(llvm, root, &[tblgen_out]);
    archive.objects(&objects);
    // Prints rustc-link-lib=static=loom_cpp (so the library, and everything
    // that depends on it, links it) and rustc-link-search for OUT_DIR.
    archive.compile("loom_cpp");
}

/// Compiles test/lib (the test-only loomtest dialect) into libloom_test.a in
/// OUT_DIR, deliberately without a `rustc-link-lib` line: cargo would hand
/// that to the library, and everything depending on the library would carry
/// the test dialect. Only the loom-opt binary links it, through a `#[link]`
/// attribute in src/bin/loom-opt.rs, which finds it on the search path
/// `compile_cpp` printed for OUT_DIR.
fn compile_test_cpp(llvm: &Path, root: &Path, tblgen_out: &Path, test_tblgen_out: &Path) {
    let mut sources = Vec::new();
    cpp_sources(&root.join("test/lib"), &mut sources);
    println!("cargo:rerun-if-changed={}", root.join("test/lib").display());
    // The test dialect's generated files first: OUT_DIRs of builds from
    // before loomtest moved to test/lib still hold stale copies in tblgen/.
    let includes = [test_tblgen_out, tblgen_out];
    let objects = compile_incrementally(llvm, root, &includes, &sources, "test");
    let mut archive = cxx_build(llvm, root, &includes);
    archive.objects(&objects).cargo_metadata(false);
    archive.compile("loom_test");
}

/// Compiles `TOOL_SOURCES` into libloom_tools.a in OUT_DIR, without a
/// `rustc-link-lib` line (as libloom_test.a): the loom-lsp-server and
/// loom-reduce binaries link it through `#[link]` attributes, so neither the
/// library nor anything built on it carries MLIR's language server or
/// reducer. (The MLIR archives those need, libMLIRLspServerLib.a,
/// libMLIRReduceLib.a and the rest, are on mlir-sys's link line with every
/// other libMLIR*.a; being archives, they add only what a binary uses.)
fn compile_tools_cpp(llvm: &Path, root: &Path, tblgen_out: &Path) {
    let sources: Vec<PathBuf> = TOOL_SOURCES.iter().map(|s| root.join("cpp/lib").join(s)).collect();
    // cpp/ is watched as a whole by compile_cpp.
    let objects = compile_incrementally(llvm, root, &[tblgen_out], &sources, "tools");
    let mut archive = cxx_build(llvm, root, &[tblgen_out]);
    archive.objects(&objects).cargo_metadata(false);
    archive.compile("loom_tools");
}

/// Compiles each source to an object in OUT_DIR/obj/<group>, skipping those
/// whose object is newer than the source and every header it included (read
/// from the `-MMD` depfile): MLIR headers make each file cost 10-30 s, and a
/// change to one file should not recompile the others. Runs up to
/// NUM_JOBS compilers at once.
fn compile_incrementally(
    llvm: &Path,
    root: &Path,
    includes: &[&Path],
    sources: &[PathBuf],
    group: &str,
) -> Vec<PathBuf> {
    // Objects built with a sanitizer live apart, so switching never reuses
    // objects built with other flags.
    let mut group = group.to_string();
    if let Some(sanitizer) = sanitizer() {
        group += &format!("-{sanitizer}");
    }
    if werror() {
        // Objects compiled without -Werror were never checked.
        group += "-werror";
    }
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("obj").join(group);
    fs::create_dir_all(&out).expect("create object directory");
    let compiler = cxx_build(llvm, root, includes).get_compiler();
    let jobs: usize = env::var("NUM_JOBS").ok().and_then(|j| j.parse().ok()).unwrap_or(2).max(1);
    let mut pending = Vec::new();
    let mut objects = Vec::new();
    for source in sources {
        let relative = source.strip_prefix(root).unwrap_or(source);
        let stem = relative.to_string_lossy().replace(['/', '.'], "_");
        let object = out.join(format!("{stem}.o"));
        let depfile = out.join(format!("{stem}.d"));
        if !is_up_to_date(source, &object, &depfile) {
            pending.push((source.clone(), object.clone(), depfile));
        }
        objects.push(object);
    }
    for chunk in pending.chunks(jobs) {
        let children: Vec<_> = chunk
            .iter()
            .map(|(source, object, depfile)| {
                let mut command = compiler.to_command();
                command.arg("-MMD").arg("-MF").arg(depfile).arg("-c").arg(source).arg("-o").arg(object);
                (source, command.spawn().unwrap_or_else(|e| panic!("cannot run the C++ compiler: {e}")))
            })
            .collect();
        for (source, mut child) in children {
            let status = child.wait().expect("wait for the C++ compiler");
            assert!(status.success(), "compiling {} failed", source.display());
        }
    }
    objects
}

/// Whether `object` was compiled from `source` (as it is now) and is newer
/// than every file it included. The depfile must name this very object and
/// source: an OUT_DIR copied from another checkout (or a target directory
/// shared between worktrees) holds objects whose depfiles point at the other
/// checkout's sources, which say nothing about these.
fn is_up_to_date(source: &Path, object: &Path, depfile: &Path) -> bool {
    let Ok(built) = fs::metadata(object).and_then(|m| m.modified()) else { return false };
    let Ok(text) = fs::read_to_string(depfile) else { return false };
    let Some((target, deps)) = text.split_once(": ") else { return false };
    let deps: Vec<&str> = deps.split_whitespace().filter(|d| *d != "\\").collect();
    Path::new(target.trim()) == object
        && deps.iter().any(|dep| Path::new(dep) == source)
        && deps
            .iter()
            .all(|dep| fs::metadata(dep).and_then(|m| m.modified()).map(|changed| changed <= built).unwrap_or(false))
}

fn generate_bindings(llvm: &Path, root: &Path, out: &Path) {
    let header = root.join("cpp/include/loom-c/bindings.h");
    let bindings = bindgen::Builder::default()
        .header(header.to_string_lossy())
        .clang_arg(format!("-I{}", root.join("cpp/include").display()))
        .clang_arg(format!("-I{}", llvm.join("include").display()))
        .allowlist_function("loom.*")
        // Implemented in Rust (src/capi.rs), not bound.
        .blocklist_function("loomRegisterAllPasses|loomAnalyzeReport|loomFreeString|loomCreatePass")
        .allowlist_function("mlirGetDialectHandle__loom.*")
        .allowlist_type("Loom.*")
        .blocklist_type("Mlir.*")
        .raw_line("#[allow(unused_imports)] use mlir_sys::*;")
        .generate()
        .expect("bindgen on cpp/include/loom-c/bindings.h");
    bindings.write_to_file(out.join("loom_c.rs")).expect("write loom_c.rs");
}
