"""Label smoothing adds label_smoothing / classes divided in y_pred's dtype, as Keras 3.15 does
(``num_classes = ops.cast(shape[-1], y_pred.dtype)``): float32(0.2) / 23 is one ulp from float32(0.2 / 23),
which tapeflow added before. Expected values (float.hex) from the reference environment, same inputs.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def _data(classes):
    g = np.random.RandomState(1)
    logits = g.uniform(-2, 2, (8, classes)).astype('float32')
    labels = np.eye(classes, dtype='float32')[g.randint(0, classes, 8)]
    return labels, logits, (np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)).astype('float32')


def _hexes(tensor):
    return [float(v).hex() for v in np.asarray(tensor.numpy(), 'float32').reshape(-1)]


def test_categorical_crossentropy_float32_23_classes():
    labels, _, probs = _data(23)
    loss = keras.losses.CategoricalCrossentropy(label_smoothing=0.2, reduction='none')(labels, probs)
    assert _hexes(loss) == ['0x1.26bb340000000p+2', '0x1.1f5bf80000000p+2', '0x1.3827c00000000p+2', '0x1.3ebc6a0000000p+1',
                            '0x1.01ab8c0000000p+2', '0x1.07e6560000000p+2', '0x1.1dfb720000000p+2', '0x1.8be0120000000p+1']


def test_logits_gradient_is_softmax_less_the_smoothed_labels():
    labels, logits, _ = _data(27)
    variable = tf.Variable(logits)
    with tf.GradientTape() as tape:
        loss = keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.2, reduction='sum')(labels, variable)
    assert _hexes(tape.gradient(loss, variable))[:8] == [
        '0x1.48c5e40000000p-7', '0x1.a3fcba0000000p-5', '-0x1.0dc6800000000p-8', '0x1.da00740000000p-9',
        '-0x1.86d4d00000000p-10', '-0x1.5b1b980000000p-9', '-0x1.f54d600000000p-12', '0x1.755f760000000p-8']


def test_focal_crossentropy_shares_the_division():
    labels, _, probs = _data(27)
    loss = keras.losses.CategoricalFocalCrossentropy(label_smoothing=0.2, reduction='none')(labels, probs)
    assert _hexes(loss) == ['0x1.f00b8e0000000p-1', '0x1.005ee00000000p-1', '0x1.b5b8540000000p-1', '0x1.78df180000000p-1',
                            '0x1.4a2c4e0000000p+0', '0x1.d30a760000000p-1', '0x1.2377f60000000p+0', '0x1.42d4ce0000000p-1']


def test_float16_share_divides_float16_of_the_smoothing():
    labels, _, probs = _data(10)
    loss = keras.losses.CategoricalFocalCrossentropy(label_smoothing=0.1, dtype='float16', reduction='none')(labels, probs)
    assert loss.dtype == tf.float16
    assert _hexes(loss) == ['0x1.1540000000000p-1', '0x1.5800000000000p-2', '0x1.3580000000000p+0', '0x1.9380000000000p-2',
                            '0x1.cec0000000000p-1', '0x1.de40000000000p-2', '0x1.0240000000000p+0', '0x1.0dc0000000000p+0']
