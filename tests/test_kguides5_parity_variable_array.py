"""np.array(variable) behaves as under TF 2.21: the variable's __array__ takes no ``copy``.

TF's and Keras 3's variables define __array__(self, dtype=None). numpy 2 passes ``copy`` in
np.array(v), gets a TypeError, warns 'DeprecationWarning: __array__ implementation doesn't accept a
copy keyword, so passing copy=False failed. ...' and asks again without it; np.array(v, copy=False)
is then numpy's ValueError. The callbacks guide's learning-rate scheduler prints
float(np.array(scheduled_lr)), so its stderr shows that warning under TF. Tensors accept ``copy``
(no warning), and np.asarray(v) passes no ``copy``. Checked with /work/notes/progs/kguides5/d15.py.
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras


def deprecations(convert):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        value = convert()
    return value, [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)]


@pytest.mark.parametrize('make', [lambda: keras.Variable(1.5), lambda: tf.Variable(1.5)])
def test_np_array_of_a_variable_warns_as_numpy_does_for_tf(make):
    value, messages = deprecations(lambda: np.array(make()))
    assert value == 1.5 and value.dtype == np.float32
    assert len(messages) == 1 and messages[0].startswith(
        "__array__ implementation doesn't accept a copy keyword, so passing copy=False failed.")
    value, messages = deprecations(lambda: np.array(make(), dtype='float64'))
    assert value.dtype == np.float64 and len(messages) == 1
    with pytest.raises(ValueError, match='Unable to avoid copy while creating an array as requested'):
        np.array(make(), copy=False)


def test_asarray_and_tensors_do_not_warn():
    assert deprecations(lambda: np.asarray(keras.Variable(2.0)))[1] == []
    assert deprecations(lambda: np.array(tf.constant(2.0)))[1] == []
    assert deprecations(lambda: float(keras.Variable(2.0)))[1] == []
