"""A finite Python float beyond float32's range, where TensorFlow picks float32 for it itself, is
TF 2.21's ValueError (its eager converter's words); with dtype=float32 asked for, inside a traced
function, or as another tensor's operand it is inf. Values printed by TF 2.21, e.g.
``tf.constant([1e39])`` -> ValueError: Can't convert Python sequence with a value out of range for a
double-precision float."""
import numpy as np
import pytest

import framework as tf

WORDS = "Can't convert Python sequence with a value out of range for a double-precision float."


@pytest.mark.parametrize('make', [
    lambda: tf.constant([1e39]),
    lambda: tf.constant(1e39),
    lambda: tf.constant(-1e39),
    lambda: tf.constant(3.4028236e38),            # rounds past FLT_MAX
    lambda: tf.constant(3.4028235677973366e38),   # the midpoint: ties to even, inf
    lambda: tf.constant([1, 1e39]),
    lambda: tf.constant([[1.0, 2.0], [3.0, 1e39]]),
    lambda: tf.constant((1e39,)),
    lambda: tf.constant([1.0, np.float64(1e39)]),
    lambda: tf.constant([np.float32(1.0), 1e39]),
    lambda: tf.convert_to_tensor([1e39]),
    lambda: tf.Variable([1e39]),
    lambda: tf.fill([2], 1e39),
    lambda: tf.stack([1e39, 1.0]),
], ids=lambda f: '')
def test_python_float_past_float32_is_refused(make):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == WORDS


def test_values_that_take_inf_or_stay_float64():
    # TF 2.21: tf.constant(3.40282356e38) -> 3.4028235e+38 (rounds down to FLT_MAX)
    assert tf.constant(3.40282356e38).numpy() == np.finfo(np.float32).max
    # dtype asked for: tf.constant([1e39], tf.float32) -> [inf]; float16 likewise
    assert np.isinf(tf.constant([1e39], tf.float32).numpy()).all()
    assert np.isinf(tf.constant(70000., tf.float16).numpy())
    # tf.constant([float('inf'), float('nan')]) -> [inf nan]
    assert str(tf.constant([float('inf'), float('nan')])) == 'tf.Tensor([inf nan], shape=(2,), dtype=float32)'
    # a numpy float64 keeps its dtype: tf.constant([np.float64(1e39)]) -> [1.e+39] float64
    assert tf.constant([np.float64(1e39)]).dtype == tf.float64
    # an operand takes the other tensor's dtype: tf.constant(1.0) + 1e39 -> inf
    assert np.isinf((tf.constant(1.0) + 1e39).numpy())
    assert np.isinf(tf.convert_to_tensor(1e39, dtype_hint=tf.float32).numpy())
    assert np.isinf(tf.Variable(1e39, dtype=tf.float32).numpy())
    # underflow is no error: tf.constant([1e-50]) -> [0.]
    assert tf.constant([1e-50]).numpy().tolist() == [0.0]


def test_traced_function_constant_takes_inf():
    # @tf.function def f(): return tf.constant(1e39)  -> tf.Tensor(inf, shape=(), dtype=float32)
    @tf.function
    def f():
        return tf.constant(1e39)
    assert str(f()) == 'tf.Tensor(inf, shape=(), dtype=float32)'
