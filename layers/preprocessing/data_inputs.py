"""What the preprocessing layers accept as data: arrays, lists, tensors and
iterables of batches (datasets, generators), turned into host numpy arrays.

Strings become object arrays of UTF-8 bytes, tapeflow's string tensors, and
integers int64, the dtypes Keras's lookup tables key on.
"""
import numpy as np

from framework import dtypes
from framework.backend import to_host
from framework.errors import UnimplementedError, kernel_error, shown_as
from framework.ragged.ragged_tensor import RaggedTensor
from framework.tensor import Tensor, convert_to_tensor


def host_array(value):
    """``value`` (a tensor, array, list or scalar) as a numpy array."""
    if isinstance(value, Tensor):
        return np.asarray(to_host(value._data))
    return np.asarray(to_host(value))


def is_string_array(array):
    return array.dtype.kind in 'OSU'


def _as_bytes(item, who):
    if isinstance(item, bytes):
        return item
    if isinstance(item, str):
        return item.encode('utf-8')
    if isinstance(item, np.bytes_):
        return bytes(item)
    raise TypeError('%s: expected strings, got %r (of type %s); pass str or bytes values'
                    % (who, item, type(item).__name__))


class NotStringsError(TypeError, ValueError):
    """Numbers where a text layer takes strings: Keras 3's TextVectorization raises ValueError ('Failed
    to convert a NumPy array to a Tensor'); tapeflow raised TypeError before, so this is both."""


class NotIntegersError(TypeError, ValueError):
    """Text where IntegerLookup takes integers: Keras 3's adapt raises ValueError ('invalid literal for
    int() with base 10'); tapeflow raised TypeError before, so this is both."""


# Programs print type(e).__name__ and tracebacks name the class: TF 2.21 shows ValueError there
for _error in (NotStringsError, NotIntegersError):
    shown_as(_error, ValueError)


class ListNotStringsError(NotStringsError):
    """A Python list, tuple or number of the wrong kind: TF's eager conversion raises TypeError
    ('Cannot convert [1, 2] to EagerTensor of dtype string'), where a NumPy array's is a ValueError."""


class ListNotIntegersError(NotIntegersError):
    """As ListNotStringsError, where integers are wanted ('... to EagerTensor of dtype int64')."""


for _error in (ListNotStringsError, ListNotIntegersError):
    shown_as(_error, TypeError)
_AS_PYTHON_VALUE = {NotStringsError: ListNotStringsError, NotIntegersError: ListNotIntegersError}


def string_array(value, who):
    """``value`` as an object array of bytes, or TypeError naming ``who``."""
    try:
        array = host_array(value)
    except (TypeError, ValueError) as err:
        raise TypeError('%s: expected strings, got %r (%s)' % (who, value, err)) from None
    if not is_string_array(array):
        raise _converted_wrongly(value, array, 'string', NotStringsError(
            '%s: expected string inputs, got dtype %s; convert numbers with tf.strings.as_string, or use '
            'IntegerLookup / Hashing for integers' % (who, array.dtype)))
    out = np.empty(array.shape, dtype=object)
    flat = out.reshape(-1)
    for i, item in enumerate(array.reshape(-1)):
        flat[i] = _as_bytes(item, who)
    return out


def call_strings(inputs, given, who):
    """A text layer's call ``inputs`` as string_array has them; numbers refused as TF 2.21's conversion
    of ``given`` (what the caller passed, before Layer.__call__ made it a tensor) refuses them: a list or
    a Python number, 'Cannot convert 3 to EagerTensor of dtype string'; a NumPy array, 'Failed to
    convert a NumPy array to a Tensor'; a tensor, the Cast kernel's error."""
    try:
        return string_array(inputs, who)
    except NotStringsError:
        if given is None or isinstance(given, Tensor):
            raise
    try:
        return string_array(given, who)
    except NotStringsError as refused:      # plain TypeError / ValueError: Keras words them as a call's error
        plain = (TypeError if isinstance(given, (list, tuple, int, float, complex)) else ValueError)(str(refused))
        for note in getattr(refused, '__notes__', ()):
            plain.add_note(note)
        raise plain from None


def integer_array(value, who):
    """``value`` as an int64 array, or TypeError naming ``who``. Floats are cast as Keras 3's lookup
    casts them to its int64 keys: truncated toward zero (1.5 is 1), NaN and infinities to int64's
    minimum (an out-of-vocabulary key)."""
    try:
        array = host_array(value)
    except (TypeError, ValueError) as err:
        raise TypeError('%s: expected integers, got %r (%s)' % (who, value, err)) from None
    if array.dtype.kind in 'iub':
        return array.astype(np.int64)
    if array.dtype.kind == 'f':
        finite = np.isfinite(array)
        out = np.trunc(np.where(finite, array, 0)).astype(np.int64)
        return np.where(finite, out, np.iinfo(np.int64).min)
    raise _converted_wrongly(value, array, 'int64', NotIntegersError(
        '%s: expected integer inputs, got dtype %s; cast to an integer dtype first' % (who, array.dtype)))


