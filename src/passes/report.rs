//! `loom-report`: writes the compile report of a module's loop facts.
//!
//! Runs the loop-facts analysis and the bounds checks on the whole module
//! and writes the report to `output` (`-`: standard output) as JSON (the
//! versioned schema documented in `facts::report`, which other tools read)
//! or as a readable table (`format=text`). The IR is left unchanged. An
//! empty `output` is rejected when the pipeline is parsed; a file that cannot
//! be written is an error (without an IR location: it is not about the IR)
//! and a pass failure.

use std::io::{BufWriter, Write};

use melior::ir::operation::OperationRefMut;

use super::facts_common::{analysis_options, ASSUME_BUFFER_BYTES, ASSUME_BUFFER_DIMS, INDEX_BITWIDTH};
use super::foreign::{OptionKind, Options, PassFailure, PassOption, PassSpec};
use crate::analysis::Computed;
use crate::facts::{self, ir::Op, schema::JsonSink};

pub static SPEC: PassSpec = PassSpec {
    argument: "loom-report",
    description: "Write the loop-facts compile report (JSON or text)",
    op_name: "builtin.module",
    options: &[
        PassOption {
            name: "output",
            description: "Report file ('-' for standard output)",
            default: "-",
            kind: OptionKind::File,
        },
        PassOption {
            name: "format",
            description: "Report format",
            default: "json",
            kind: OptionKind::Choice(&["json", "text"]),
        },
        INDEX_BITWIDTH,
        ASSUME_BUFFER_BYTES,
        ASSUME_BUFFER_DIMS,
    ],
    run,
    preserves_ir: true,
};

fn run(op: OperationRefMut<'_, '_>, options: &Options) -> Result<(), PassFailure> {
    let format = options.choice("format").to_string();
    let output = options.get("output").to_string();
    let root = Op::of(&op);
    let options = analysis_options(options);
    // JSON is written as the analysis finds each loop and access; the text
    // table is built whole (it aligns its columns).
    let write = |out: &mut dyn Write| -> std::io::Result<()> {
        let mut out = BufWriter::new(out);
        if format == "json" {
            facts::checked(root, &options, false, |width| JsonSink::new(&mut out, width)).finish(root, &options)?;
        } else {
            out.write_all(Computed::run(root, &options).text().as_bytes())?;
        }
        out.flush()
    };
    let written = if output == "-" {
        write(&mut std::io::stdout().lock())
    } else {
        std::fs::File::create(&output).and_then(|mut file| write(&mut file))
    };
    written.map_err(|e| PassFailure::Unlocated(format!("cannot write the report to '{output}': {e}")))
}
