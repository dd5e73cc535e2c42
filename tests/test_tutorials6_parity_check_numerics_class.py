"""tf.debugging.check_numerics and enable_check_numerics raise tf.errors.InvalidArgumentError, as
TensorFlow 2.21 does (checked: eager, in a tf.function, in a Dataset.map; ``except
tf.errors.InvalidArgumentError`` caught none of them on tapeflow, whose NumericsError was a
FloatingPointError only). NumericsError stays a FloatingPointError for programs that catch that."""
import numpy as np
import pytest

import framework as tf
from framework.debugging import NumericsError


def test_check_numerics_raises_invalid_argument_error():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'\}\} boom : Tensor had Inf values \[Op:CheckNumerics\] name: $') as err:
        tf.debugging.check_numerics(tf.constant(np.inf), 'boom')
    assert isinstance(err.value, NumericsError) and isinstance(err.value, FloatingPointError)
    assert err.value.error_code == tf.errors.INVALID_ARGUMENT


def test_check_numerics_in_a_dataset_map_raises_invalid_argument_error():
    ds = tf.data.Dataset.from_tensor_slices([1.0, 0.0]).map(
        lambda x: tf.debugging.check_numerics(1.0 / x, 'reciprocal'))
    with pytest.raises(tf.errors.InvalidArgumentError, match='reciprocal : Tensor had Inf values'):
        list(ds)


def test_enabled_check_numerics_raises_invalid_argument_error():
    tf.debugging.enable_check_numerics()
    try:
        with pytest.raises(tf.errors.InvalidArgumentError):
            tf.math.log(tf.constant(-1.0))
    finally:
        tf.debugging.disable_check_numerics()
