"""``tf.strings``: the common string ops on string tensors (numpy object arrays of UTF-8 bytes).

String tensors live on the host and have no gradients, so these ops work on
numpy arrays directly. Element-wise ops keep the input's shape; ``join``
takes inputs of one shape or scalars (TensorFlow does not broadcast further).
``split`` gives a 1-D tensor for a scalar and a RaggedTensor for a batch, as TensorFlow.
"""
import builtins
import functools
import re
import sys

import numpy as np

from . import re2_pattern, re2_rewrite
from .composite import CompositeTensor
from .errors import InvalidArgumentError, OpError, kernel_error
from .given_op_name import call_name, given_name
from .strings_inputs import scalar_string as _scalar_string, string_values as _strings
from .tensor import Tensor


def _on_flat_values(op, passes_name=True):
    """``op`` (elementwise) also taking a RaggedTensor first: applied to its flat values, keeping
    its rows, as TensorFlow dispatches the string ops to ragged inputs. ``passes_name``: TF's wrapper
    hands ``name`` to the kernel, whose errors end ' name: <name>' (given_op_name)."""
    @functools.wraps(op)
    def run(input, *args, **kwargs):  # noqa: A002
        if isinstance(input, CompositeTensor) and hasattr(input, 'with_flat_values'):
            return input.with_flat_values(op(input.flat_values, *args, **kwargs))
        try:
            return op(input, *args, **kwargs)
        except OpError as error:
            if passes_name:
                given_name(error, call_name(op, (input,) + args, kwargs))
            raise
    return run


def _composite_on_flat_values(op):
    """``_on_flat_values`` for a function TensorFlow composes of several ops (unicode_decode): it hands
    them no ``name``, so their errors keep the empty ' name: ' tail."""
    return _on_flat_values(op, passes_name=False)


def _tensor(values, dtype=object):
    return Tensor(np.asarray(values, dtype=dtype))


def _map(fn, values, dtype=object):
    out = np.empty(values.shape, dtype=dtype)
    flat = out.reshape(-1)
    for i, v in enumerate(values.reshape(-1)):
        flat[i] = fn(v)
    return _tensor(out, dtype)


def _dims(shape):
    """A shape as TF's kernels print it: [2,1]."""
    return '[%s]' % ','.join(str(d) for d in shape)


def join(inputs, separator='', name=None):
    """Element-wise concatenation of string tensors of one shape (scalars join every element)."""
    if not isinstance(inputs, (list, tuple, Tensor, bytes)):      # the op wrapper's list argument (TF 2.21's words)
        raise TypeError("Expected list for 'inputs' argument to 'string_join' Op, not %r." % (inputs,))
    if isinstance(inputs, (Tensor, bytes)):
        inputs = _iterated(inputs)
    try:
        return _join(inputs, separator)
    except OpError as error:
        given_name(error, name)
        raise


def _iterated(inputs):
    """A tensor or bytes given as join's list of inputs, as TF 2.21's fast path takes a sequence: iterated (a
    tensor's rows, joined element-wise; bytes' ints, which fail their conversion to strings). A scalar tensor
    is no sequence: the slow path's words."""
    if isinstance(inputs, bytes):
        if inputs:
            raise TypeError('Cannot convert %d to EagerTensor of dtype string' % inputs[0])
        return []
    if inputs.ndim == 0:
        raise TypeError("Expected list for 'inputs' argument to 'string_join' Op, not %r." % (inputs,))
    return list(inputs)


