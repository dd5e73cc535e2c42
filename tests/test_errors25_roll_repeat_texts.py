"""tf.roll and tf.repeat on bad arguments: TF 2.21's classes and words (probe /work/notes/progs/errors25/h6.py).
roll is the Roll kernel: its attr errors for float / string shifts and axes, its rank and size checks (shift
and axis must have one shape: 1 with [0] fails), a negative axis printed after adding the rank; a Python
list or string argument drops the ' name: ' tail. repeat is TF's repeat_with_axis: rank check, then the axis
(ValueError), then one negative count as its Tile kernel's error; negative counts in a list repeat 0 times."""
import numpy as np
import pytest

import framework as tf

ROLL = '{{function_node __wrapped__Roll_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
TILE = '{{function_node __wrapped__Tile_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
ROLL_ATTR = ("\n\t; NodeDef: {{node Roll}}; Op<name=Roll; signature=input:T, shift:Tshift, axis:Taxis -> output:T; "
             "attr=T:type; attr=Tshift:type,allowed=[DT_INT32, DT_INT64]; attr=Taxis:type,allowed=[DT_INT32, DT_INT64]>"
             " [Op:Roll]")
M = tf.ones((2, 3))


@pytest.mark.parametrize('call, kind, text', [
    (lambda: tf.roll(M, [1, 2], [0]), 'InvalidArgumentError', ROLL + 'shift and axis must have the same size [Op:Roll]'),
    (lambda: tf.roll(M, tf.constant([1, 2]), tf.constant([0])), 'InvalidArgumentError',
     ROLL + 'shift and axis must have the same size [Op:Roll] name: '),
    (lambda: tf.roll(tf.ones(3), 1, [0]), 'InvalidArgumentError', ROLL + 'shift and axis must have the same size [Op:Roll]'),
    (lambda: tf.roll(M, 1, 2), 'InvalidArgumentError', ROLL + 'axis 2 is out of range [Op:Roll] name: '),
    (lambda: tf.roll(M, 1, -3), 'InvalidArgumentError', ROLL + 'axis -1 is out of range [Op:Roll] name: '),
    (lambda: tf.roll(M, [1, 1], [0, 5]), 'InvalidArgumentError', ROLL + 'axis 5 is out of range [Op:Roll]'),
    (lambda: tf.roll(tf.constant(1.0), 1, 0), 'InvalidArgumentError',
     ROLL + 'input must be 1-D or higher [Op:Roll] name: '),
    (lambda: tf.roll(tf.ones(3), [[1]], [[0]]), 'InvalidArgumentError',
     ROLL + 'shift must be a scalar or a 1-D vector. Found: [1,1] [Op:Roll]'),
    (lambda: tf.roll(tf.ones(3), 1.0, 0), 'InvalidArgumentError',
     "Value for attr 'Tshift' of float is not in the list of allowed values: int32, int64" + ROLL_ATTR + ' name: '),
    (lambda: tf.roll(tf.ones(3), 'a', 0), 'InvalidArgumentError',
     "Value for attr 'Tshift' of string is not in the list of allowed values: int32, int64" + ROLL_ATTR),
    (lambda: tf.roll(tf.ones(3), 1, 0.0), 'InvalidArgumentError',
     "Value for attr 'Taxis' of float is not in the list of allowed values: int32, int64" + ROLL_ATTR + ' name: '),
    (lambda: tf.repeat(tf.ones(3), -1), 'InvalidArgumentError', TILE + 'Expected multiples[1] >= 0, but got -1 [Op:Tile]'),
    (lambda: tf.repeat(M, -2, axis=1), 'InvalidArgumentError', TILE + 'Expected multiples[2] >= 0, but got -2 [Op:Tile]'),
    (lambda: tf.repeat(M, 2, axis=2), 'ValueError', 'axis=2 out of bounds: expected -2<=axis<2'),
    (lambda: tf.repeat(M, 2, axis=-3), 'ValueError', 'axis=-3 out of bounds: expected -2<=axis<2'),
    (lambda: tf.repeat(tf.ones(3), [[1, 2, 3]]), 'ValueError', 'Shape (1, 3) must have rank at most 1'),
    (lambda: tf.repeat(tf.ones(3), [1, 2]), 'ValueError', 'Dimensions 3 and 2 are not compatible'),
])
def test_tensorflows_words(call, kind, text):
    with pytest.raises(Exception) as caught:
        call()
    assert (type(caught.value).__name__, str(caught.value)) == (kind, text)


def test_values_tensorflow_computes():
    assert tf.roll(tf.range(4), [1, 1], [0, 0]).numpy().tolist() == [2, 3, 0, 1]
    assert tf.roll(tf.ones(3), np.int64(1), 0).numpy().tolist() == [1.0, 1.0, 1.0]
    assert tf.repeat(tf.ones(3), [1, -1, 1]).numpy().tolist() == [1.0, 1.0]
    assert tf.repeat(tf.ones((2, 3)), [-1, 1], axis=0).numpy().tolist() == [[1.0, 1.0, 1.0]]
    assert tf.repeat(tf.constant(1.0), 2, axis=0).numpy().tolist() == [1.0, 1.0]
    assert tf.repeat(tf.constant([1, 2]), [0, 0]).numpy().tolist() == []
