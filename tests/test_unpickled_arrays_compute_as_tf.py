"""Arrays that went through pickle compute as numpy's own arrays do.

An unpickled array (np.load(allow_pickle=True), joblib, multiprocessing) carries a dtype equal to numpy's
but another object, which numpy hands on to every result; tapeflow's kernels test dtypes by identity to
pick TensorFlow's summation orders, so a float64 tf.matmul of unpickled operands took numpy's BLAS order
(506 of 648 values differed in gradfuzz21's t10.py). Conversion now gives such arrays numpy's own dtype.
"""
import pickle

import numpy as np

import framework as tf


def _unpickled(array):
    return pickle.loads(pickle.dumps(array))


def test_converted_arrays_carry_numpys_own_dtype():
    for dtype in ('float32', 'float64', 'int32', 'int64', 'bool', 'complex64'):
        array = _unpickled(np.ones((2, 3), dtype))
        assert array.dtype is not np.dtype(dtype)          # (what pickle gives)
        assert tf.constant(array)._data.dtype is np.dtype(dtype)
        assert tf.convert_to_tensor(array)._data.dtype is np.dtype(dtype)


def test_float64_matmul_of_unpickled_operands_equals_the_plain_ones():
    rng = np.random.RandomState(0)
    a, b = rng.randn(8, 30), rng.randn(30, 9)
    plain = tf.matmul(a, b).numpy()
    again = tf.matmul(_unpickled(a), _unpickled(b)).numpy()
    assert plain.tobytes() == again.tobytes()
