"""``tf.strings`` ops on Unicode text: splitting strings into bytes or characters (with their byte
offsets), encoding code points, transcoding between encodings.

The splitting ops take a string tensor and give, as ``tf.strings.split`` does, a 1-D tensor for a
scalar and a RaggedTensor (one ragged dimension more) for a batch. Malformed input follows
TensorFlow's ``errors``: 'replace' gives ``replacement_char`` per maximal ill-formed subsequence
(the Unicode practice both ICU and Python's codecs follow), 'ignore' drops it, 'strict' raises.
"""
import codecs
import threading

import numpy as np

from . import backend
from .errors import InvalidArgumentError, kernel_error, without_name_tail
from .composite import CompositeTensor
from .strings import _composite_on_flat_values, _fast, _on_flat_values, _strings, pieces
from .unicode_attributes import ERRORS as _ERRORS, SIGNATURES as _SIGNATURES, \
    check_attributes as _check_attributes, string_attr as _string_attr
from .tensor import Tensor, convert_to_tensor
from .tf_python_names import tf_named

# TensorFlow's encoding names and Python's codecs for them: the only names an output encoding may have
# (the UnicodeEncode / UnicodeTranscode attr's allowed values, case and all).
_CODECS = {'UTF-8': 'utf-8', 'UTF-16-BE': 'utf-16-be', 'UTF-32-BE': 'utf-32-be'}
# An input encoding is opened as an ICU converter, whose names ignore case, '-' and '_' and have
# aliases: Hands-On ML decodes with 'UTF8'. UTF-16 / UTF-32 without a byte order mark are big-endian.
_INPUT_CODECS = {'UTF8': 'utf-8', 'UTF16BE': 'utf-16-be', 'UTF16LE': 'utf-16-le', 'UTF16': 'utf-16',
                 'UTF32BE': 'utf-32-be', 'UTF32LE': 'utf-32-le', 'UTF32': 'utf-32', 'LATIN1': 'latin-1',
                 'ISO88591': 'latin-1', 'ASCII': 'ascii', 'USASCII': 'ascii'}
_BOMS = {'utf-16': (codecs.BOM_UTF16_BE, codecs.BOM_UTF16_LE), 'utf-32': (codecs.BOM_UTF32_BE, codecs.BOM_UTF32_LE)}
_DECODERS = {'unicode_decode': 'UnicodeDecode', 'unicode_split': 'UnicodeDecode',
             'unicode_decode_with_offsets': 'UnicodeDecodeWithOffsets',
             'unicode_split_with_offsets': 'UnicodeDecodeWithOffsets', 'unicode_transcode': 'UnicodeTranscode'}


@tf_named('string_bytes_split')
@_on_flat_values
def bytes_split(input, name=None):  # noqa: A002  (TensorFlow's name)
    """The bytes of each string, one string per byte."""
    values = _strings(input, 'bytes_split')
    return pieces(values, [[bytes([b]) for b in text] for text in values.reshape(-1)])


@_composite_on_flat_values      # a RaggedTensor of strings gains a ragged axis of code points, as TF's dispatch
def unicode_decode(input, input_encoding, errors='replace', replacement_char=65533,  # noqa: A002
                   replace_control_characters=False, name=None):
    """The code points (int32) of each string's characters."""
    input_encoding = _input_encoding(input, input_encoding)
    errors, replacement_char = _check_attributes('UnicodeDecode', errors, replacement_char)
    values = _strings(input, 'unicode_decode')
    rows = [[ord(c) for c in _characters(text, input_encoding, errors, replacement_char,
                                         replace_control_characters, 'unicode_decode')]
            for text in values.reshape(-1)]
    return pieces(values, rows, np.int32)


@_composite_on_flat_values
def unicode_split(input, input_encoding, errors='replace', replacement_char=65533, name=None):  # noqa: A002
    """Each string's characters, each encoded alone in ``input_encoding``."""
    input_encoding = _input_encoding(input, input_encoding)
    errors, replacement_char = _check_attributes('UnicodeDecode', errors, replacement_char)
    values = _strings(input, 'unicode_split')
    _codec(input_encoding, 'unicode_split')
    codec = _output_codec(input_encoding, 'UnicodeEncode')       # TF encodes the pieces with UnicodeEncode
    rows = [[c.encode(codec) for c in _characters(text, input_encoding, errors, replacement_char, False,
                                                  'unicode_split')]
            for text in values.reshape(-1)]
    return pieces(values, rows)


