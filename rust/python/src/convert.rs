//! Conversions of Python arguments with uniform errors.
//!
//! PyO3's own extraction of `u64`, `&str` or a numpy array reports a bad argument as
//! `OverflowError`, `TypeError` or `UnicodeEncodeError`, often without the value. These helpers
//! report every such argument as `cardavia.InvalidArgumentError` (card text:
//! `cardavia.InvalidCardError`) naming the argument and the value, and they refuse what would
//! otherwise be converted silently (a bool or a float where an integer is expected). Take the
//! argument as `&Bound<PyAny>` (or `Option<&Bound<PyAny>>`) in the `#[pyfunction]` and convert
//! it with one of them:
//!
//! * [`int_arg::<T>(obj, "seed")`](int_arg): an integer in `T`'s range (`u8` ... `u64`, `usize`,
//!   `i32`, `i64`); [`int_in`] for a narrower range; [`opt_int_arg`] lets `None` through.
//! * [`text_arg`]: a `str` as UTF-8 text; [`card_text`] the same for card text.
//! * [`count_vector`]: a 1-D numpy array of any integer dtype as `i128` counts;
//!   [`array_description`] says what an argument that is not the expected array is.
//!
//! Where the argument's name is not needed in the message, a parameter can instead be declared
//! with the newtypes [`Int<T>`](Int) (`n: Int<u64>`, `seat: Int<Usize>`) and [`Text`]
//! (`policy: Text`), which convert the same way; every `#[pyfunction]` and `#[pymethods]`
//! parameter that is an integer or text uses one of these (issue 18, point 9). A default value
//! is written `seed = Int(0)`, `policy = Text::from("random")` (the stubs show it as `...`).

use crate::errors::{card_error, invalid_argument};
use cardavia_core::CardError;
use numpy::{
    dtype, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyString};
use std::borrow::Cow;

/// The integer types [`int_arg`] converts to.
pub trait IntArg: Copy + TryFrom<i128> + Into<i128> {
    const MIN: i128;
    const MAX: i128;
}

macro_rules! int_arg_types {
    ($($t:ty),*) => {$(
        impl IntArg for $t {
            const MIN: i128 = <$t>::MIN as i128;
            const MAX: i128 = <$t>::MAX as i128;
        }
    )*};
}
int_arg_types!(u8, u16, u32, u64, i8, i16, i32, i64);

/// `usize` goes through `u64` (cardavia builds for 64-bit targets; on a 32-bit one the range
/// check against `usize::MAX` still applies).
#[derive(Clone, Copy)]
pub struct Usize(pub usize);

impl TryFrom<i128> for Usize {
    type Error = std::num::TryFromIntError;
    fn try_from(v: i128) -> Result<Self, Self::Error> {
        usize::try_from(v).map(Usize)
    }
}

impl From<Usize> for i128 {
    fn from(v: Usize) -> i128 {
        v.0 as i128
    }
}

impl IntArg for Usize {
    const MIN: i128 = 0;
    const MAX: i128 = usize::MAX as i128;
}

/// A bound as people write it: `2**64 - 1` rather than twenty digits.
fn bound_text(v: i128) -> String {
    for bits in [16u32, 31, 32, 63, 64, 127] {
        if v == (1i128 << bits) - 1 {
            return format!("2**{bits} - 1");
        }
        if bits < 127 && v == -(1i128 << bits) {
            return format!("-2**{bits}");
        }
    }
    v.to_string()
}

/// `repr(obj)`, shortened to at most about 60 characters; for an int too long to print (Python
/// limits int-to-text conversion), its size in bits.
pub fn value_text(obj: &Bound<'_, PyAny>) -> String {
    let text = match obj.repr() {
        Ok(r) => r.to_string_lossy().into_owned(),
        Err(_) => {
            return match obj.call_method0("bit_length") {
                Ok(bits) => format!("an integer of {bits} bits"),
                Err(_) => format!("a {}", type_name(obj)),
            }
        }
    };
    let chars = text.chars().count();
    if chars > 60 {
        let head: String = text.chars().take(24).collect();
        let tail: String = text.chars().skip(chars - 12).collect();
        format!("{head}...{tail} ({chars} characters)")
    } else {
        text
    }
}

/// The name of `obj`'s type (`"float"`, `"numpy.ndarray"` is `"ndarray"`).
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "object".into())
}

