//! The symbolic fuzzer's own reading of loom's expression strings.
//!
//! `loom-report` (schema version 2) states symbolic loop facts as strings
//! such as `max(0, %arg1 - %arg0)` or `dim(%arg2, 0) ceildiv 3`. This is an
//! independent parser and evaluator of that fixed grammar, deliberately not
//! loom's own expression code: the oracle must not share a bug with the
//! analysis it checks.
//!
//! Grammar (all binary operators left-associative; `*`, `floordiv`,
//! `ceildiv`, `mod` bind tighter than `+`, `-`):
//!
//! ```text
//! expr    := term (('+' | '-') term)*
//! term    := primary (('*' | 'floordiv' | 'ceildiv' | 'mod') primary)*
//! primary := '-'? digits | '%arg' digits | 'dim' '(' '%arg' digits ',' digits ')'
//!          | ('max' | 'min') '(' expr ',' expr ')' | '(' expr ')'
//! ```
//!
//! A leading `-` is allowed on a literal only. `floordiv`, `ceildiv` and
//! `mod` take a positive integer literal (possibly parenthesized) on the
//! right; `mod` is non-negative. Values are unbounded integers, computed in
//! `i128` with every operation checked: a result beyond `i128` is reported
//! as [`EvalError::Overflow`] (the caller skips such a claim), never wrapped.
//!
//! `%argN` is argument N of the function (0-based over all arguments, the
//! memref ones included), read in the signedness the caller asks for (the
//! counter's order): the argument's bit pattern at its own width, as a
//! signed or an unsigned number. `dim(%argN, K)` is the size of dimension K
//! of memref argument N.

use std::fmt;

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    FloorDiv,
    CeilDiv,
    Mod,
}

/// A parsed expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Lit(i128),
    Arg(usize),
    Dim(usize, usize),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    Max(Box<Expr>, Box<Expr>),
    Min(Box<Expr>, Box<Expr>),
}

/// A function argument's value, as the evaluator reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgValue {
    /// An integer or `index` argument: its bit pattern and width (for
    /// `index`, the target's index width).
    Scalar { bits: u128, width: u32 },
    /// A memref argument: its dimension sizes.
    Buffer { dims: Vec<u64> },
}

/// What an expression is evaluated against.
#[derive(Clone, Copy, Debug)]
pub struct Env<'a> {
    pub args: &'a [ArgValue],
    /// Read `%argN` as signed (else unsigned).
    pub signed: bool,
}

/// Why an expression has no value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// An intermediate value does not fit in `i128`.
    Overflow,
    /// The expression names something that does not exist (`%arg9` of a
    /// 2-argument function, `dim` of a scalar, a division by a non-positive
    /// value, ...).
    Invalid(String),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Overflow => write!(f, "value beyond i128"),
            EvalError::Invalid(m) => write!(f, "{m}"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Num(i128),
    Arg(usize),
    Word(String),
    Sym(char),
}

fn lex(s: &str) -> Result<Vec<Tok>, String> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let digits = |i: &mut usize| -> Result<String, String> {
        let start = *i;
        while *i < chars.len() && chars[*i].is_ascii_digit() {
            *i += 1;
        }
        if *i == start {
            return Err(format!("expected digits at offset {start} of '{s}'"));
        }
        Ok(chars[start..*i].iter().collect())
    };
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let d = digits(&mut i)?;
            out.push(Tok::Num(d.parse().map_err(|_| format!("literal '{d}' beyond i128 in '{s}'"))?));
        } else if c == '%' {
            i += 1;
            let word: String = chars[i..].iter().take_while(|c| c.is_ascii_alphabetic()).collect();
            if word != "arg" {
                return Err(format!("expected %argN at offset {} of '{s}'", i - 1));
            }
            i += 3;
            let d = digits(&mut i)?;
            out.push(Tok::Arg(d.parse().map_err(|_| format!("argument number '{d}' too large in '{s}'"))?));
        } else if c.is_ascii_alphabetic() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_alphabetic() {
                i += 1;
            }
            out.push(Tok::Word(chars[start..i].iter().collect()));
        } else if "+-*(),".contains(c) {
            out.push(Tok::Sym(c));
            i += 1;
        } else {
            return Err(format!("unexpected '{c}' at offset {i} of '{s}'"));
        }
    }
    Ok(out)
}

