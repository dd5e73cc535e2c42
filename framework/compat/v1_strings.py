"""TensorFlow 1's string splitting: ``tf.compat.v1.string_split`` (each character of ``delimiter``
splits, empty pieces dropped unless ``skip_empty=False``) and ``tf.compat.v1.strings.split``
(TF 2's splitting); both give a SparseTensor unless ``result_type='RaggedTensor'``."""
import re
import types

import numpy as np

import framework
from ..errors import InvalidArgumentError
from ..tensor import Tensor, convert_to_tensor


def _result(ragged, result_type):
    if result_type == 'SparseTensor':
        return ragged.to_sparse()
    if result_type == 'RaggedTensor':
        return ragged
    raise ValueError("result_type must be 'RaggedTensor' or 'SparseTensor'.")


def string_split(source, sep=None, skip_empty=True, delimiter=None, result_type='SparseTensor', name=None):
    """Each string of a vector cut at every character of ``delimiter`` (``sep``; default ' ';
    '' cuts between characters)."""
    if sep is not None and delimiter is not None and sep != delimiter:
        raise ValueError('Cannot specify both `sep` and `delimiter`')
    chars = ' ' if sep is None and delimiter is None else sep if sep is not None else delimiter
    chars = chars.decode() if isinstance(chars, bytes) else str(chars)
    strings = np.asarray(convert_to_tensor(source).numpy(), dtype=object)
    if strings.ndim != 1:
        raise InvalidArgumentError('input must be a vector, got shape: %s' % list(strings.shape))
    rows = []
    for text in strings:
        text = text if isinstance(text, bytes) else str(text).encode()
        if chars:
            pieces = re.split(b'[' + re.escape(chars.encode()) + b']', text) if text else []
        else:
            pieces = [text[i:i + 1] for i in range(len(text))]
        rows.append([p for p in pieces if p or not skip_empty])
    values = np.empty(sum(len(r) for r in rows), dtype=object)
    values[:] = [p for r in rows for p in r]
    ragged = framework.RaggedTensor.from_row_lengths(Tensor(values), np.asarray([len(r) for r in rows], np.int64))
    return _result(ragged, result_type)


def strings_split(input=None, sep=None, maxsplit=-1, result_type='SparseTensor', source=None, name=None):  # noqa: A002
    """TF 2's tf.strings.split (runs of whitespace by default), a scalar taken as a vector of one."""
    value = source if input is None else input
    if value is None:
        raise ValueError('strings.split: give `input` (or its old name `source`)')
    ragged = framework.strings.split(value, sep=sep, maxsplit=maxsplit)
    if not isinstance(ragged, framework.RaggedTensor):       # a scalar string: one row
        ragged = framework.RaggedTensor.from_row_lengths(ragged, np.asarray([ragged.shape[0]], np.int64))
    return _result(ragged, result_type)


strings = types.ModuleType('framework.compat.v1.strings', framework.strings.__doc__)
strings.split = strings_split
strings.__getattr__ = lambda attribute: getattr(framework.strings, attribute)
strings.__dir__ = lambda: sorted(set(dir(framework.strings)) | {'split'})
