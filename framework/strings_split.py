"""``tf.strings.split``: the pieces of each string between a separator (runs of whitespace by default), as
TensorFlow's StringSplitV2: a 1-D tensor for a scalar, a RaggedTensor for a batch.

Their own module (tf.strings re-exports it) so that it carries TF 2.21's Python name, string_split_v2, in
Python's argument errors, repr and pickle: tf_named binds that name here, which tf.strings lacks.
"""
import builtins

from .strings import _make_int, _scalar_string, _strings, pieces
from .tf_python_names import tf_named


@tf_named('string_split_v2')
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