def _join(inputs, separator):
    separator = '' if separator is None else separator         # an unset attribute: its default
    if not isinstance(separator, (str, bytes)):                 # StringJoin's string attribute
        error = TypeError("Expected string for argument 'separator' not %r." % (separator,))
        error.add_note('strings.join: separator must be a Python string, got %r' % (separator,))
        raise error
    if any(isinstance(x, CompositeTensor) for x in inputs):     # RaggedTensors of one layout
        from .ragged.ragged_ops import map_flat_values
        return map_flat_values(lambda *flat: _join(list(flat), separator), *inputs)
    parts = [_strings(x, 'join', position=i) for i, x in enumerate(inputs)]
    shaped = [p.shape for p in parts if p.ndim]
    other = next((s for s in shaped if s != shaped[0]), None)
    if other is not None:       # StringJoin compares each input with the first that is not a scalar
        raise kernel_error('StringJoin', 'Input shapes do not match: %s vs. %s' % (_dims(shaped[0]), _dims(other)),
                           named=_fast(*inputs), node='StringJoin_N_%d' % builtins.len(inputs),
                           note='join: the inputs must have one shape (or be scalars)')
    shape = shaped[0] if shaped else ()
    sep = separator.encode() if isinstance(separator, str) else bytes(separator)
    out = np.empty(shape, dtype=object)
    flat = out.reshape(-1)
    columns = [np.broadcast_to(p, shape).reshape(-1) for p in parts]
    for i in range(flat.size):
        flat[i] = sep.join(c[i] for c in columns)
    return _tensor(out)


@_on_flat_values
def length(input, unit='BYTE', name=None):  # noqa: A002
    """The length of each string in bytes (``unit='UTF8_CHAR'``: in characters), as int32."""
    if unit is None:        # TF's op wrapper: a None attr is its default
        unit = 'BYTE'
    try:
        known = unit in ('BYTE', 'UTF8_CHAR')
    except (TypeError, ValueError):     # a tensor or array compares elementwise: no string, refused below
        known = False
    if not known:       # StringLength's attr check, in TF 2.21's registry words
        _string_attribute(unit, 'unit')         # (the op wrapper's type check first)
        error = InvalidArgumentError(
            'Value for attr \'unit\' of "%s" is not in the list of allowed values: "BYTE", "UTF8_CHAR"\n\t; NodeDef: '
            '{{node StringLength}}; Op<name=StringLength; signature=input:string -> output:int32; '
            'attr=unit:string,default="BYTE",allowed=["BYTE", "UTF8_CHAR"]> [Op:StringLength]%s'
            % (unit, ' name: ' if _fast(input) else ''))
        error.add_note("length: unit must be 'BYTE' or 'UTF8_CHAR', got %r" % (unit,))
        raise error
    values = _strings(input, 'length')
    if unit == 'BYTE':
        return _map(len, values, np.int32)
    # TF's UTF8StrLen counts the bytes that are not continuation bytes (0x80-0xBF): any bytes have a length
    return _map(lambda s: builtins.sum(not 0x80 <= byte < 0xC0 for byte in s), values, np.int32)


@_on_flat_values
def upper(input, encoding='', name=None):  # noqa: A002
    """Each string upper-cased: its ASCII letters (other bytes unchanged, as in TensorFlow), or with
    ``encoding='utf-8'`` every letter, by Unicode's full case mapping ('straße' -> 'STRASSE')."""
    return _map(_case_mapping(str.upper, encoding, 'upper', input), _strings(input, 'upper'))


@_on_flat_values
def lower(input, encoding='', name=None):  # noqa: A002
    """Each string lower-cased: its ASCII letters, or with ``encoding='utf-8'`` every letter
    ('ÉCOLE' -> 'école'; TensorFlow asks ICU, whose root-locale mapping Python's str.lower shares)."""
    return _map(_case_mapping(str.lower, encoding, 'lower', input), _strings(input, 'lower'))


