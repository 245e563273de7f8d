//! `-o FILE` that replaces FILE only on success.
//!
//! mlir-opt opens its output file before it parses the pipeline, and removes
//! it on failure, so `mlir-opt x.mlir -o x.mlir` with a mistyped pass name
//! deletes `x.mlir`. loom-opt instead points MLIR at a temporary file beside
//! FILE and renames it over FILE only when the run succeeded: on any failure
//! FILE — which may be the input itself — is left exactly as it was.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The command line to hand to MLIR, and where its output must end up.
#[derive(Debug, PartialEq, Eq)]
pub struct OutputPlan {
    pub args: Vec<OsString>,
    /// `(temporary, final)` when `-o` names a file (not `-`).
    pub redirect: Option<(PathBuf, PathBuf)>,
}

/// Rewrites every `-o FILE`, `-o=FILE`, `--o FILE` and `--o=FILE` in `args`
/// (`args[0]` is the program) to a temporary path in FILE's directory. `unique`
/// distinguishes concurrent runs (the process id).
pub fn plan(args: &[OsString], unique: u32) -> OutputPlan {
    let mut out = Vec::with_capacity(args.len());
    let mut redirect = None;
    let mut iter = args.iter().cloned().enumerate().peekable();
    let mut after_double_dash = false;
    while let Some((index, arg)) = iter.next() {
        let text = arg.to_string_lossy().into_owned();
        if index == 0 || after_double_dash {
            out.push(arg);
            continue;
        }
        if text == "--" {
            after_double_dash = true;
            out.push(arg);
            continue;
        }
        let (flag, inline) = match text.split_once('=') {
            Some((flag @ ("-o" | "--o"), value)) => (flag.to_owned(), Some(OsString::from(value))),
            _ if text == "-o" || text == "--o" => (text.clone(), None),
            _ => {
                out.push(arg);
                continue;
            }
        };
        let value = match inline {
            Some(v) => v,
            None => match iter.next() {
                Some((_, v)) => v,
                None => {
                    // `-o` without a value: let MLIR report it.
                    out.push(arg);
                    continue;
                }
            },
        };
        if value == "-" {
            out.push(OsString::from(format!("{flag}=-")));
            redirect = None;
            continue;
        }
        let Some(target) = replaceable_target(Path::new(&value)) else {
            // Not a regular file (a device such as /dev/null, a pipe, a
            // directory): MLIR writes to it directly, as mlir-opt would;
            // renaming over it would replace the device itself.
            let mut direct = OsString::from(format!("{flag}="));
            direct.push(&value);
            out.push(direct);
            redirect = None;
            continue;
        };
        let temporary = temporary_path(&target, unique);
        let mut rewritten = OsString::from(format!("{flag}="));
        rewritten.push(temporary.as_os_str());
        out.push(rewritten);
        redirect = Some((temporary, target));
    }
    OutputPlan { args: out, redirect }
}

/// The file a successful run replaces: `path` itself when it is a regular
/// file or does not exist yet, the file a symbolic link points to (so the
/// link survives), or None when the output is not a regular file.
fn replaceable_target(path: &Path) -> Option<PathBuf> {
    match std::fs::symlink_metadata(path) {
        Err(_) => Some(path.to_path_buf()),
        Ok(meta) if meta.file_type().is_file() => Some(path.to_path_buf()),
        Ok(meta) if meta.file_type().is_symlink() => {
            let resolved = std::fs::canonicalize(path).ok()?;
            std::fs::metadata(&resolved).ok().filter(|m| m.is_file()).map(|_| resolved)
        }
        Ok(_) => None,
    }
}

fn temporary_path(target: &Path, unique: u32) -> PathBuf {
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "output".into());
    let dir = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    dir.join(format!(".{name}.loom-opt-{unique}.tmp"))
}

