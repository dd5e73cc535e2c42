"""Ops tapeflow broadcasts with numpy print TF 2.21's eager kernel text for a shape mismatch, naming the
kernel whose broadcast fails first (framework/ops/broadcast_kernels.py); tapeflow's sentence is a note.
Literals: TF 2.21's str(e) (opfuzz / kopsfuzz rows op|0|empty, op|1|shape57 in /work/notes/progs/fuzz6)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

PREFIX = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
A = np.zeros((0, 3), np.float32)
B = np.ones((2, 3), np.float32)
BA = np.zeros((0, 3), bool)
BB = np.ones((2, 3), bool)

CASES = [
    ('logical_and', lambda: tf.math.logical_and(BA, BB), 'LogicalAnd', '[0,3] vs. [2,3]'),
    ('logical_xor', lambda: tf.math.logical_xor(BB, BA), 'LogicalOr', '[2,3] vs. [0,3]'),
    ('complex', lambda: tf.complex(A, B), 'Complex', '[0,3] vs. [2,3]'),
    ('truncatemod', lambda: tf.truncatemod(B, np.ones((5, 7), np.float32)), 'TruncateMod', '[2,3] vs. [5,7]'),
    ('keras.ops.isclose', lambda: keras.ops.isclose(A, B), 'Sub', '[0,3] vs. [2,3]'),
    ('keras.ops.allclose', lambda: keras.ops.allclose(B, np.ones((2, 3, 1), np.float32)), 'LogicalAnd',
     '[2,3] vs. [2,3,1]'),
    ('keras.ops.fmod', lambda: keras.ops.fmod(A, B), 'FloorMod', '[0,3] vs. [2,3]'),
]


@pytest.mark.parametrize('op, call, kernel, shapes', CASES, ids=[case[0] for case in CASES])
def test_a_shape_mismatch_prints_the_kernels_eager_text(op, call, kernel, shapes):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == PREFIX % kernel + 'Incompatible shapes: %s [Op:%s] name: ' % (shapes, kernel)
    # (a keras.ops function's own note carries the kernel's text after its name: 5eefb80a runs isclose as Keras)
    assert any(note.startswith(op + ': ') and 'Incompatible shapes' in note for note in info.value.__notes__)


def test_an_op_outside_the_table_keeps_tapeflows_words():
    from framework.ops import operands
    error = operands._incompatible_shapes('some_op', ValueError(
        'operands could not be broadcast together with shapes (2,3) (5,7) '))
    assert str(error) == 'some_op: Incompatible shapes: [2,3] vs. [5,7] (the operands do not broadcast together)'
