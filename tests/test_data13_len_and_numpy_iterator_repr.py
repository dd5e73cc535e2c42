"""Dataset.__len__ returns the cardinality tensor and as_numpy_iterator() prints the OwnedIterator it wraps under
TF's module, as TF 2.21 (printed by TF 2.21: /work/notes/progs/data13/p8.py, c17 and n7)."""
import re

import pytest

import framework as tf


def test_dunder_len_is_the_int64_cardinality_tensor():
    ds = tf.data.Dataset.range(5)
    length = ds.__len__()       # TF 2.21: tf.Tensor(5, shape=(), dtype=int64)
    assert isinstance(length, tf.Tensor) and length.dtype == tf.int64 and int(length) == 5
    assert len(ds.batch(2)) == 3 and type(len(ds)) is int
    with pytest.raises(TypeError, match='^The dataset is infinite.'):
        len(ds.repeat())
    with pytest.raises(TypeError, match='^The dataset length is unknown.'):
        len(ds.filter(lambda x: True))


def test_numpy_iterator_names_tensorflows_owned_iterator():
    text = repr(tf.data.Dataset.range(3).as_numpy_iterator())
    assert re.fullmatch(r'NumpyIterator\(iterator=<tensorflow\.python\.data\.ops\.iterator_ops\.OwnedIterator '
                        r'object at 0x[0-9a-f]+>\)', text), text
