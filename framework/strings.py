"""``tf.strings``: the common string ops on string tensors (numpy object arrays of UTF-8 bytes).

String tensors live on the host and have no gradients, so these ops work on
numpy arrays directly. Element-wise ops keep the input's shape. The ops themselves live in
strings_*.py modules (join, split, length / upper / lower / strip, ...), re-exported here.
"""
import builtins
import functools
import re
import sys

import numpy as np

from . import re2_pattern, re2_rewrite
from .composite import CompositeTensor
from .errors import OpError, kernel_error
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
from .strings_join import join  # noqa: E402,F401
from .strings_elementwise import length, lower, strip, upper  # noqa: E402,F401
from .strings_split import split  # noqa: E402,F401
