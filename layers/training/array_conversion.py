"""What fit / evaluate / predict accept as data, converted to arrays as Keras 3's data adapters do: numpy
arrays and nested structures of them, Python lists of numbers, pandas frames and series (floats to floatx),
tensors; and Keras's errors for what they refuse (strings, ragged lists, scalars)."""
import sys

import numpy as np

from framework import nest
from framework.errors import noted, shown_as
from framework.backend import place
from framework.sparse.sparse_tensor import SparseTensor
from framework.tensor import Tensor, _to_array

from .sparse_rows import SparseRows


def reject_numpy_text(what, **values):
    """Raise Keras 3's ValueError for numpy arrays of str, bytes or objects among ``values``.

    Keras 3's array adapter (behind fit, evaluate and predict, not the *_on_batch methods)
    takes numpy arrays of numbers and bools only, so the text-classification tutorials'
    ``model.predict(np.array([sample_text]))`` raises ``Invalid dtype: str3328`` on TF 2.21
    while a string tensor of the same texts runs. Accepting it here would let a program that
    stops on TensorFlow run on.
    """
    walked = []
    for name, value in values.items():
        for array in nest.flatten(value):
            if type(array) is np.ndarray and array.dtype.kind in 'USO' and not _keras_reads_as_strings(array):
                # Keras 3's text (what programs print); the why and what to do in a note
                error = ValueError('Invalid dtype: %s' % array.dtype.name)
                error.add_note('%s: %s holds a numpy array of dtype %s; Keras takes numpy arrays of numbers or bools '
                               'only here: pass text as a string tensor (tf.constant(...)) or a tf.data.Dataset'
                               % (what, name, array.dtype))
                raise error
            text = _pandas_text_dtype(array)
            if text is None:
                walked.append(array)
            else:
                # the pandas-dataframe tutorial's fit(dict(df), ...) with its string 'thal' column
                _cast_walked_series(walked)
                error = ValueError('Invalid dtype: %s' % text)
                error.add_note('%s: %s holds a pandas column of dtype %s; Keras takes numeric or bool columns only '
                               'here: encode the text first, or pass it as a string tensor (tf.constant(...)) or in '
                               'a tf.data.Dataset' % (what, name, text))
                raise error


def _cast_walked_series(walked):
    """Cast the float pandas Series that Keras 3's array adapter casts to floatx before a text column
    stops it (it walks the data in tf.nest order: dict(df)'s 'oldpeak' comes before 'thal'). Only for
    the side effect: pandas' astype enters warnings.catch_warnings, so on TF 2.21 the next fit's
    once-per-place warnings ('shuffle=True ... was provided as a tf.data.Dataset') show again."""
    for array in walked:
        _series_as_column(array)


def _keras_reads_as_strings(array):
    """Keras 3's one exception on TensorFlow (array_slicing.convert_single_array): an object array whose
    items along its first axis are all Python str becomes a string tensor (the CSV tutorial's
    ``{name: np.array(column)}`` of pandas text columns). Bytes, mixed or 2-D object arrays are refused."""
    return array.dtype.kind == 'O' and array.ndim >= 1 and all(isinstance(item, str) for item in array)


def _pandas_text_dtype(value):
    """The dtype name of a pandas Series, or of a DataFrame's first column, holding text or objects
    ('str' for pandas 3's strings, 'object'), as Keras 3's dtype check names it; else None."""
    pandas = sys.modules.get('pandas')
    if pandas is None or not isinstance(value, (pandas.Series, pandas.DataFrame)):
        return None
    if isinstance(value, pandas.Series):
        return str(value.dtype) if getattr(value.dtype, 'kind', None) in ('O', 'U', 'S') else None
    floatx = _floatx()
    for d in value.dtypes.values:       # Keras checks the columns in order for its float32 cast
        kind = getattr(d, 'kind', None)
        if kind in ('O', 'U', 'S'):
            return str(d)
        if kind == 'f' and d != floatx:     # Keras casts the whole frame first: pandas' astype refuses the text
            return None
    return None


def is_structure(value):
    # A list of arrays is several inputs; a list of numbers is one array.
    return isinstance(value, dict) or (isinstance(value, (list, tuple)) and len(value) > 0 and all(
        isinstance(v, (np.ndarray, Tensor, list, tuple, dict)) and _has_axes(v) for v in value)
        and not _is_rectangular_numbers(value))


def _has_axes(value):
    # A nested list of arrays ([[x_a, x_b]], as Keras flattens it) is no array numpy can size.
    if isinstance(value, (list, tuple, dict)):     # (a dict inside a list, [{'q': y_a}, y_b], is Keras's structure too)
        return len(value) > 0
    return np.ndim(value) > 0


def has_none_entry(value):
    entries = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else ()
    return any(v is None for v in entries)


def _is_rectangular_numbers(value):
    try:
        return np.asarray(value).dtype != object and not any(_holds_array(v) for v in value)
    except ValueError:
        return False