/// Completes a run: on success moves the temporary output over the target;
/// on failure removes it. Returns the exit code to use.
pub fn finish(redirect: &Option<(PathBuf, PathBuf)>, exit_code: i32) -> i32 {
    let Some((temporary, target)) = redirect else { return exit_code };
    if exit_code != 0 {
        let _ = std::fs::remove_file(temporary);
        return exit_code;
    }
    if !temporary.exists() {
        // Nothing was written (for example --help): leave the target alone.
        return exit_code;
    }
    match std::fs::rename(temporary, target) {
        Ok(()) => 0,
        Err(error) => {
            eprintln!("loom-opt: cannot write '{}': {error}", target.display());
            let _ = std::fs::remove_file(temporary);
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn separate_and_inline_forms_are_redirected() {
        for form in [&["loom-opt", "in.mlir", "-o", "dir/out.mlir"][..], &["loom-opt", "in.mlir", "--o=dir/out.mlir"]] {
            let p = plan(&args(form), 7);
            let (tmp, target) = p.redirect.expect("redirected");
            assert_eq!(target, PathBuf::from("dir/out.mlir"));
            assert_eq!(tmp, PathBuf::from("dir/.out.mlir.loom-opt-7.tmp"));
            assert!(p.args.iter().any(|a| a.to_string_lossy().ends_with(".out.mlir.loom-opt-7.tmp")));
            assert!(!p.args.iter().any(|a| a == "dir/out.mlir"));
        }
    }

    #[test]
    fn stdout_and_other_flags_are_untouched() {
        let p = plan(&args(&["loom-opt", "-o", "-", "--pass-pipeline=builtin.module(canonicalize)"]), 1);
        assert_eq!(p.redirect, None);
        assert_eq!(p.args, args(&["loom-opt", "-o=-", "--pass-pipeline=builtin.module(canonicalize)"]));
        let q = plan(&args(&["loom-opt", "--opaque-thing", "x.mlir"]), 1);
        assert_eq!(q.args, args(&["loom-opt", "--opaque-thing", "x.mlir"]));
    }

    #[test]
    fn devices_and_directories_are_written_directly() {
        // Renaming a temporary file over /dev/null would replace the device.
        let p = plan(&args(&["loom-opt", "in.mlir", "-o", "/dev/null"]), 5);
        assert_eq!(p.redirect, None);
        assert_eq!(p.args, args(&["loom-opt", "in.mlir", "-o=/dev/null"]));
        let q = plan(&args(&["loom-opt", "in.mlir", "--o=/tmp"]), 5);
        assert_eq!(q.redirect, None);
    }

    #[test]
    fn symbolic_links_keep_pointing_at_the_replaced_file() {
        let dir = std::env::temp_dir().join(format!("loom-output-link-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("real.mlir");
        let link = dir.join("link.mlir");
        std::fs::write(&file, "old").unwrap();
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&file, &link).unwrap();
        let p = plan(&args(&["loom-opt", "-o", link.to_str().unwrap()]), 9);
        let (tmp, target) = p.redirect.expect("redirected");
        assert_eq!(target, std::fs::canonicalize(&file).unwrap());
        std::fs::write(&tmp, "new").unwrap();
        assert_eq!(finish(&Some((tmp, target)), 0), 0);
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&link).unwrap(), "new");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bare_file_name_uses_current_directory() {
        let p = plan(&args(&["loom-opt", "-o", "out.mlir"]), 3);
        assert_eq!(p.redirect.unwrap().0, PathBuf::from("./.out.mlir.loom-opt-3.tmp"));
    }

    #[test]
    fn failure_keeps_target_and_success_replaces_it() {
        let dir = std::env::temp_dir().join(format!("loom-output-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("x.mlir");
        let tmp = dir.join(".x.mlir.tmp");
        std::fs::write(&target, "original").unwrap();
        std::fs::write(&tmp, "new").unwrap();
        let redirect = Some((tmp.clone(), target.clone()));
        assert_eq!(finish(&redirect, 1), 1);
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "original");
        assert!(!tmp.exists());
        std::fs::write(&tmp, "new").unwrap();
        assert_eq!(finish(&redirect, 0), 0);
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
