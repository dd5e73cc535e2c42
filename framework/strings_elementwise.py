"""``tf.strings.length``, ``upper``, ``lower`` and ``strip``: each string of a tensor (or of a RaggedTensor's
flat values) measured or changed, as TensorFlow's StringLength, StringUpper, StringLower and StringStrip.

Their own module (tf.strings re-exports them) so that they carry TF 2.21's Python names, string_length_v2, string_upper, string_lower and
string_strip, in
Python's argument errors, repr and pickle: tf_named binds those here, which tf.strings lacks.
"""
import builtins

import numpy as np

from .errors import InvalidArgumentError, kernel_error
from .strings import _fast, _map, _on_flat_values, _string_attribute, _strings
from .tf_python_names import tf_named


@tf_named('string_length_v2')
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


@tf_named('string_upper')
@_on_flat_values
def upper(input, encoding='', name=None):  # noqa: A002
    """Each string upper-cased: its ASCII letters (other bytes unchanged, as in TensorFlow), or with
    ``encoding='utf-8'`` every letter, by Unicode's full case mapping ('straße' -> 'STRASSE')."""
    return _map(_case_mapping(str.upper, encoding, 'upper', input), _strings(input, 'upper'))


@tf_named('string_lower')
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


@tf_named('string_strip')
@_on_flat_values
def strip(input, name=None):  # noqa: A002
    """Each string without leading and trailing whitespace."""
    return _map(bytes.strip, _strings(input, 'strip'))