struct Parser<'a> {
    toks: Vec<Tok>,
    pos: usize,
    src: &'a str,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    fn err<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("{what} at token {} of '{}'", self.pos, self.src))
    }
    fn expect(&mut self, c: char) -> Result<(), String> {
        if self.peek() == Some(&Tok::Sym(c)) {
            self.pos += 1;
            Ok(())
        } else {
            self.err(&format!("expected '{c}'"))
        }
    }
    fn expr(&mut self) -> Result<Expr, String> {
        let mut lhs = self.term()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Sym('+')) => BinOp::Add,
                Some(Tok::Sym('-')) => BinOp::Sub,
                _ => return Ok(lhs),
            };
            self.pos += 1;
            let rhs = self.term()?;
            lhs = Expr::Bin(op, Box::new(lhs), Box::new(rhs));
        }
    }
    fn term(&mut self) -> Result<Expr, String> {
        let mut lhs = self.primary()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Sym('*')) => BinOp::Mul,
                Some(Tok::Word(w)) if w == "floordiv" => BinOp::FloorDiv,
                Some(Tok::Word(w)) if w == "ceildiv" => BinOp::CeilDiv,
                Some(Tok::Word(w)) if w == "mod" => BinOp::Mod,
                _ => return Ok(lhs),
            };
            self.pos += 1;
            let rhs = self.primary()?;
            if op != BinOp::Mul && !matches!(rhs, Expr::Lit(d) if d > 0) {
                return self.err("floordiv/ceildiv/mod need a positive integer literal on the right");
            }
            lhs = Expr::Bin(op, Box::new(lhs), Box::new(rhs));
        }
    }
    fn primary(&mut self) -> Result<Expr, String> {
        let Some(t) = self.peek().cloned() else { return self.err("unexpected end") };
        self.pos += 1;
        match t {
            Tok::Num(n) => Ok(Expr::Lit(n)),
            Tok::Sym('-') => match self.peek().cloned() {
                Some(Tok::Num(n)) => {
                    self.pos += 1;
                    Ok(Expr::Lit(-n))
                }
                _ => self.err("'-' is allowed only on a literal"),
            },
            Tok::Arg(n) => Ok(Expr::Arg(n)),
            Tok::Sym('(') => {
                let e = self.expr()?;
                self.expect(')')?;
                Ok(e)
            }
            Tok::Word(w) if w == "dim" => {
                self.expect('(')?;
                let Some(Tok::Arg(n)) = self.peek().cloned() else { return self.err("dim needs %argN") };
                self.pos += 1;
                self.expect(',')?;
                let Some(Tok::Num(k)) = self.peek().cloned() else { return self.err("dim needs a dimension number") };
                self.pos += 1;
                self.expect(')')?;
                Ok(Expr::Dim(n, usize::try_from(k).map_err(|_| format!("bad dimension {k} in '{}'", self.src))?))
            }
            Tok::Word(w) if w == "max" || w == "min" => {
                self.expect('(')?;
                let a = self.expr()?;
                self.expect(',')?;
                let b = self.expr()?;
                self.expect(')')?;
                Ok(if w == "max" { Expr::Max(Box::new(a), Box::new(b)) } else { Expr::Min(Box::new(a), Box::new(b)) })
            }
            _ => {
                self.pos -= 1;
                self.err("expected a literal, %argN, dim, max, min or '('")
            }
        }
    }
}

/// Parses one expression string.
pub fn parse(s: &str) -> Result<Expr, String> {
    let mut p = Parser { toks: lex(s)?, pos: 0, src: s };
    let e = p.expr()?;
    if p.pos != p.toks.len() {
        return p.err("trailing input");
    }
    Ok(e)
}

fn read(bits: u128, width: u32, signed: bool) -> i128 {
    crate::int::in_order(bits, width, signed)
}

/// The value of `e` in unbounded integers.
pub fn eval(e: &Expr, env: &Env) -> Result<i128, EvalError> {
    let ov = |v: Option<i128>| v.ok_or(EvalError::Overflow);
    Ok(match e {
        Expr::Lit(n) => *n,
        Expr::Arg(n) => match env.args.get(*n) {
            Some(ArgValue::Scalar { bits, width }) => read(*bits, *width, env.signed),
            Some(ArgValue::Buffer { .. }) => {
                return Err(EvalError::Invalid(format!("%arg{n} is a memref, not an integer")));
            }
            None => return Err(EvalError::Invalid(format!("%arg{n}: the function has {} arguments", env.args.len()))),
        },
        Expr::Dim(n, k) => match env.args.get(*n) {
            Some(ArgValue::Buffer { dims }) => match dims.get(*k) {
                Some(d) => *d as i128,
                None => return Err(EvalError::Invalid(format!("dim(%arg{n}, {k}): rank {}", dims.len()))),
            },
            _ => return Err(EvalError::Invalid(format!("dim(%arg{n}, {k}): %arg{n} is not a memref argument"))),
        },
        Expr::Bin(op, a, b) => {
            let (x, y) = (eval(a, env)?, eval(b, env)?);
            match op {
                BinOp::Add => ov(x.checked_add(y))?,
                BinOp::Sub => ov(x.checked_sub(y))?,
                BinOp::Mul => ov(x.checked_mul(y))?,
                BinOp::FloorDiv | BinOp::CeilDiv | BinOp::Mod if y <= 0 => {
                    return Err(EvalError::Invalid(format!("division by {y}")));
                }
                BinOp::FloorDiv => x.div_euclid(y),
                BinOp::CeilDiv => {
                    let q = x.div_euclid(y);
                    if x.rem_euclid(y) == 0 {
                        q
                    } else {
                        q + 1
                    }
                }
                BinOp::Mod => x.rem_euclid(y),
            }
        }
        Expr::Max(a, b) => eval(a, env)?.max(eval(b, env)?),
        Expr::Min(a, b) => eval(a, env)?.min(eval(b, env)?),
    })
}

