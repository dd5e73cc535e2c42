"""keras.ops.convert_to_tensor / array / full / full_like of Python floats in float64 (or complex128) keep the
double value, as Keras 3 hands them to TF's convert_to_tensor(x, dtype); numpy float32 arrays are widened.

Values printed by TF 2.21 for /work/notes/progs/seedvariants7/cv10_tf.py.
"""
import numpy as np
import pytest

from framework import keras

ops = keras.ops


@pytest.mark.parametrize('make, expected', [
    (lambda: ops.convert_to_tensor(0.1, 'float64'), 0.1),
    (lambda: ops.convert_to_tensor([0.1, 0.2], 'float64'), [0.1, 0.2]),
    (lambda: ops.convert_to_tensor([[0.1], [1]], 'float64'), [[0.1], [1.0]]),
    (lambda: ops.convert_to_tensor((0.1, 0.7), 'float64'), [0.1, 0.7]),
    (lambda: ops.convert_to_tensor(16777217, 'float64'), 16777217.0),
    (lambda: ops.convert_to_tensor(0.1, 'complex128'), 0.1 + 0j),
    (lambda: ops.array([0.1, 0.3], dtype='float64'), [0.1, 0.3]),
    (lambda: ops.full((1,), 0.1, dtype='float64'), [0.1]),
    (lambda: ops.full_like(np.zeros(1), 0.1), [0.1]),
    (lambda: ops.convert_to_tensor(np.array([0.1], 'float32'), 'float64'), [0.10000000149011612]),
    (lambda: ops.convert_to_tensor(1.7, 'int32'), 1),
])
def test_python_numbers_convert_straight_to_the_dtype(make, expected):
    assert np.asarray(make()).tolist() == expected      # TF 2.21's values (cv10_tf.py)


def test_floatx_float64_full_keeps_the_double(request):
    request.addfinalizer(lambda: keras.backend.set_floatx('float32'))
    keras.backend.set_floatx('float64')
    assert ops.full((2,), 0.1).numpy().tolist() == [0.1, 0.1]      # TF 2.21: [0.1, 0.1]