def _case_mapping(change, encoding, op, input):  # noqa: A002
    try:
        if encoding == '' or encoding is None:        # (TF's op wrapper: a None attr is its default, '')
            return getattr(bytes, change.__name__)
        utf8 = encoding == 'utf-8'
    except (TypeError, ValueError):     # a tensor or array compares elementwise: no string, refused below
        utf8 = False
    if not utf8:     # the StringLower / StringUpper kernel's words, after the op wrapper's check of the attr's type
        _string_attribute(encoding, 'encoding')
        raise kernel_error('String' + op.capitalize(), "only utf-8 or '' (no encoding) is supported, received %s"
                           % encoding, named=_fast(input),
                           note="%s: encoding must be 'utf-8' or '', got %r" % (op, encoding))
    # bytes that are not UTF-8 become U+FFFD, as ICU's conversion makes them
    return lambda text: change(text.decode('utf-8', errors='replace')).encode('utf-8')


@_on_flat_values
def strip(input, name=None):  # noqa: A002
    """Each string without leading and trailing whitespace."""
    return _map(bytes.strip, _strings(input, 'strip'))


def split(input, sep=None, maxsplit=-1, name=None):  # noqa: A002
    """The pieces of each string between ``sep`` (runs of whitespace when None): a 1-D tensor
    for a scalar, a RaggedTensor (one ragged dimension more) for a tensor of strings or a RaggedTensor
    (its flat values split, as TF's ragged dispatch does)."""
    from .ragged import RaggedTensor
    if isinstance(input, RaggedTensor):
        if input.row_splits.dtype != 'int64':      # the pieces' splits are int64: TF's with_values refuses the mix
            raise ValueError('self and new_values have mismatched row_splits dtypes; use '
                             'RaggedTensor.with_row_splits_dtype() to convert them to compatible dtypes.')
        return input.with_flat_values(split(input.flat_values, sep, maxsplit))
    values = _strings(input, 'split')
    maxsplit = _make_int(maxsplit, 'maxsplit', -1)      # (1.5 splits once, None is -1, as TF's wrapper)
    # None and '' split on runs of whitespace, as in TensorFlow
    sep = None if sep is None else _scalar_string(sep, 'StringSplitV2', 'split', 'separator') or None
    if sep is None and maxsplit >= 0:
        return pieces(values, [_whitespace_split(text, maxsplit) for text in values.reshape(-1)])
    return pieces(values, [text.split(sep, maxsplit) for text in values.reshape(-1)])


def _whitespace_split(text, maxsplit):
    """StringSplitV2's whitespace split with a limit: maxsplit=0 keeps the string as it is (whitespace
    and all), and the rest after the maxsplit-th word is a piece even when empty ('abc', maxsplit=1:
    [b'abc', b'']), where Python's split strips the first and drops the second."""
    if maxsplit == 0:
        return [text]
    words = text.split(None, maxsplit)
    return words + [b''] if builtins.len(words) == maxsplit else words


def pieces(values, rows, dtype=object):
    """``rows[i]`` (a list) for each string of ``values``: a 1-D tensor for a scalar, else a
    RaggedTensor of ``values.shape`` plus one ragged dimension."""
    flat = np.empty(sum(builtins.len(r) for r in rows), dtype=dtype)
    flat[:] = [piece for r in rows for piece in r]
    if values.ndim == 0:
        return _tensor(flat, dtype)
    from .ragged import RaggedTensor
    result = RaggedTensor.from_row_lengths(_tensor(flat, dtype), [builtins.len(r) for r in rows])
    for size in reversed(values.shape[1:]):     # the uniform outer dimensions, innermost first
        result = RaggedTensor.from_uniform_row_length(result, size)
    return result


@_on_flat_values
def regex_full_match(input, pattern, name=None):  # noqa: A002
    """Whether each whole string matches ``pattern``, an RE2 pattern (framework/re2_pattern.py)."""
    static = isinstance(pattern, (str, bytes))      # TF's static kernel; a tensor pattern takes the other
    kernel = 'StaticRegexFullMatch' if static else 'RegexFullMatch'
    values = _strings(input, 'regex_full_match', kernel)
    pattern = _scalar_string(pattern, 'RegexFullMatch', 'regex_full_match')
    compiled = _compiled(pattern, kernel, 'regex_full_match', _fast(input))
    return _map(lambda s: compiled.fullmatch(s.decode('utf-8', 'surrogateescape')) is not None, values, np.bool_)


