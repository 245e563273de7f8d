//! loom-promote-fuzz: random slot-based programs, run before and after
//! `loom-promote-slots`, must print the same (see `testkit::promote_fuzz`).
//!
//! Checks the programs of seeds START..END (default 0..200) in batches of N
//! (default 50) and prints the figures: programs, output lines compared,
//! slots and slot loads before and after the pass. The first failing
//! program is named with its reproducer module and the exit code is 1.
//! `--print SEED` prints a seed's program. Every run checks the claims
//! loom's facts make on the program (`loom-check-claims`); `--check-opts
//! OPTS` passes options to that pass (`plant=count` plants a wrong claim,
//! which must fail the run).
//!
//! usage: loom-promote-fuzz [--seeds START..END] [--batch N] [--out DIR] [--check-opts OPTS]
//!        loom-promote-fuzz --print SEED

use std::path::PathBuf;
use std::process::ExitCode;

use testkit::promote_fuzz::generate::generate;
use testkit::promote_fuzz::harness::{check_seeds, Tally, Tools};

struct Args {
    seeds: std::ops::Range<u64>,
    batch: usize,
    out: PathBuf,
    print: Option<u64>,
    check_opts: String,
}

fn parse_range(text: &str) -> Result<std::ops::Range<u64>, String> {
    let (a, b) = text.split_once("..").ok_or(format!("--seeds wants START..END, not '{text}'"))?;
    let start = a.parse().map_err(|_| format!("bad seed '{a}'"))?;
    let end = b.parse().map_err(|_| format!("bad seed '{b}'"))?;
    Ok(start..end)
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        seeds: 0..200,
        batch: 50,
        out: std::env::temp_dir().join(format!("loom-promote-fuzz-{}", std::process::id())),
        print: None,
        check_opts: String::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--seeds" => args.seeds = parse_range(&value()?)?,
            "--batch" => args.batch = value()?.parse().map_err(|_| "--batch wants a number".to_string())?,
            "--out" => args.out = PathBuf::from(value()?),
            "--check-opts" => args.check_opts = value()?,
            "--print" => args.print = Some(value()?.parse().map_err(|_| "--print wants a seed".to_string())?),
            _ => return Err(format!("unknown argument '{flag}'")),
        }
    }
    Ok(args)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("loom-promote-fuzz: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(seed) = args.print {
        print!("{}", generate(seed));
        return ExitCode::SUCCESS;
    }
    let tools = match Tools::discover(args.out, args.check_opts) {
        Ok(tools) => tools,
        Err(e) => {
            eprintln!("loom-promote-fuzz: {e}");
            return ExitCode::from(2);
        }
    };
    let mut tally = Tally::default();
    let result = check_seeds(&tools, args.seeds.clone(), args.batch, &mut tally);
    println!(
        "seeds {}..{}: {} programs agree ({} output lines); slots {} -> {} (the {} escaping ones left); slot loads {} -> {}",
        args.seeds.start,
        args.seeds.end,
        tally.programs,
        tally.lines,
        tally.slots_before,
        tally.slots_after,
        tally.slots_escaping,
        tally.loads_before,
        tally.loads_after
    );
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            println!("seed {} fails: {}\nreproducer: {}", failure.seed, failure.reason, failure.reproducer.display());
            ExitCode::from(1)
        }
    }
}