def _input_encoding(input, input_encoding):  # noqa: A002
    """input_encoding as the decoders' op wrapper reads it (a string attr), after TF's Python has converted
    the input (unicode_decode(None, None) is the conversion's ValueError)."""
    if not isinstance(input_encoding, (str, bytes)) and not isinstance(input, CompositeTensor):
        convert_to_tensor(input)
    return _string_attr(input_encoding, 'input_encoding')


def _pair_on_flat_values(op):
    """``op`` (giving two results per string) also taking a RaggedTensor: both results keep its rows."""
    def run(input, *args, **kwargs):  # noqa: A002
        if isinstance(input, CompositeTensor) and hasattr(input, 'with_flat_values'):
            return tuple(input.with_flat_values(part) for part in op(input.flat_values, *args, **kwargs))
        return op(input, *args, **kwargs)
    run.__name__, run.__doc__ = op.__name__, op.__doc__
    return run


@_pair_on_flat_values
def unicode_decode_with_offsets(input, input_encoding, errors='replace', replacement_char=65533,  # noqa: A002
                                replace_control_characters=False, name=None):
    """(code points int32, their starting byte offsets int64) of each string's characters."""
    input_encoding = _input_encoding(input, input_encoding)
    errors, replacement_char = _check_attributes('UnicodeDecodeWithOffsets', errors, replacement_char)
    values = _strings(input, 'unicode_decode_with_offsets')
    rows = [_characters_at(text, input_encoding, errors, replacement_char, replace_control_characters,
                           'unicode_decode_with_offsets', 'UnicodeDecodeWithOffsets') for text in values.reshape(-1)]
    return (pieces(values, [[ord(c) for c, _ in row] for row in rows], np.int32),
            pieces(values, [[at for _, at in row] for row in rows], np.int64))


@_pair_on_flat_values
def unicode_split_with_offsets(input, input_encoding, errors='replace', replacement_char=65533,  # noqa: A002
                               name=None):
    """(characters, each encoded alone in ``input_encoding``; their starting byte offsets int64)."""
    input_encoding = _input_encoding(input, input_encoding)
    errors, replacement_char = _check_attributes('UnicodeDecodeWithOffsets', errors, replacement_char)
    values = _strings(input, 'unicode_split_with_offsets')
    _codec(input_encoding, 'unicode_split_with_offsets')
    codec = _output_codec(input_encoding, 'UnicodeEncode')
    rows = [_characters_at(text, input_encoding, errors, replacement_char, False, 'unicode_split_with_offsets',
                           'UnicodeDecodeWithOffsets') for text in values.reshape(-1)]
    return (pieces(values, [[c.encode(codec) for c, _ in row] for row in rows]),
            pieces(values, [[at for _, at in row] for row in rows], np.int64))


def unicode_encode(input, output_encoding, errors='replace', replacement_char=65533, name=None):  # noqa: A002
    """Each row of code points (the last axis, ragged or dense) as one string in ``output_encoding``;
    code points past U+10FFFF, negative or surrogates follow ``errors``."""
    op = 'unicode_encode'
    ragged = hasattr(input, 'flat_values') and hasattr(input, 'row_lengths')
    if not ragged:      # TF's Python converts the input and checks its rank before the op reads its attrs
        t = convert_to_tensor(input)
        if t.ndim == 0:
            error = ValueError("input_tensor's rank must be at least 1.")
            error.add_note('%s: code points must have at least one axis (one string per row of the last axis), '
                           'got a scalar %s; wrap it in a list' % (op, t.dtype.name))
            raise error
    codec = _output_codec(_string_attr(output_encoding, 'output_encoding'), 'UnicodeEncode')
    errors, replacement_char = _check_attributes('UnicodeEncode', errors, replacement_char)
    if ragged:
        inner = unicode_encode(input.values, output_encoding, errors, replacement_char) \
            if hasattr(input.values, 'row_lengths') else None
        if inner is not None:
            return input.with_values(inner)
        points = np.asarray(backend.to_host(_refuse_other_than_int32(convert_to_tensor(input.values), True)._data))
        bounds = np.asarray(backend.to_host(convert_to_tensor(input.row_splits)._data))
        rows = [points[bounds[i]:bounds[i + 1]] for i in range(len(bounds) - 1)]
        return Tensor(np.asarray([_encode(r, codec, errors, replacement_char) for r in rows] + [b''], object)[:-1])
    _refuse_other_than_int32(t, True)     # TF names the op for lists too: "[Op:UnicodeEncode] name: "
    points = np.asarray(backend.to_host(t._data))
    flat = points.reshape(-1, points.shape[-1])
    out = np.empty(len(flat), object)
    out[:] = [_encode(r, codec, errors, replacement_char) for r in flat]
    return Tensor(out.reshape(points.shape[:-1]))


