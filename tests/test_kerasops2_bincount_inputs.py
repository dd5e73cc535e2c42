"""keras.ops.bincount's inputs as Keras 3's TF backend takes them (TF 2.21, /work/notes/progs/kerasops2/pad.py):
x of any dtype but int32 / int64 is tf.cast to int32 (floats truncate), negative ids are DenseBincount's errors.
    keras.ops.bincount(np.array([0.7, 1.5, 2.]))        -> int32 [1, 1, 1]
    keras.ops.bincount(np.array([0, -1]))               -> InvalidArgumentError '... Input arr must be non-negative! ...'
"""
import re

import numpy as np
import pytest

from framework.errors import InvalidArgumentError
from framework.keras import ops

CPU = '{{function_node __wrapped__DenseBincount_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('x, kwargs, dtype, counts', [
    (np.array([0.7, 1.5, 2.]), {}, 'int32', [1, 1, 1]),
    (np.array([0.7, 1.5, 2.], 'float32'), {'minlength': 4}, 'int32', [1, 1, 1, 0]),
    (np.array([True, False]), {}, 'int32', [1, 1]),
    (np.array([0.7, 1.5]), {'weights': np.array([1., 2.])}, 'float64', [1.0, 2.0]),    # result_type(x, weights)
])
def test_non_int_ids_are_cast_to_int32(x, kwargs, dtype, counts):
    out = ops.bincount(x, **kwargs)
    assert out.dtype.name == dtype and np.asarray(out).tolist() == counts


@pytest.mark.parametrize('x, weights, text', [
    (np.array([0, -1]), None, 'Input arr must be non-negative!'),
    (np.array([0, -1]), np.array([1., 2.]), 'Input arr must be non-negative!'),
    (np.array([[0, -1]]), None, "Input 'in' must be non-negative! Negative input value found: -1"),
    (np.array([[0, -1, -3], [0, -5, 1]]), None, "Input 'in' must be non-negative! Negative input value found: -5"),
])
def test_negative_ids_raise_dense_bincount_errors(x, weights, text):
    with pytest.raises(InvalidArgumentError, match='^' + re.escape(CPU + text + ' [Op:DenseBincount] name: ')):
        ops.bincount(x, weights=weights)
