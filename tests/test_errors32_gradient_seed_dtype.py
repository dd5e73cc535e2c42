"""GradientTape.gradient's output_gradients of another dtype than the target: TF 2.21 multiplies the seed
into the first backward rule, whose Mul kernel refuses it; tapeflow used to cast the seed silently.
Expected texts were printed by TF 2.21 (progs/errors32/j4.py)."""
import numpy as np
import pytest

import framework as tf


def _square_gradient(seed):
    w = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        y = w * w
    return tape.gradient(y, w, output_gradients=seed)


def test_int32_seed_for_a_float32_target_is_refused_by_mul():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        _square_gradient(tf.ones(2, dtype='int32'))
    assert str(info.value) == ('cannot compute Mul as input #1(zero-based) was expected to be a int32 tensor but '
                               'is a float tensor [Op:Mul] name: ')


def test_numpy_float64_seed_keeps_its_dtype_and_is_refused():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        _square_gradient(np.ones(2))
    assert str(info.value) == ('cannot compute Mul as input #1(zero-based) was expected to be a double tensor but '
                               'is a float tensor [Op:Mul] name: ')


def test_python_int_seed_is_int32_and_refused():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        _square_gradient([3, 1])
    assert 'expected to be a int32 tensor but is a float tensor' in str(info.value)


def test_python_float_seeds_are_float32():
    # a flat list is one seed per target: 3.0 seeds the only target, 1.0 is left unused
    assert _square_gradient([3.0, 1.0]).numpy().tolist() == [6.0, 12.0]
    assert _square_gradient(2.0).numpy().tolist() == [4.0, 8.0]
    assert _square_gradient(np.float32(2.0)).numpy().tolist() == [4.0, 8.0]


def test_python_float_seed_for_a_float64_target_is_refused():
    x = tf.constant([1.0, 2.0], dtype='float64')
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tape.gradient(y, x, output_gradients=2.0)
    assert str(info.value) == ('cannot compute Mul as input #1(zero-based) was expected to be a float tensor but '
                               'is a double tensor [Op:Mul] name: ')
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    assert tape.gradient(y, x, output_gradients=np.ones(2)).numpy().tolist() == [2.0, 4.0]