/// `obj` as an integer of type `T`: a Python int or anything with `__index__` (numpy
/// integers), never a bool, a float or text. Errors (InvalidArgumentError) read
/// "`what` must be an integer from MIN to MAX, got VALUE" or "`what` must be an integer, got
/// the float 51.7".
pub fn int_arg<T: IntArg>(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<T> {
    int_in_i128(obj, what, T::MIN, T::MAX)
}

/// Like [`int_arg`], for the narrower range `lo..=hi`.
pub fn int_in<T: IntArg>(obj: &Bound<'_, PyAny>, what: &str, lo: T, hi: T) -> PyResult<T> {
    int_in_i128(obj, what, lo.into(), hi.into())
}

/// [`int_arg`] for an optional argument: `None` (absent or Python `None`) stays `None`.
pub fn opt_int_arg<T: IntArg>(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<T>> {
    match obj {
        Some(o) if !o.is_none() => int_arg(o, what).map(Some),
        _ => Ok(None),
    }
}

fn int_in_i128<T: IntArg>(obj: &Bound<'_, PyAny>, what: &str, lo: i128, hi: i128) -> PyResult<T> {
    let py = obj.py();
    let out_of_range = || {
        invalid_argument(format!(
            "{what} must be an integer from {} to {}, got {}",
            bound_text(lo),
            bound_text(hi),
            value_text(obj)
        ))
    };
    if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyFloat>() || !has_index(obj) {
        return Err(invalid_argument(format!(
            "{what} must be an integer, got the {} {}",
            type_name(obj),
            value_text(obj)
        )));
    }
    // Through i64, then u64 for the values above i64::MAX; anything else is out of range.
    let value: i128 = match obj.extract::<i64>() {
        Ok(v) => v.into(),
        Err(e) if e.is_instance_of::<PyOverflowError>(py) => match obj.extract::<u64>() {
            Ok(v) => v.into(),
            Err(e) if e.is_instance_of::<PyOverflowError>(py) => return Err(out_of_range()),
            Err(e) => return Err(e),
        },
        Err(e) => return Err(e),
    };
    if !(lo..=hi).contains(&value) {
        return Err(out_of_range());
    }
    T::try_from(value).map_err(|_| out_of_range())
}

/// True for ints and objects with `__index__` (numpy integer scalars, 0-d integer arrays).
fn has_index(obj: &Bound<'_, PyAny>) -> bool {
    obj.get_type().hasattr("__index__").unwrap_or(false)
}

/// Where the text of `s` stops being valid Unicode: the character position and code point of
/// its first lone surrogate (Python strings may hold them; UTF-8 cannot).
fn first_surrogate(s: &Bound<'_, PyString>, err: &PyErr) -> (usize, String) {
    let py = s.py();
    let start = err
        .value(py)
        .getattr("start")
        .and_then(|v| v.extract::<usize>())
        .unwrap_or(0);
    let code = s
        .get_item(start)
        .and_then(|c| py.import("builtins")?.getattr("ord")?.call1((c,)))
        .and_then(|o| o.extract::<u32>())
        .map(|c| format!("\\u{c:04x}"))
        .unwrap_or_else(|_| "?".into());
    (start, code)
}

/// The UTF-8 text of a `str` argument. Not a `str`, or a `str` holding a lone surrogate
/// (`"\ud800"`, which no UTF-8 text can hold): InvalidArgumentError naming `what` and where.
pub fn text_arg<'a>(obj: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Cow<'a, str>> {
    let Ok(s) = obj.cast::<PyString>() else {
        return Err(invalid_argument(format!(
            "{what} must be text (a str), got the {} {}",
            type_name(obj),
            value_text(obj)
        )));
    };
    match s.to_str() {
        Ok(text) => Ok(Cow::Borrowed(text)),
        Err(e) => {
            let (position, code) = first_surrogate(s, &e);
            Err(invalid_argument(format!(
                "{what}: character {position} is the lone surrogate '{code}', which is not \
                 text (no Unicode character is written with it)"
            )))
        }
    }
}

/// The UTF-8 text of card text. A lone surrogate: InvalidCardError whose `token` is the
/// surrogate written as `\udXXX` and whose `position` is its character offset.
pub fn card_text<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    match s.to_str() {
        Ok(text) => Ok(Cow::Borrowed(text)),
        Err(e) => {
            let (position, code) = first_surrogate(s, &e);
            Err(card_error(&CardError {
                token: code,
                position,
                reason: "a lone surrogate is not a character (the text is not valid Unicode)"
                    .into(),
            }))
        }
    }
}

/// A description of `obj` for an error about arrays: "a float64 array of shape (54,)", "a
/// list".
pub fn array_description(obj: &Bound<'_, PyAny>) -> String {
    match obj.cast::<PyUntypedArray>() {
        Ok(a) => {
            let dims: Vec<String> = a.shape().iter().map(|d| d.to_string()).collect();
            let shape = if dims.len() == 1 {
                format!("({},)", dims[0])
            } else {
                format!("({})", dims.join(", "))
            };
            format!("a {} array of shape {shape}", a.dtype())
        }
        Err(_) => format!("a {}", type_name(obj)),
    }
}

/// A 1-D numpy array of any integer (or bool) dtype, as `i128` values in index order (any
/// layout). Float, complex, object or text arrays, other shapes, non-arrays:
/// InvalidArgumentError describing what was given.
pub fn count_vector(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<i128>> {
    let py = obj.py();
    let refuse = || {
        invalid_argument(format!(
            "{what} must be a 1-dimensional numpy array of integer counts, got {}",
            array_description(obj)
        ))
    };
    let Ok(untyped) = obj.cast::<PyUntypedArray>() else {
        return Err(refuse());
    };
    if untyped.ndim() != 1 {
        return Err(refuse());
    }
    let descr = untyped.dtype();
    let kind = descr.kind();
    // Signed integers as int64, unsigned as uint64, bools as uint8: exact for every value.
    let (target, signed) = match kind {
        b'i' => (dtype::<i64>(py), true),
        b'u' => (dtype::<u64>(py), false),
        b'b' => (dtype::<u8>(py), false),
        _ => return Err(refuse()),
    };
    let converted = obj.call_method1("astype", (target,))?;
    let dynamic = converted.cast::<PyArrayDyn<i64>>();
    if signed {
        let a = dynamic.map_err(|_| refuse())?.readonly();
        Ok(a.as_array().iter().map(|&v| v as i128).collect())
    } else if kind == b'b' {
        let a = converted.cast::<PyArrayDyn<u8>>().map_err(|_| refuse())?;
        Ok(a.readonly().as_array().iter().map(|&v| v as i128).collect())
    } else {
        let a = converted.cast::<PyArrayDyn<u64>>().map_err(|_| refuse())?;
        Ok(a.readonly().as_array().iter().map(|&v| v as i128).collect())
    }
}

/// A text argument converted with [`text_arg`]: `policy: Text` in a `#[pyfunction]` instead of
/// `policy: &str`, so that a lone surrogate (or a non-`str`) is an InvalidArgumentError naming
/// the character rather than a `UnicodeEncodeError`. Derefs to `str`.
pub struct Text(pub String);

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Text {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        text_arg(&obj, "text argument").map(|t| Text(t.into_owned()))
    }
}

/// An integer argument converted with [`int_arg`]: `n: Int<u64>` in a `#[pyfunction]` instead
/// of `n: u64`, so that an int out of range, a float or a bool is an InvalidArgumentError
/// naming the value rather than an `OverflowError` or a silent truncation.
#[derive(Clone, Copy, Debug)]
pub struct Int<T>(pub T);

impl<'a, 'py, T: IntArg> FromPyObject<'a, 'py> for Int<T> {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        int_arg(&obj, "the argument").map(Int)
    }
}

