//! A small JSON reader for the report's fields, independent of the Rust
//! names loom's schema gives them. Numbers keep their text, so claims
//! beyond `i128` or `u64` are read without loss.

/// A JSON value; numbers keep their text.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    pub fn parse(text: &str) -> Result<Json, String> {
        let b = text.as_bytes();
        let mut pos = 0;
        let v = json_value(b, &mut pos)?;
        skip_ws(b, &mut pos);
        if pos != b.len() {
            return Err(format!("JSON: trailing input at byte {pos}"));
        }
        Ok(v)
    }
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(kv) => kv.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_arr(&self) -> Option<&[Json]> {
        match self {
            Json::Arr(a) => Some(a),
            _ => None,
        }
    }
}

fn skip_ws(b: &[u8], pos: &mut usize) {
    while *pos < b.len() && b[*pos].is_ascii_whitespace() {
        *pos += 1;
    }
}

fn json_string(b: &[u8], pos: &mut usize) -> Result<String, String> {
    // At the opening quote.
    *pos += 1;
    let mut out = Vec::new();
    while *pos < b.len() {
        let c = b[*pos];
        *pos += 1;
        match c {
            b'"' => return String::from_utf8(out).map_err(|e| format!("JSON: {e}")),
            b'\\' => {
                let e = *b.get(*pos).ok_or("JSON: unterminated escape")?;
                *pos += 1;
                match e {
                    b'"' | b'\\' | b'/' => out.push(e),
                    b'n' => out.push(b'\n'),
                    b't' => out.push(b'\t'),
                    b'r' => out.push(b'\r'),
                    b'b' => out.push(8),
                    b'f' => out.push(12),
                    b'u' => {
                        let hex = b.get(*pos..*pos + 4).ok_or("JSON: short \\u escape")?;
                        let code = u32::from_str_radix(std::str::from_utf8(hex).map_err(|e| e.to_string())?, 16)
                            .map_err(|e| format!("JSON: {e}"))?;
                        *pos += 4;
                        let ch = char::from_u32(code).unwrap_or('\u{fffd}');
                        out.extend_from_slice(ch.to_string().as_bytes());
                    }
                    _ => return Err(format!("JSON: bad escape at byte {}", *pos - 1)),
                }
            }
            _ => out.push(c),
        }
    }
    Err("JSON: unterminated string".into())
}

fn json_value(b: &[u8], pos: &mut usize) -> Result<Json, String> {
    skip_ws(b, pos);
    let Some(&c) = b.get(*pos) else { return Err("JSON: unexpected end".into()) };
    match c {
        b'{' => {
            *pos += 1;
            let mut kv = Vec::new();
            skip_ws(b, pos);
            if b.get(*pos) == Some(&b'}') {
                *pos += 1;
                return Ok(Json::Obj(kv));
            }
            loop {
                skip_ws(b, pos);
                if b.get(*pos) != Some(&b'"') {
                    return Err(format!("JSON: expected a key at byte {}", *pos));
                }
                let k = json_string(b, pos)?;
                skip_ws(b, pos);
                if b.get(*pos) != Some(&b':') {
                    return Err(format!("JSON: expected ':' at byte {}", *pos));
                }
                *pos += 1;
                kv.push((k, json_value(b, pos)?));
                skip_ws(b, pos);
                match b.get(*pos) {
                    Some(b',') => *pos += 1,
                    Some(b'}') => {
                        *pos += 1;
                        return Ok(Json::Obj(kv));
                    }
                    _ => return Err(format!("JSON: expected ',' or '}}' at byte {}", *pos)),
                }
            }
        }
        b'[' => {
            *pos += 1;
            let mut items = Vec::new();
            skip_ws(b, pos);
            if b.get(*pos) == Some(&b']') {
                *pos += 1;
                return Ok(Json::Arr(items));
            }
            loop {
                items.push(json_value(b, pos)?);
                skip_ws(b, pos);
                match b.get(*pos) {
                    Some(b',') => *pos += 1,
                    Some(b']') => {
                        *pos += 1;
                        return Ok(Json::Arr(items));
                    }
                    _ => return Err(format!("JSON: expected ',' or ']' at byte {}", *pos)),
                }
            }
        }
        b'"' => Ok(Json::Str(json_string(b, pos)?)),
        b't' if b[*pos..].starts_with(b"true") => {
            *pos += 4;
            Ok(Json::Bool(true))
        }
        b'f' if b[*pos..].starts_with(b"false") => {
            *pos += 5;
            Ok(Json::Bool(false))
        }
        b'n' if b[*pos..].starts_with(b"null") => {
            *pos += 4;
            Ok(Json::Null)
        }
        b'-' | b'0'..=b'9' => {
            let start = *pos;
            while *pos < b.len() && matches!(b[*pos], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
                *pos += 1;
            }
            Ok(Json::Num(String::from_utf8_lossy(&b[start..*pos]).into_owned()))
        }
        _ => Err(format!("JSON: unexpected '{}' at byte {}", c as char, *pos)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic_fuzz::claims::LoopClaims;

    #[test]
    fn json_reader() {
        let j = Json::parse(
            r#"{"a": [1, -2, 340282366920938463463374607431768211455], "s": "x\"y\n\u0041", "t": true, "n": null, "o": {}}"#,
        )
        .expect("parses");
        assert_eq!(j.get("a").and_then(Json::as_arr).map(<[Json]>::len), Some(3));
        assert_eq!(j.get("s").and_then(Json::as_str), Some("x\"y\nA"));
        assert_eq!(j.get("t"), Some(&Json::Bool(true)));
        assert_eq!(j.get("n"), Some(&Json::Null));
        assert_eq!(j.get("o"), Some(&Json::Obj(Vec::new())));
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "\"x", "[1] 2", "{\"a\": tru}"] {
            assert!(Json::parse(bad).is_err(), "'{bad}' must not parse");
        }
        let c = LoopClaims::from_json(
            &Json::parse(r#"{"op": "scf.for", "status": "exact", "body_count": 3, "body_count_expr": "%arg0", "counter": {"signed": false, "condition": [0, 3], "condition_expr": ["0", "%arg0"], "exit_expr": 7}}"#)
                .expect("parses"),
        );
        assert_eq!(c.body.len(), 2);
        assert_eq!(c.cond_range.len(), 2);
        assert_eq!(c.signed, Some(false));
        assert_eq!(c.malformed.len(), 1, "exit_expr must be a string");
    }
}
