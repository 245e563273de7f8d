//! Strings across the C API: Rust `&str` to MLIR's `MlirStringRef` and back.
//!
//! `MlirStringRef` is a (pointer, length) pair that owns nothing and need
//! not be NUL-terminated. Invariants: a ref made by [`string_ref`] borrows
//! the `&str` it was made from, so it is valid only while that string is
//! (callers pass it to a C function that copies what it keeps); a ref coming
//! from C is only read through [`string_from_ref`], which copies its bytes
//! before returning, so no Rust value ever points into C-owned text.

use mlir_sys::MlirStringRef;

/// A ref to the bytes of `s` (valid while `s` is).
pub fn string_ref(s: &str) -> MlirStringRef {
    MlirStringRef { data: s.as_ptr() as *const _, length: s.len() }
}

/// Copies the bytes of `r` into a `String` (invalid UTF-8 is replaced).
///
/// # Safety
/// `r.data` must be null or point to `r.length` bytes that are readable for
/// the duration of the call.
pub unsafe fn string_from_ref(r: MlirStringRef) -> String {
    if r.data.is_null() || r.length == 0 {
        return String::new();
    }
    // SAFETY: `r.data` is non-null and, by this function's contract, points
    // to `r.length` readable bytes; the slice is copied before returning.
    let bytes = unsafe { std::slice::from_raw_parts(r.data as *const u8, r.length) };
    String::from_utf8_lossy(bytes).into_owned()
}

/// An `MlirStringCallback` that appends each chunk to the `String` its user
/// data points to (pass `&mut string as *mut String as *mut c_void`).
///
/// # Safety
/// `user_data` is a `*mut String` valid for exclusive use during the call,
/// and `chunk` points to `chunk.length` readable bytes.
pub unsafe extern "C" fn append_to_string(chunk: MlirStringRef, user_data: *mut std::ffi::c_void) {
    // SAFETY: by this function's contract `user_data` is a live `String`
    // nobody else uses during the call, and `chunk` is readable.
    unsafe { (*(user_data as *mut String)).push_str(&string_from_ref(chunk)) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let text = "loom.break";
        // SAFETY: the ref borrows `text`, alive for the whole call.
        assert_eq!(unsafe { string_from_ref(string_ref(text)) }, text);
        // SAFETY: an empty ref is never dereferenced.
        assert_eq!(unsafe { string_from_ref(string_ref("")) }, "");
    }
}
