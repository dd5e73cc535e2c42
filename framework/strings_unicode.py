"""``tf.strings`` ops that split strings into bytes or Unicode characters.

Each takes a string tensor and gives, as ``tf.strings.split`` does, a 1-D tensor
for a scalar and a RaggedTensor (one ragged dimension more) for a batch.
"""
import numpy as np

from .errors import InvalidArgumentError
from .strings import _strings, pieces

# TensorFlow's encoding names and Python's codecs for them.
_CODECS = {'UTF-8': 'utf-8', 'UTF-16-BE': 'utf-16-be', 'UTF-32-BE': 'utf-32-be'}
_ERRORS = ('strict', 'replace', 'ignore')


def bytes_split(input, name=None):  # noqa: A002  (TensorFlow's name)
    """The bytes of each string, one string per byte."""
    values = _strings(input, 'bytes_split')
    return pieces(values, [[bytes([b]) for b in text] for text in values.reshape(-1)])


def unicode_decode(input, input_encoding, errors='replace', replacement_char=65533,  # noqa: A002
                   replace_control_characters=False, name=None):
    """The code points (int32) of each string's characters."""
    values = _strings(input, 'unicode_decode')
    rows = [[ord(c) for c in _characters(text, input_encoding, errors, replacement_char,
                                         replace_control_characters, 'unicode_decode')]
            for text in values.reshape(-1)]
    return pieces(values, rows, np.int32)


def unicode_split(input, input_encoding, errors='replace', replacement_char=65533, name=None):  # noqa: A002
    """Each string's characters, each encoded alone in ``input_encoding``."""
    values = _strings(input, 'unicode_split')
    codec = _codec(input_encoding, 'unicode_split')
    rows = [[c.encode(codec) for c in _characters(text, input_encoding, errors, replacement_char, False,
                                                  'unicode_split')]
            for text in values.reshape(-1)]
    return pieces(values, rows)


def _codec(encoding, op):
    codec = _CODECS.get(str(encoding).upper())
    if codec is None:
        raise ValueError('%s: input_encoding must be one of %s, got %r' % (op, sorted(_CODECS), encoding))
    return codec


def _characters(text, encoding, errors, replacement_char, replace_control_characters, op):
    codec = _codec(encoding, op)
    if errors not in _ERRORS:
        raise ValueError('%s: errors must be one of %s, got %r' % (op, _ERRORS, errors))
    try:
        chars = text.decode(codec, errors)
    except UnicodeDecodeError as err:
        raise InvalidArgumentError('%s: invalid %s text %r (%s); pass errors="replace" or "ignore"'
                                   % (op, encoding, text, err.reason)) from None
    if errors == 'replace' and replacement_char != 0xFFFD:
        chars = chars.replace('\ufffd', chr(replacement_char))
    if replace_control_characters:
        chars = ''.join(chr(replacement_char) if ord(c) < 32 else c for c in chars)
    return chars
