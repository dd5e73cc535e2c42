"""keras.ops creation functions, one_hot and cast(x, None) default to keras.config.floatx() as read when called
(a learner's set_floatx('float64') before building tensors with keras.ops).

Dtypes printed by TF 2.21 for /work/notes/progs/seedvariants7/fx8_tf.py and fx9_tf.py.
"""
import numpy as np
import pytest

from framework import keras

ops = keras.ops


@pytest.fixture
def floatx_restored():
    try:
        yield
    finally:
        keras.backend.set_floatx('float32')


MAKERS = {
    'ones': lambda: ops.ones((2,)),
    'zeros': lambda: ops.zeros((2,)),
    'eye': lambda: ops.eye(2, 3, k=1),
    'identity': lambda: ops.identity(2),
    'tri': lambda: ops.tri(2),
    'full float': lambda: ops.full((2,), 1.5),
    'full int': lambda: ops.full((2,), 1),
    'empty': lambda: ops.empty((2,)),
    'one_hot': lambda: ops.one_hot(np.array([0, 1]), 2),
    'one_hot sparse': lambda: ops.one_hot(np.array([0, 1]), 2, sparse=True),
    'cast None': lambda: ops.cast(np.array([1, 2]), None),
    'geomspace': lambda: ops.geomspace(1, 100, 3),
}


@pytest.mark.parametrize('floatx', ['float64', 'float16'])
@pytest.mark.parametrize('name', sorted(MAKERS))
def test_creation_ops_follow_floatx(floatx_restored, name, floatx):
    keras.backend.set_floatx(floatx)
    assert MAKERS[name]().dtype == floatx          # TF 2.21: <dtype: 'float64'> / <dtype: 'float16'> for each


def test_explicit_dtypes_win_and_float32_comes_back(floatx_restored):
    keras.backend.set_floatx('float64')
    # TF 2.21: int32 float32
    assert ops.full((2,), 3, dtype='int32').dtype == 'int32' and ops.ones((1,), dtype='float32').dtype == 'float32'
    keras.backend.set_floatx('float32')
    assert ops.ones((2,)).dtype == 'float32' and ops.one_hot(np.array([1]), 2).dtype == 'float32'
