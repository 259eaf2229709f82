//! Maps core errors onto the Python exception hierarchy defined in `cardavia/errors.py`.
//!
//! The classes live in Python (InvalidCardError must subclass both CardaviaError and ValueError);
//! they are looked up once and cached.

use cardavia_core::{CardError, Error};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

static INVALID_CARD: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static INVALID_ARGUMENT: PyOnceLock<Py<PyType>> = PyOnceLock::new();

fn error_class<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyType>>,
    name: &str,
) -> PyResult<Bound<'py, PyType>> {
    let class = cell.get_or_try_init(py, || -> PyResult<Py<PyType>> {
        let module = py.import("cardavia.errors")?;
        Ok(module.getattr(name)?.cast_into::<PyType>()?.unbind())
    })?;
    Ok(class.bind(py).clone())
}

/// `cardavia.InvalidCardError(message, token, position)`.
pub fn card_error(e: &CardError) -> PyErr {
    Python::attach(|py| {
        match error_class(py, &INVALID_CARD, "InvalidCardError")
            .and_then(|c| c.call1((e.to_string(), e.token.clone(), e.position)))
        {
            Ok(instance) => PyErr::from_value(instance),
            Err(lookup_failed) => lookup_failed,
        }
    })
}

/// `cardavia.InvalidArgumentError(message)`.
pub fn invalid_argument(message: impl Into<String>) -> PyErr {
    let message = message.into();
    Python::attach(|py| {
        match error_class(py, &INVALID_ARGUMENT, "InvalidArgumentError")
            .and_then(|c| c.call1((message,)))
        {
            Ok(instance) => PyErr::from_value(instance),
            Err(lookup_failed) => lookup_failed,
        }
    })
}

/// Any core error as the matching Python exception.
pub fn to_py(e: Error) -> PyErr {
    match e {
        Error::Card(c) => card_error(&c),
        Error::Invalid(msg) => invalid_argument(msg),
    }
}