def _refuse_other_than_int32(points, named):
    """``points``, or UnicodeEncode's dtype error: its input_values are int32 only (int64 code points were read)."""
    if points._data.dtype != np.int32:
        from .ops.graph_input_errors import eager_input_error
        error = eager_input_error('UnicodeEncode', 0, 'int32', points.dtype, named=named)
        error.add_note('unicode_encode: code points must be int32, got %s; cast them first' % points.dtype.name)
        raise error
    return points


@_on_flat_values
def unicode_transcode(input, input_encoding, output_encoding, errors='replace', replacement_char=65533,  # noqa: A002
                      replace_control_characters=False, name=None):
    """Each string decoded from ``input_encoding`` and encoded in ``output_encoding`` (same shape)."""
    named = _fast(input)    # TF hands the input to the op as given: a Python str, bytes or list takes the slow path
    # the op wrapper reads its string attrs before it converts the input
    input_encoding = _string_attr(input_encoding, 'input_encoding')
    output_encoding = _string_attr(output_encoding, 'output_encoding')
    errors, replacement_char = _check_attributes('UnicodeTranscode', errors, replacement_char, named)
    op = 'unicode_transcode'
    codec = _output_codec(output_encoding, 'UnicodeTranscode', named)  # the attr's allowed values, before the input
    values = _strings(input, op)
    _codec(input_encoding, op, named)
    out = np.empty(values.shape, object)
    flat = out.reshape(-1)
    try:
        for i, text in enumerate(values.reshape(-1)):
            flat[i] = ''.join(c for c, _ in _characters_at(text, input_encoding, errors, replacement_char,
                                                            replace_control_characters, op, 'UnicodeTranscode')
                              ).encode(codec, 'surrogatepass')
    except InvalidArgumentError as error:
        if named:
            raise
        raise without_name_tail(error) from None
    return Tensor(out)


def unsorted_segment_join(inputs, segment_ids, num_segments, separator='', name=None):
    """The strings of ``inputs`` sharing a segment id joined with ``separator``, in input order:
    shape (num_segments,) + inputs.shape[segment_ids.ndim:]; empty segments give b''."""
    op = 'unsorted_segment_join'
    values = _strings(inputs, op)
    ids = np.asarray(backend.to_host(convert_to_tensor(segment_ids)._data))
    if ids.dtype.kind not in 'iu' or values.shape[:ids.ndim] != ids.shape:
        raise ValueError('%s: segment_ids must be integers shaped as the leading axes of inputs %s, got %s'
                         % (op, values.shape, ids.shape))
    count = int(num_segments)
    if ids.size and (ids.min() < 0 or ids.max() >= count):
        raise kernel_error('UnsortedSegmentJoin', 'segment_ids are not allowed to exceed num_segments or to have '
                           'negative values.', note='%s: segment_ids must lie in [0, %d)' % (op, count))
    sep = separator.encode() if isinstance(separator, str) else bytes(separator)
    rest = values.shape[ids.ndim:]
    parts = values.reshape((ids.size,) + rest)
    out = np.empty((count,) + rest, object)
    for index in np.ndindex(*((count,) + rest)):
        chosen = [parts[(k,) + index[1:]] for k in np.flatnonzero(ids.reshape(-1) == index[0])]
        out[index] = sep.join(chosen)
    return Tensor(out)


def _encode(points, codec, errors, replacement_char):
    chars = []
    for p in np.asarray(points).tolist():
        if 0 <= p <= 0x10FFFF and not 0xD800 <= p <= 0xDFFF:
            chars.append(chr(p))
        elif errors == 'replace':
            chars.append(chr(replacement_char))
        elif errors == 'strict':
            raise kernel_error('UnicodeEncode', 'Code point is out of range for Unicode, or is a surrogate.',
                               named=True, note='unicode_encode: code point %d is not a Unicode scalar value' % p)
    return ''.join(chars).encode(codec)


