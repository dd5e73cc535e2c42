"""A Python float meeting an integer tensor inside a traced function: TF 2.21's op-construction texts.

The common way in: a LearningRateSchedule subclass written ``0.01 * 0.9 ** (step // 2)`` gets the
optimizer's int64 iterations, and fit traces it. Eagerly TF's conversion refuses the float ('Cannot
convert 0.9 to EagerTensor of dtype int64', which tapeflow said everywhere). In a graph op_def_library
refuses it while building the op: ``step * 0.9`` names the op's parameter, ``0.9 ** step`` (a reflected
operator) gives make_tensor_proto's words, ``tf.maximum(0.9, step)`` makes 0.9 float32 and then the tensor
fails to match, and ``step + 0.9`` fails AddV2's input match.

Golden texts: /work/notes/progs/optimtraj8/gconv.py and sched_err.py under /opt/tfref/bin/python
(TF 2.21, Keras 3.15).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

STEP_TIMES = ("Expected int64 passed to parameter 'y' of op 'Mul', got 0.9 of type 'float' instead. "
              "Error: Expected int64, but got 0.9 of type 'float'.")
CASES = [
    (lambda t: t * 0.9, STEP_TIMES),
    (lambda t: t // 2.0, "Expected int64 passed to parameter 'y' of op 'FloorDiv', got 2.0 of type 'float' instead. "
                         "Error: Expected int64, but got 2.0 of type 'float'."),
    (lambda t: tf.maximum(t, 0.9), "Expected int64 passed to parameter 'y' of op 'Maximum', got 0.9 of type 'float' "
                                   "instead. Error: Expected int64, but got 0.9 of type 'float'."),
    (lambda t: 0.9 ** t, "Expected int64, but got 0.9 of type 'float'."),
    (lambda t: 0.9 * t, "Expected int64, but got 0.9 of type 'float'."),
    (lambda t: 1.5 - t, "Expected int64, but got 1.5 of type 'float'."),
    (lambda t: 0.9 / t, "Expected int64, but got 0.9 of type 'float'."),
    (lambda t: tf.maximum(0.9, t), "Input 'y' of 'Maximum' Op has type int64 that does not match type float32 of "
                                   "argument 'x'."),
    (lambda t: tf.multiply(0.9, t), "Input 'y' of 'Mul' Op has type int64 that does not match type float32 of "
                                    "argument 'x'."),
    (lambda t: t + 0.9, "Input 'y' of 'AddV2' Op has type float32 that does not match type int64 of argument 'x'."),
    (lambda t: t / 0.9, '`x` and `y` must have the same dtype, got tf.int64 != tf.float32.'),
]


@pytest.mark.parametrize('index', range(len(CASES)))
def test_traced_refusal_is_tensorflows_graph_text(index):
    fn, text = CASES[index]
    with pytest.raises(TypeError) as info:
        tf.function(fn)(tf.constant(3, 'int64'))
    assert str(info.value).strip().splitlines()[-1].strip() == 'TypeError: ' + text


def test_int32_names_its_dtype():
    with pytest.raises(TypeError) as info:
        tf.function(lambda t: t * 2.5)(tf.constant(3))
    assert str(info.value).strip().endswith(
        "TypeError: Expected int32 passed to parameter 'y' of op 'Mul', got 2.5 of type 'float' instead. "
        "Error: Expected int32, but got 2.5 of type 'float'.")


@pytest.mark.parametrize('fn', [lambda t: t * 0.9, lambda t: 0.9 ** t, lambda t: tf.maximum(0.9, t)])
def test_eager_keeps_the_conversion_text(fn):
    with pytest.raises(TypeError) as info:
        fn(tf.constant(3, 'int64'))
    assert str(info.value) == 'Cannot convert 0.9 to EagerTensor of dtype int64'


def test_eager_add_keeps_the_kernel_text():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'cannot compute AddV2 as input #1\(zero-based\) '
                                                              'was expected to be a int64 tensor but is a float tensor'):
        tf.constant(3, 'int64') + 0.9


class _HalvingEveryTwo(keras.optimizers.schedules.LearningRateSchedule):
    def __call__(self, step):
        return 0.01 * 0.9 ** (step // 2)


def test_custom_schedule_in_fit():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.SGD(_HalvingEveryTwo()), 'mse')
    with pytest.raises(TypeError) as info:
        model.fit(np.ones((4, 2), 'float32'), np.ones((4, 1), 'float32'), verbose=0)
    assert str(info.value) == "Expected int64, but got 0.9 of type 'float'."


def test_custom_schedule_eagerly():
    optimizer = keras.optimizers.Adam(_HalvingEveryTwo())
    with pytest.raises(TypeError) as info:
        optimizer.apply_gradients([(tf.constant([0.1, 0.2]), tf.Variable([1.0, 2.0]))])
    assert str(info.value) == 'Cannot convert 0.9 to EagerTensor of dtype int64'


def test_float_tensors_still_take_python_floats_in_a_trace():
    out = tf.function(lambda t: 0.9 ** t + t * 0.5 - tf.maximum(0.25, t))(tf.constant([2.0, 3.0]))
    np.testing.assert_allclose(out.numpy(), [0.9 ** 2 + 1.0 - 2.0, 0.9 ** 3 + 1.5 - 3.0], rtol=1e-6)
