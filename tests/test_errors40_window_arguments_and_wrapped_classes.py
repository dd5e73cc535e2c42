"""Layer constructor arguments Keras 3 refuses (probe: /work/notes/progs/errors40/ctor4.py; texts printed
by TF 2.21 running it).

- Window arguments (kernel_size, strides, dilation_rate, pool_size, size): Keras's standardize_tuple repeats
  only a Python int; a numpy integer or a scalar tensor fails its tuple(), and the f-string shows a tensor
  by its value: Conv2D(2, np.int64(3)) / Conv2D(2, tf.constant(3)) 'The `kernel_size` argument must be a
  tuple of 2 integers. Received kernel_size=3' (tapeflow took the numpy integer, printed the tensor as
  'tf.Tensor(3, shape=(), dtype=int32)').
- TimeDistributed / Bidirectional given a layer class: "Received: <class 'keras.src.layers.core.dense.Dense'>"
  (tapeflow printed "<class 'layers.dense.Dense'>")."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers


@pytest.mark.parametrize('value', [np.int64(3), np.int32(3), 'tensor'])
@pytest.mark.parametrize('make, name, n', [
    (lambda v: L.Conv2D(2, v), 'kernel_size', 2),
    (lambda v: L.Conv1D(2, 3, strides=v), 'strides', 1),
    (lambda v: L.Conv3D(2, 3, dilation_rate=v), 'dilation_rate', 3),
])
def test_only_a_python_int_is_repeated(value, make, name, n):
    value = tf.constant(3) if value == 'tensor' else value
    with pytest.raises(ValueError) as info:
        make(value)
    assert str(info.value) == 'The `%s` argument must be a tuple of %d integers. Received %s=3' % (name, n, name)


def test_ints_and_tuples_of_numpy_ints_still_pass():
    assert L.Conv2D(2, 3).kernel_size == (3, 3)
    assert L.Conv2D(2, (np.int64(3), np.int64(2))).kernel_size == (3, 2)      # (Keras: int() of each entry)
    assert L.Conv2D(2, 3, strides=(1, 2)).strides == (1, 2)


@pytest.mark.parametrize('wrapper, cls, path', [
    (L.TimeDistributed, L.Dense, 'keras.src.layers.core.dense.Dense'),
    (L.Bidirectional, L.LSTM, 'keras.src.layers.rnn.lstm.LSTM'),
])
def test_a_wrapper_given_a_class_prints_kerass_path(wrapper, cls, path):
    with pytest.raises(ValueError) as info:
        wrapper(cls)
    assert str(info.value) == ('Please initialize `%s` layer with a `keras.layers.Layer` instance. Received: '
                               "<class '%s'>" % (wrapper.__name__, path))
