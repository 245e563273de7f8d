//! `loom-report`: writes the compile report of a module's loop facts.
//!
//! Runs the loop-facts analysis and the bounds checks on the whole module
//! and writes the report to `output` (`-`: standard output) as JSON (the
//! versioned schema documented in `facts::report`, which other tools read)
//! or as a readable table (`format=text`). The IR is left unchanged. An
//! empty `output` is rejected when the pipeline is parsed; a file that cannot
//! be written is an error (without an IR location: it is not about the IR)
//! and a pass failure.

use std::io::Write;

use melior::ir::operation::OperationRefMut;

use super::facts_common::{analysis_options, ASSUME_BUFFER_BYTES, INDEX_BITWIDTH};
use super::foreign::{OptionKind, Options, PassFailure, PassOption, PassSpec};
use crate::analysis::Computed;
use crate::facts::ir::Op;

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
    ],
    run,
};

fn run(op: OperationRefMut<'_, '_>, options: &Options) -> Result<(), PassFailure> {
    let format = options.choice("format").to_string();
    let output = options.get("output").to_string();
    let computed = Computed::run(Op::of(&op), &analysis_options(options));
    let text = if format == "json" { computed.report().to_json() } else { computed.text() };
    let written = if output == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes()).and_then(|_| out.flush())
    } else {
        std::fs::write(&output, text)
    };
    written.map_err(|e| PassFailure::Unlocated(format!("cannot write the report to '{output}': {e}")))
}