# Keras 3 converts the data to a tensor of the wanted dtype: TF's conversion error, per kind of data
_UNSUPPORTED_KINDS = {'i': 'int', 'u': 'int', 'f': 'float', 'b': 'bool', 'c': 'complex'}
_KERNEL_NAMES = {'float32': 'float', 'float64': 'double', 'float16': 'half'}


class CastNotSupportedError(UnimplementedError, NotStringsError, NotIntegersError):
    """A tensor of the wrong kind: TF's Cast kernel refuses it (UnimplementedError); the TypeError and
    ValueError tapeflow raised before."""


shown_as(CastNotSupportedError, UnimplementedError)       # its class and module in a traceback: TF's


def _converted_wrongly(value, array, wanted, words):
    """The error TF's conversion of ``value`` (held as ``array``) to ``wanted`` raises, in Keras 3's adapt:
    a tensor, the Cast kernel's; a list, 'Cannot convert [1, 2] to EagerTensor of dtype string'; a NumPy
    array of numbers, TF's 'Failed to convert a NumPy array ...'; text where integers are wanted,
    numpy's int() of its first element. ``words`` (tapeflow's explanation) becomes a note."""
    note = str(words)
    if isinstance(value, Tensor):
        have = dtypes.display_name(value.dtype)
        error = kernel_error('Cast', 'Cast %s to %s is not supported' % (_KERNEL_NAMES.get(have, have), wanted),
                             named=True, note=note, error_class=CastNotSupportedError)
        return error
    if isinstance(value, (list, tuple, int, float, complex)) or (wanted != 'string' and isinstance(value, str)):
        # (bool is an int); a list's str is its repr, a lone string shows quoted: 'a'
        error = _AS_PYTHON_VALUE.get(type(words), type(words))('Cannot convert %r to EagerTensor of dtype %s'
                                                              % (value, wanted))
    elif wanted == 'string':
        error = type(words)('Failed to convert a NumPy array to a Tensor (Unsupported object type %s).'
                            % _UNSUPPORTED_KINDS.get(array.dtype.kind, array.dtype.name))
    else:
        error = type(words)(_int_refusal(array) or note)
        if str(error) == note:
            return words
    error.add_note(note)
    return error


def vocabulary_refusal(vocabulary, wanted, words):
    """The error Keras 3's set_vocabulary raises for tokens of the wrong kind (``words``, tapeflow's
    explanation, as a note): numbers for strings, TF's conversion of the vocabulary as a NumPy array (a
    tensor's, its first element refused); text for integers, Python's int() of the first token."""
    array = host_array(vocabulary)
    if wanted == 'string':
        if isinstance(vocabulary, Tensor):
            first = array.reshape(-1)[0]
            error = TypeError('Expected binary or unicode string, got %r' % (first,))
        else:
            error = ValueError('Failed to convert a NumPy array to a Tensor (Unsupported object type %s).'
                               % _UNSUPPORTED_KINDS.get(array.dtype.kind, array.dtype.name))
    else:
        refusal = _int_refusal(array)
        if refusal is None:
            return words
        error = ValueError(refusal)
    error.add_note(str(words))
    return error


def _int_refusal(array):
    """Python's words for int() of the first element of ``array`` it refuses (numpy's scalars show as
    np.str_('a')), or None."""
    for item in array.reshape(-1):
        try:
            int(item)
        except (TypeError, ValueError) as refused:
            return str(refused)
    return None


def batches(data, steps, who, lists_are_batches=False, pack=None):
    """The batches of ``data`` for ``adapt``: one for an array, list or tensor,
    each element for a dataset or another iterable (at most ``steps`` of them).
    Keras's Discretization takes a list as a list of batches (``lists_are_batches``).
    A tuple element (an (x, y) dataset) is one value, as Keras converts it: ``pack(batch)``, by default
    tf.convert_to_tensor (TF's Pack refuses components of different dtypes; same ones adapt on both)."""
    if data is None or isinstance(data, dict):
        convert_to_tensor(data)         # TF's 'Attempt to convert a value (None) ...' error, as Keras 3 meets it
    one_batch = isinstance(data, (list, tuple)) and not lists_are_batches
    # a lone number is one batch too: Keras 3 converts it, and TF's conversion refuses it by the dtype wanted
    if one_batch or isinstance(data, (np.ndarray, np.generic, Tensor, RaggedTensor, str, bytes, int, float, complex)):
        yield data                      # one batch; Keras 3 ignores `steps` here
        return
    if not hasattr(data, '__iter__'):
        raise TypeError('%s.adapt: expected an array, a list, a tensor or a dataset of batches, got a %s'
                        % (who, type(data).__name__))
    for i, batch in enumerate(data):
        if steps is not None and 0 <= steps <= i:      # Keras's data.take(steps): a negative one takes all
            break
        yield (pack or convert_to_tensor)(batch) if isinstance(batch, tuple) else batch
