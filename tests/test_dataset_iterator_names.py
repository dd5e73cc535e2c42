"""Iterators print TF 2.21's names: iter(ds) is an OwnedIterator, as_numpy_iterator() a NumpyIterator that
prints the iterator it wraps and has TF's next() method (from /work/notes/progs/tfdata2/p02, p17, p22)."""
import re

import framework as tf


def test_owned_iterator_name():
    it = iter(tf.data.Dataset.range(2))
    assert type(it).__name__ == 'OwnedIterator'
    assert re.fullmatch(r'<[\w.]+\.OwnedIterator object at 0x[0-9a-f]+>', repr(it))


def test_numpy_iterator_repr_and_next_method():
    it = tf.data.Dataset.range(5, 0, -2).as_numpy_iterator()
    assert re.fullmatch(r'NumpyIterator\(iterator=<[\w.]+\.OwnedIterator object at 0x[0-9a-f]+>\)', repr(it))
    assert repr(it.next()) == 'np.int64(5)'
    assert list(it) == [3, 1]