/// Parses and evaluates `s`; a parse error is [`EvalError::Invalid`].
pub fn eval_str(s: &str, env: &Env) -> Result<i128, EvalError> {
    eval(&parse(s).map_err(EvalError::Invalid)?, env)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_args() -> Vec<ArgValue> {
        vec![
            ArgValue::Scalar { bits: 10, width: 64 },
            ArgValue::Buffer { dims: vec![7, 3] },
            ArgValue::Scalar { bits: u64::MAX as u128, width: 64 },
            ArgValue::Scalar { bits: 0xff, width: 8 },
        ]
    }

    fn ev(s: &str, signed: bool) -> Result<i128, EvalError> {
        let args = env_args();
        eval_str(s, &Env { args: &args, signed })
    }

    #[test]
    fn precedence_and_associativity() {
        assert_eq!(ev("1 + 2 * 3", true), Ok(7));
        assert_eq!(ev("(1 + 2) * 3", true), Ok(9));
        assert_eq!(ev("10 - 3 - 2", true), Ok(5));
        assert_eq!(ev("20 floordiv 3 floordiv 2", true), Ok(3));
        assert_eq!(ev("2 * 7 mod 4", true), Ok(2));
        assert_eq!(ev("1 - 7 ceildiv 2", true), Ok(-3));
        assert_eq!(ev("-5 + 2", true), Ok(-3));
        assert_eq!(ev("3 - -5", true), Ok(8));
        assert_eq!(ev("%arg0*%arg0-1", true), Ok(99));
    }

    #[test]
    fn division_rounds_as_named() {
        assert_eq!(ev("-7 floordiv 2", true), Ok(-4));
        assert_eq!(ev("-7 ceildiv 2", true), Ok(-3));
        assert_eq!(ev("7 ceildiv 2", true), Ok(4));
        assert_eq!(ev("8 ceildiv 2", true), Ok(4));
        assert_eq!(ev("-7 mod 3", true), Ok(2));
        assert_eq!(ev("7 mod (3)", true), Ok(1));
        assert_eq!(ev("0 ceildiv 5", true), Ok(0));
    }

    #[test]
    fn symbols() {
        assert_eq!(ev("dim(%arg1, 0) + dim(%arg1,1)", true), Ok(10));
        assert_eq!(ev("max(0, %arg0 - dim(%arg1, 0) * 2)", true), Ok(0));
        assert_eq!(ev("min(%arg0, dim(%arg1, 0))", true), Ok(7));
        assert_eq!(ev("%arg2", true), Ok(-1));
        assert_eq!(ev("%arg2", false), Ok(u64::MAX as i128));
        assert_eq!(ev("%arg3", true), Ok(-1));
        assert_eq!(ev("%arg3 + 1", false), Ok(256));
        assert_eq!(ev("max(min(1, 2), max(-3, -4))", true), Ok(1));
    }

    #[test]
    fn errors() {
        assert!(matches!(ev("%arg1", true), Err(EvalError::Invalid(_))));
        assert!(matches!(ev("%arg9", true), Err(EvalError::Invalid(_))));
        assert!(matches!(ev("dim(%arg0, 0)", true), Err(EvalError::Invalid(_))));
        assert!(matches!(ev("dim(%arg1, 2)", true), Err(EvalError::Invalid(_))));
        assert_eq!(ev("%arg2 * %arg2 * %arg2", false), Err(EvalError::Overflow));
        for bad in [
            "",
            "1 +",
            "(1",
            "1)",
            "-%arg0",
            "x",
            "%a0",
            "1 floordiv 0",
            "1 mod -2",
            "4 floordiv %arg0",
            "max(1)",
            "1 2",
            "dim(%arg1)",
            "1 / 2",
        ] {
            assert!(parse(bad).is_err(), "'{bad}' must not parse");
        }
    }

    #[test]
    fn parse_tree() {
        assert_eq!(
            parse("%arg0 - 1 * 2").unwrap(),
            Expr::Bin(
                BinOp::Sub,
                Box::new(Expr::Arg(0)),
                Box::new(Expr::Bin(BinOp::Mul, Box::new(Expr::Lit(1)), Box::new(Expr::Lit(2))))
            )
        );
    }
}
