"""RMSprop's sparse step where the denominator's root has a zero or NaN row: Keras 3's division of
IndexedSlices by a dense tensor (keras/src/backend/tensorflow/sparse.py, elementwise_division) goes
through the union of the gradient's indices and those rows (optim/sparse_division.py).

Golden values: TensorFlow 2.21 / Keras 3.15, /work/notes/progs/optimleft/rms_sparse.py (two eager
apply_gradients of a tf.IndexedSlices on a float32 tf.Variable of rows 0.5 + 0.25 * k, float.hex) and
rms_fit.py (optimtraj's fit of an Embedding(6, 1) with centered RMSprop, batches of 4 repeated ids).
Unseen rows with epsilon=0 have a zero root: rows outside the indices become NaN (0 / 0); repeated
indices whose count equals the union's pair the values with the wrong rows (-inf / inf); otherwise
the re-gather overflows and TensorFlow raises.
"""
import math

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

CASES = [
    (5, [1, 3], dict(epsilon=0.0),
     'nan nan 0x1.d142d40000000p-2 0x1.cbaf4c0000000p+0 nan nan 0x1.7450b40000000p+0 0x1.65d7a40000000p+1 nan nan'),
    (3, [1, 1, 2], dict(epsilon=0.0),
     '-inf inf 0x1.df91d80000000p-2 0x1.665fd60000000p+0 0x1.e8a16a0000000p-1 0x1.3450b40000000p+0'),
    (5, [1, 3], dict(epsilon=0.0, momentum=0.5),
     'nan nan 0x1.2f5a380000000p-2 0x1.f429720000000p+0 nan nan 0x1.4bd68e0000000p+0 0x1.7a14b80000000p+1 nan nan'),
    (3, [1, 1, 2], dict(epsilon=0.0, momentum=0.5),
     '-inf inf 0x1.41ceb00000000p-2 0x1.717e8a0000000p+0 0x1.97ad1c0000000p-1 0x1.0bd68e0000000p+0'),
    (4, [0, 2, 2], dict(epsilon=1e-7, centered=True),
     '-0x1.696af00000000p-4 0x1.5696d80000000p+0 0x1.0000000000000p+0 0x1.4000000000000p+0 0x1.4491e00000000p-1 '
     '0x1.990d240000000p+0 0x1.0000000000000p+1 0x1.2000000000000p+1'),
]
ERRORS = [
    (4, [1, 1], dict(epsilon=0.0), 'indices[1] = 3 is not in [0, 3)'),
    (4, [0, 2, 2], dict(epsilon=-0.5, centered=True), 'indices[2] = 5 is not in [0, 4)'),
]
EAGER_GATHER = '{{function_node __wrapped__GatherV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:GatherV2] name: '


def two_steps(n, indices, options):
    v = tf.Variable(np.arange(n * 2, dtype='float32').reshape(n, 2) * 0.25 + 0.5)
    optimizer = keras.optimizers.RMSprop(0.1, **options)
    values = tf.constant(np.array([[0.3 + k, -0.7 + 0.5 * k] for k in range(len(indices))], 'float32'))
    gradient = tf.IndexedSlices(values, tf.constant(indices), tf.constant([n, 2]))
    for _ in range(2):
        optimizer.apply_gradients([(gradient, v)])
    return ' '.join(float(x).hex() for x in v.numpy().ravel())


@pytest.mark.parametrize('n, indices, options, want', CASES)
def test_rows_follow_keras_union_division(n, indices, options, want):
    assert two_steps(n, indices, options) == want


@pytest.mark.parametrize('n, indices, options, sentence', ERRORS)
def test_repeated_indices_overflow_the_union_gather(n, indices, options, sentence):
    with pytest.raises(InvalidArgumentError) as caught:
        two_steps(n, indices, options)
    assert str(caught.value) == EAGER_GATHER % sentence


def test_fit_of_an_embedding_with_centered_rmsprop_raises_as_tensorflow():
    def det(shape, phase):
        n = int(np.prod(shape))
        return np.array([math.sin(1.1 * k + phase) * 0.5 for k in range(n)]).reshape(shape).astype('float32')
    ids = np.array([[(k * 5 + 1) % 3] for k in range(16)], dtype='int32')
    y = det((16, 1), 1.7)
    inputs = keras.Input((1,), dtype='int32')
    outputs = keras.layers.Dense(1, trainable=False)(keras.layers.Flatten()(keras.layers.Embedding(6, 1)(inputs)))
    model = keras.Model(inputs, outputs)
    model.set_weights([det(w.shape, i) for i, w in enumerate(model.get_weights())])
    model.compile(optimizer=keras.optimizers.RMSprop(0.01, centered=True, rho=0.8), loss='mse')
    with pytest.raises(InvalidArgumentError, match=r'indices\[0\] = 5 is not in \[0, 5\)'):
        model.fit(ids, y, batch_size=4, epochs=3, shuffle=False, verbose=0)
