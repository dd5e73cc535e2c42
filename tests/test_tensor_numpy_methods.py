"""Tensors' NumPy methods before and after tnp.experimental_enable_numpy_behavior(), as TF 2.21 (values and
texts printed there for the same calls). The switch is process-wide in TensorFlow; each test here runs with it
set as it needs and puts it back."""
import numpy as np
import pytest

import framework as tf
from framework import tensor_numpy_methods

HINT = ("EagerTensor object has no attribute '%s'. \n        If you are looking for numpy-related methods, please run "
        "the following:\n        tf.experimental.numpy.experimental_enable_numpy_behavior()\n      ")
T = [[1.5, 2.25], [3.0, -4.75]]


@pytest.fixture
def plain_tensors():
    saved = list(tensor_numpy_methods.ENABLED)
    tensor_numpy_methods.ENABLED[:] = []
    yield
    tensor_numpy_methods.ENABLED[:] = saved


@pytest.mark.parametrize('name', ['astype', 'size', 'T', 'reshape', 'tolist'])
def test_numpy_names_raise_tf_hint_before(plain_tensors, name):
    with pytest.raises(AttributeError) as err:
        getattr(tf.constant(T), name)
    assert str(err.value) == HINT % name


def test_round_of_a_tensor_needs_numpy_behavior(plain_tensors):
    with pytest.raises(AttributeError) as err:
        round(tf.constant(T))
    assert str(err.value) == HINT % 'astype'          # TF's __round__ is tnp.around, which needs astype
    with pytest.raises(TypeError, match="type ResourceVariable doesn't define __round__ method"):
        round(tf.Variable(1.6))
    with pytest.raises(AttributeError, match="'ResourceVariable' object has no attribute 'astype'"):
        tf.Variable(1.6).astype


def test_methods_after_numpy_behavior(numpy_behavior):
    t = tf.constant(T)
    assert t.T.numpy().tolist() == [[1.5, 3.0], [2.25, -4.75]]
    assert t.size == 4 and t.tolist() == T
    assert t.reshape(4).shape == (4,) and t.reshape((1, 4)).shape == (1, 4) and t.reshape(4, 1).shape == (4, 1)
    assert t.ravel().numpy().tolist() == [1.5, 2.25, 3.0, -4.75] == t.flatten().numpy().tolist()
    assert t.astype(tf.int32).numpy().tolist() == [[1, 2], [3, -4]] and t.astype('float64').dtype == tf.float64
    assert t.clip(0, 2).numpy().tolist() == [[1.5, 2.0], [2.0, 0.0]]
    assert float(t.max()) == 3.0 and t.mean(axis=0).numpy().tolist() == [2.25, -1.25]
    assert t.min(1).numpy().tolist() == [1.5, -4.75]
    # TF 2.21: round half to even, as numpy
    assert round(t).numpy().tolist() == [[2.0, 2.0], [3.0, -5.0]]
    np.testing.assert_array_equal(round(t, 1).numpy(), np.array([[1.5, 2.2], [3.0, -4.8]], np.float32))
    assert t.data is t
    with pytest.raises(TypeError):
        round(tf.Variable(1.6))                        # variables never gain them