def _compiled(pattern, kernel, op, named):
    """``pattern`` (an RE2 pattern) as a Python pattern for 'surrogateescape'-decoded text, or the kernel's
    InvalidArgumentError in RE2's words (and RE2's log line on stderr) for one RE2 refuses."""
    text = pattern.decode('utf-8', 'surrogateescape') if isinstance(pattern, bytes) else pattern
    try:
        return re.compile(re2_pattern.translate(text))
    except re2_pattern.Re2Error as err:
        print("external/com_googlesource_code_re2/re2/re2.cc:232: Error parsing '%s': %s" % (text, err),
              file=sys.stderr)
        raise kernel_error(kernel, 'Invalid pattern: %s, error: %s' % (text, err), named=named,
                           note='strings.%s: RE2 does not accept this pattern' % op) from None


@_on_flat_values
def regex_replace(input, pattern, rewrite, replace_global=True, name=None):  # noqa: A002
    """Each string with the matches of ``pattern`` (an RE2 pattern) replaced by ``rewrite`` (``\\1`` names
    a group); only the first match when ``replace_global`` is False."""
    static = isinstance(pattern, (str, bytes)) and isinstance(rewrite, (str, bytes))     # TF's static kernel
    kernel = 'StaticRegexReplace' if static else 'RegexReplace'
    values = _strings(input, 'regex_replace', kernel)
    as_bytes = [_scalar_string(p, 'RegexReplace', 'regex_replace', what)
                for p, what in ((pattern, 'pattern'), (rewrite, 'rewrite'))]
    # TF 2.21's RegexReplace (tensor pattern) errors end at '[Op:RegexReplace]': its wrapper falls off the fast path
    compiled = _compiled(as_bytes[0], kernel, 'regex_replace', static and _fast(input))
    return _map(lambda s: re2_rewrite.substitute(compiled, as_bytes[1], s, replace_global), values)


def _fast(*inputs):
    """Whether TF's eager fast path runs the string kernel (tensors and arrays; not a Python str or list),
    so that its errors end in ' name: '."""
    return all(isinstance(x, (Tensor, np.ndarray)) for x in inputs)


def _make_int(value, what, default):
    """An int attribute as TF's op wrapper reads it (_execute.make_int): None is the default, numbers are
    truncated (precision=2.7 is 2, True is 1), and anything else is its TypeError."""
    if value is None:
        return default
    if isinstance(value, (str, bytes)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError("Expected int for argument '%s' not %r." % (what, value))
    return int(value)


def _string_attribute(value, argument):
    """TF's op wrapper's check of a string attribute (make_str): a value of another type is its TypeError."""
    if not isinstance(value, (str, bytes)):
        raise TypeError("Expected string for argument '%s' not %r." % (argument, value))


def _int_attribute(value, what):
    """A string op's int attribute, refused as TF's op wrapper refuses another type."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError("Expected int for argument '%s' not %r." % (what, value))
    return value


from .strings_unicode import (bytes_split, unicode_decode, unicode_decode_with_offsets, unicode_encode,  # noqa: E402,F401,E501
                              unicode_split, unicode_split_with_offsets, unicode_transcode,
                              unsorted_segment_join)  # (builds on pieces)


from .strings_more import format, ngrams, to_hash_bucket  # noqa: E402,F401,A004
from .strings_script import unicode_script  # noqa: E402,F401
from .strings_numbers import as_string, to_number  # noqa: E402,F401
from .strings_substr import substr  # noqa: E402,F401
from .strings_reduce_join import reduce_join  # noqa: E402,F401
from .strings_hash_buckets import to_hash_bucket_fast, to_hash_bucket_strong  # noqa: E402,F401