def _holds_array(value):
    # An array at any depth makes a structure: Keras 3 reads fit(X, [[y]]) as y nested in two lists
    # (numpy would make it one (1, n, ...) array)
    if isinstance(value, (list, tuple)):
        return any(_holds_array(v) for v in value)
    return isinstance(value, (np.ndarray, Tensor))


def to_arrays(value, what, copy=True):
    """``value`` (an array, list, tensor, or a list/dict of them) as raw arrays on the current device.

    Floating arrays become Keras's floatx (float32 unless set_floatx changed it); integer labels keep their dtype. A numpy
    array is copied, as TensorFlow copies it into a tensor, so that a later write to it (a
    callback's) does not reach the batches; ``copy=False``, for a loop that runs no code of the
    user's before its last batch, takes a row-major numeric array as it is (the same values:
    copying 10,000 MNIST rows cost evaluate() and predict() 4-7%).
    Raises:
        TypeError: for values that are not numeric arrays.
    """
    if value is None:
        return None
    if isinstance(value, SparseTensor):          # a keras.Input(sparse=True) model's samples
        return SparseRows.of(value)
    if is_structure(value):
        return nest.map_structure(lambda v: to_arrays(v, what, copy), value)
    if what in ('y', 'sample_weight') and has_none_entry(value):
        # Keras 3 takes None for an output left unweighted ([w, None]) or without a loss (y=[y_a, None]): a leaf
        return nest.map_structure(lambda v: None if v is None else to_arrays(v, what, copy), value)
    if not copy and type(value) is np.ndarray and value.dtype.kind in 'biuf' and value.ndim and \
            value.flags.c_contiguous:
        data = place(value)     # (a column-major array is copied: TF sums its rows in row-major order)
    else:
        # (outside the try: a frame with text that Keras casts to float32 fails in pandas' astype, in its words)
        converted = _frame_as_floatx(_series_as_column(value))
        try:
            data = _to_array(converted, None)
        except (TypeError, ValueError) as err:
            raise noted(UnrecognizedDataError('Unrecognized data type: %s=%s (of type %s)'       # Keras 3's words
                                              % (what, value, type(value))),
                        'expected a numpy array, a list of numbers or a tensor (%s)' % err) from None
    if data.dtype.kind == 'f' and data.dtype != np.float32:
        data = data.astype(_floatx())      # Keras's floatx: float64 data stays float64 after set_floatx('float64')
    if data.ndim == 0:
        raise ScalarSamplesError('%s: expected an array with one entry per sample, got a scalar' % what)
    return data


class ScalarSamplesError(ValueError):
    """A number where fit/evaluate/predict want one entry per sample (tapeflow's words; ArrayData
    rewords it as Keras 3's data adapter does)."""


class UnrecognizedDataError(TypeError, ValueError):
    """Data fit cannot read: Keras 3's ValueError ('Unrecognized data type'), a TypeError as tapeflow
    raised it before."""


# Programs print type(e).__name__ and tracebacks name the class: TF 2.21 shows ValueError there
shown_as(UnrecognizedDataError, ValueError)


def _series_as_column(value):
    """A pandas Series as a column of shape (n, 1), as Keras 3's array adapter takes one, so that
    ``model.fit(dict(df), target)`` feeds each feature as (batch, 1) (the pandas-dataframe tutorial's
    dict models concatenate them on axis 1)."""
    pandas = sys.modules.get('pandas')          # never imported here: a Series means pandas is loaded
    if pandas is not None and isinstance(value, pandas.Series):
        floatx = _floatx()
        if getattr(value.dtype, 'kind', '') == 'f' and value.dtype != floatx:
            # cast by pandas, as Keras casts it: pandas' astype enters warnings.catch_warnings, which lets
            # Python's once-per-place warnings show again (TF repeats fit's 'shuffle=True ... was provided
            # as a tf.data.Dataset' warning after a fit on a float64 Series, as the pandas tutorial shows)
            value = value.astype(floatx.name)     # by name, as Keras passes backend.floatx()
        return value.to_numpy()[:, None]
    return value


def _frame_as_floatx(value):
    """A pandas DataFrame with a float column other than float32, cast to float32 as a whole, as
    Keras does: its bool and integer columns (pd.get_dummies makes bools) become 0/1 floats."""
    column_dtypes = getattr(value, 'dtypes', None)
    if column_dtypes is None or not type(value).__module__.startswith('pandas') \
            or not hasattr(column_dtypes, 'values'):
        return value
    floatx = _floatx()
    if any(getattr(d, 'kind', '') == 'f' and d != floatx for d in column_dtypes.values):
        return value.astype(floatx.name)     # by name, as Keras: see _series_as_column
    return value


def _floatx():
    """numpy's dtype for ``keras.backend.floatx()``, which Keras casts floating data to (float32 unless
    set_floatx changed it: a float64 model then trains on its float64 data, not on float32 roundings)."""
    from framework.losses.loss import default_dtype
    return np.dtype(default_dtype())