def _characters_at(text, encoding, errors, replacement_char, replace_control_characters, op, kernel):
    """[(character, its starting byte offset)] of ``text``; malformed bytes follow ``errors``."""
    codec = _codec(encoding, op)
    if errors not in _ERRORS:
        raise ValueError('%s: errors must be one of %s, got %r' % (op, _ERRORS, errors))
    spans = {}
    _DECODING.context = (spans, errors, kernel, op, encoding, text)
    try:
        chars = text.decode(_text_codec(codec, text), 'tapeflow-offsets')
    finally:
        _DECODING.context = None
    out, at = [], 0
    for c in chars:
        while at in spans and errors == 'ignore':
            at = spans.pop(at)
        if at in spans and c == '\ufffd':
            out.append((chr(replacement_char), at))
            at = spans.pop(at)
            continue
        if replace_control_characters and ord(c) < 32:
            out.append((chr(replacement_char), at))
        else:
            out.append((c, at))
        at += len(c.encode(codec, 'surrogatepass'))
    return out


def _note_bad_bytes(err):
    """The decoder hands over each maximal ill-formed subsequence: note where it lies, then replace,
    drop or refuse it as the current call's ``errors`` says."""
    spans, errors, kernel, op, encoding, text = _DECODING.context
    spans[err.start] = err.end
    if errors == 'strict':
        raise kernel_error(kernel, 'Invalid formatting on input string', named=True,
                           note='%s: invalid %s text %r; pass errors="replace" or "ignore"' % (op, encoding, text))
    return ('\ufffd' if errors == 'replace' else '', err.end)


_DECODING = threading.local()           # the decoding call _note_bad_bytes serves (one per thread)
codecs.register_error('tapeflow-offsets', _note_bad_bytes)


def _codec(encoding, op, named=True):
    """Python's codec for an input encoding, or the decoding kernel's InvalidArgumentError (``named``: its
    ' name: ' tail, which the slow path of TF's op wrapper, a Python str / bytes / list input, lacks)."""
    key = str(encoding).upper().replace('-', '').replace('_', '').replace(' ', '')
    codec = _INPUT_CODECS.get(key)
    if codec is None:
        raise kernel_error(_DECODERS[op], 'Could not create converter for input encoding: %s' % encoding, named=named,
                           note='%s: input encodings tapeflow decodes: %s (any case, with or without - or _)'
                                % (op, ', '.join(sorted(_INPUT_CODECS))))
    return codec


def _output_codec(encoding, kernel, named=True):
    """Python's codec for an output encoding, or TensorFlow's attr-check InvalidArgumentError (``named``: as
    in _codec)."""
    codec = _CODECS.get(encoding) if isinstance(encoding, str) else None
    if codec is None:
        raise InvalidArgumentError('Value for attr \'output_encoding\' of "%s" is not in the list of allowed values: '
                                   '"UTF-8", "UTF-16-BE", "UTF-32-BE"\n\t; NodeDef: {{node %s}}; Op<name=%s; %s> '
                                   '[Op:%s]%s' % (encoding, kernel, kernel, _SIGNATURES[kernel], kernel,
                                                  ' name: ' if named else ''))
    return codec


def _text_codec(codec, text):
    """UTF-16 / UTF-32 read as ICU reads them: a byte order mark picks the order (and is dropped),
    big-endian without one."""
    boms = _BOMS.get(codec)
    if boms is None:
        return codec
    return codec if text.startswith(boms) else codec + '-be'


def _characters(text, encoding, errors, replacement_char, replace_control_characters, op):
    codec = _codec(encoding, op)
    if errors not in _ERRORS:
        raise ValueError('%s: errors must be one of %s, got %r' % (op, _ERRORS, errors))
    try:
        chars = text.decode(_text_codec(codec, text), errors)
    except UnicodeDecodeError as err:
        raise kernel_error(_DECODERS[op], 'Invalid formatting on input string', named=True,
                           note='%s: invalid %s text %r (%s); pass errors="replace" or "ignore"'
                                % (op, encoding, text, err.reason)) from None
    if errors == 'replace' and replacement_char != 0xFFFD:
        chars = chars.replace('\ufffd', chr(replacement_char))
    if replace_control_characters:
        chars = ''.join(chr(replacement_char) if ord(c) < 32 else c for c in chars)
    return chars
