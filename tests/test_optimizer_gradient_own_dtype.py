"""A floating gradient of another dtype than its variable's is unscaled, accumulated and clipped in its
own dtype, and cast to the variable's only for the update, as Keras 3 does (its update_step casts).

Expected values printed by TF 2.21 / Keras 3 (progs optimtraj10/p_gdt.py, p_lso16.py):

    v = tf.Variable(tf.cast(tf.constant([1.0, -2.0, 3.0]), VDT))
    o = keras.optimizers.SGD(1.0, clipnorm=1e-3)          # or global_clipnorm / loss_scale_factor ...
    for _ in range(3):
        o.apply_gradients([(tf.cast(tf.constant([0.123456789, -1000.5, 3.3]), GDT), v)])
    print(v.numpy().tolist())
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

O = keras.optimizers
GRADIENT = [0.123456789, -1000.5, 3.3]


def _three_steps(variable_dtype, gradient_dtype, optimizer):
    v = tf.Variable(tf.cast(tf.constant([1.0, -2.0, 3.0]), variable_dtype))
    for _ in range(3):
        optimizer.apply_gradients([(tf.cast(tf.constant(GRADIENT), gradient_dtype), v)])
    return v


@pytest.mark.parametrize('variable_dtype, gradient_dtype, make, expected', [
    # a float16 variable's float32 gradient: its norm (~1000.5) fits float32, not float16
    ('float16', 'float32', lambda: O.SGD(1.0, clipnorm=1e-3), [1.0, -1.9970703125, 3.0]),
    ('float16', 'float32', lambda: O.SGD(1.0, global_clipnorm=1e-3), [1.0, -1.9970703125, 3.0]),
    ('float16', 'float32', lambda: O.SGD(1.0, clipvalue=1e-3), [0.9970703125, -1.9970703125, 2.994140625]),
    ('float16', 'float32', lambda: O.SGD(1e-4, loss_scale_factor=3.0), [1.0, -1.900390625, 3.0]),
    ('bfloat16', 'float32', lambda: O.SGD(1.0, clipnorm=1e-3), [1.0, -2.0, 3.0]),
    # a float32 variable's float16 gradient: the float16 norm overflows, as in TF
    ('float32', 'float16', lambda: O.SGD(1.0, clipnorm=1e-3), [1.0, -2.0, 3.0]),
    ('float32', 'float16', lambda: O.SGD(1.0, global_clipnorm=1e-3), [np.nan, np.nan, np.nan]),
    ('float32', 'float16', lambda: O.SGD(1.0, clipvalue=1e-3),
     [0.9969987869262695, -1.9969987869262695, 2.9969987869262695]),
    ('float32', 'float16', lambda: O.SGD(1e-4, loss_scale_factor=3.0),
     [0.9999876618385315, -1.8999500274658203, 2.9996695518493652]),
    ('float64', 'float32', lambda: O.SGD(1.0, clipnorm=1e-3),
     [0.9999996298167133, -1.997000015922822, 2.999990105000279]),
    ('float64', 'float32', lambda: O.SGD(1.0, global_clipnorm=1e-3),
     [0.9999996298167133, -1.997000015922822, 2.999990105000961]),
    ('float64', 'float32', lambda: O.SGD(1.0, clipvalue=1e-3),
     [0.9969999998575076, -1.9969999998575076, 2.9969999998575076]),
    ('float64', 'float32', lambda: O.SGD(1e-4, loss_scale_factor=3.0),
     [0.999987654320835, -1.8999500025274756, 2.9996700000011836]),
    ('float32', 'float64', lambda: O.SGD(1.0, clipnorm=1e-3),
     [0.9999996423721313, -1.9969998598098755, 2.9999899864196777]),
])
def test_clipping_and_unscaling_run_in_the_gradients_dtype(variable_dtype, gradient_dtype, make, expected):
    v = _three_steps(variable_dtype, gradient_dtype, make())
    assert v.dtype.name == variable_dtype
    np.testing.assert_array_equal(np.asarray(v.numpy(), dtype=np.float64), expected)


@pytest.mark.parametrize('variable_dtype, gradient_dtype', [
    ('float16', 'float32'), ('bfloat16', 'float32'), ('float32', 'float16'), ('float64', 'float32')])
def test_gradient_accumulation_refuses_another_dtype_and_changes_nothing(variable_dtype, gradient_dtype):
    v = tf.Variable(tf.cast(tf.constant([1.0, -2.0, 3.0]), variable_dtype))
    o = O.SGD(1.0, gradient_accumulation_steps=2)
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        o.apply_gradients([(tf.cast(tf.constant(GRADIENT), gradient_dtype), v)])
    text = str(caught.value)
    assert text.startswith('Exception encountered when calling Cond.call().')
    assert 'cannot compute AddV2 as input #1(zero-based) was expected to be a' in text
    np.testing.assert_array_equal(np.asarray(v.numpy(), dtype=np.float64), [1.0, -2.0, 3.0])
    assert int(o.iterations.numpy()) == 0
    np.testing.assert_array_equal(np.asarray(o.variables[-1].numpy(), dtype=np.float64), [0.0, 0.0, 0.0])


def test_gradient_accumulation_in_a_trace_raises_the_graph_builders_type_error():
    v = tf.Variable(tf.cast(tf.constant([1.0, -2.0, 3.0]), 'float16'))
    o = O.SGD(1.0, gradient_accumulation_steps=2)

    @tf.function
    def step(g):
        o.apply_gradients([(g, v)])

    with pytest.raises(TypeError, match="Input 'y' of 'AddV2' Op has type float32 that does not match type "
                                        "float16 of argument 'x'"):
        step(tf.constant(GRADIENT))


@pytest.mark.parametrize('make, expected', [
    (lambda: O.LossScaleOptimizer(O.SGD(1.0, clipnorm=1e-3), initial_scale=8.0),
     [[0.9990234375, -2.0, 3.0], [0.998046875, -2.0, 3.0], [0.9970703125, -2.0, 3.0]]),
    (lambda: O.LossScaleOptimizer(O.SGD(1.0, global_clipnorm=1e-3), initial_scale=8.0),
     [[0.9990234375, -2.0, 3.0], [0.998046875, -2.0, 3.0], [0.9970703125, -2.0, 3.0]]),
])
def test_loss_scale_optimizer_clips_float16_variables_unscaled_gradients_in_float32(make, expected):
    v = tf.Variable(np.array([1.0, -2.0, 3.0], 'float16'))
    o = make()
    for step in range(3):
        o.apply_gradients([(tf.cast(tf.constant([30000.0, -1000.5, 3.3]), 'float16'), v)])
        np.testing.assert_array_equal(np.asarray(v.numpy(), dtype=np.float64), expected[step])


def test_the_usual_same_dtype_step_is_unchanged():
    v = _three_steps('float32', 'float32', O.SGD(1.0, clipnorm=1e-3))
    np.testing.assert_array_equal(v.numpy(), np.array([0.9999996423721313, -1.9969998598098755, 2.9999899864196777],
                                                      'float32'))
