"""keras.ops crossentropies and matrix functions given operands of mismatched or wrong shapes print Keras 3 /
TF 2.21's texts (ops_crossentropy._same_shape: rank, then shape; ops_decompositions._shape_error); tapeflow's sentence
is a note, the classes are as before. Literals: TF 2.21's str(e), printed by
/work/notes/progs/msgtext8/klin_tf.py under /opt/tfref."""
import numpy as np
import pytest

import framework as tf
from framework import keras

INVALID = tf.errors.InvalidArgumentError
ROWS = np.ones((2, 3), np.float32)
VECTOR = np.ones((3,), np.float32)
WIDE = np.ones((5, 7), np.float32)

CASES = [
    ('binary_crossentropy rank', lambda: keras.ops.binary_crossentropy(VECTOR, ROWS), ValueError,
     'Arguments `target` and `output` must have the same rank (ndim). Received: '
     'target.shape=(3,), output.shape=(2, 3)'),
    ('binary_crossentropy shape', lambda: keras.ops.binary_crossentropy(WIDE, ROWS), ValueError,
     'Arguments `target` and `output` must have the same shape. Received: target.shape=(5, 7), '
     'output.shape=(2, 3)'),
    ('categorical_crossentropy shape', lambda: keras.ops.categorical_crossentropy(ROWS, WIDE), ValueError,
     'Arguments `target` and `output` must have the same shape. Received: target.shape=(2, 3), '
     'output.shape=(5, 7)'),
    ('cholesky rank', lambda: keras.ops.cholesky(VECTOR), ValueError,
     'Expected input to have rank >= 2. Received input with shape (3,).'),
    ('eigh square', lambda: keras.ops.eigh(WIDE), ValueError,
     'Expected a square matrix. Received non-square input with shape (5, 7)'),
    ('lu_factor square', lambda: keras.ops.lu_factor(WIDE), ValueError,
     'LU decomposition failed: Expected a square matrix. Received non-square input with shape '
     '(5, 7). LU decomposition is only supported for square matrices in Tensorflow.'),
    ('logdet square', lambda: keras.ops.logdet(WIDE), INVALID,
     '{{function_node __wrapped__Cholesky_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Input matrix must be square. [Op:Cholesky] name: '),
    ('logdet rank', lambda: keras.ops.logdet(VECTOR), INVALID,
     '{{function_node __wrapped__Cholesky_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Input tensor 0 must have rank >= 2, got 1 [Op:Cholesky] name: '),
    ('qr rank', lambda: keras.ops.qr(VECTOR), INVALID,
     '{{function_node __wrapped__Qr_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input '
     'tensor 0 must have rank >= 2, got 1 [Op:Qr] name: '),
    ('pinv rank', lambda: keras.ops.pinv(VECTOR), ValueError,
     'Input `a` must have at least 2 dimensions (saw: 1).'),
    ('eig rank', lambda: keras.ops.eig(VECTOR), ValueError,
     'not enough values to unpack (expected 2, got 1)'),
    ('svd rank', lambda: keras.ops.svd(VECTOR), ValueError,
     'Expected input to have rank >= 2. Received input with shape (3,).'),
]


@pytest.mark.parametrize('name, call, kind, text', CASES, ids=[case[0] for case in CASES])
def test_a_shape_error_prints_keras_and_tensorflows_text(name, call, kind, text):
    with pytest.raises(kind) as info:
        call()
    assert type(info.value) is kind
    assert str(info.value) == text
    assert any('keras.ops.' + name.split()[0] in note for note in info.value.__notes__)