/// A list (or any iterable but text) of integers, each converted with [`int_arg`]:
/// `stacks: IntList<u32>` in a `#[pyfunction]` instead of `stacks: Vec<u32>`, so that an item out
/// of range, a float or a bool is an InvalidArgumentError naming the item's position and value
/// ("item 1 must be an integer from 0 to 2**32 - 1, got 2**70") rather than an `OverflowError`.
/// Derefs to the slice of values.
#[derive(Clone, Debug)]
pub struct IntList<T>(pub Vec<T>);

impl<T> std::ops::Deref for IntList<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<'a, 'py, T: IntArg> FromPyObject<'a, 'py> for IntList<T> {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let not_a_list = || {
            invalid_argument(format!(
                "expected a list of integers, got the {} {}",
                type_name(&obj),
                value_text(&obj)
            ))
        };
        if obj.is_instance_of::<PyString>() {
            return Err(not_a_list());
        }
        let items = obj.try_iter().map_err(|_| not_a_list())?;
        let mut values = Vec::new();
        for (position, item) in items.enumerate() {
            values.push(int_arg(&item?, &format!("item {position}"))?);
        }
        Ok(IntList(values))
    }
}

impl From<&str> for Text {
    fn from(text: &str) -> Text {
        Text(text.to_owned())
    }
}

impl std::fmt::Debug for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}
