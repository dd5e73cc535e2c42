"""binary_focal_crossentropy in a traced step: grappler's ConstantPushDown rotates 1 - p_t.

Golden values printed by TF 2.21 / Keras 3 (notes/progs/metrics9/t1.py, f4.py):

    f = lambda a, b: keras.losses.binary_focal_crossentropy(a, b, from_logits=True, label_smoothing=.1)
    print([float(v).hex() for v in f(y, lg)]); print([float(v).hex() for v in tf.function(f)(y, lg)])
"""
import numpy as np

import framework as tf
from framework import keras

Y = np.array([[0., 1., 0.], [1., 0., 1.], [1., 1., 0.], [0., 0., 1.]], 'float32')
LOGITS = np.array([[-1.19, -0.2, -0.36], [0.6, -1.66, -0.7], [1.15, 1.86, -1.51], [0.64, -0.98, -0.86]], 'float32')


def _smoothed_focal(y_true, logits):
    return keras.losses.binary_focal_crossentropy(y_true, logits, from_logits=True, label_smoothing=.1)


def _hex(values):
    return [float(v).hex() for v in np.asarray(values)]


def test_eager_focal_loss_keeps_keras_order():
    assert _hex(_smoothed_focal(Y, LOGITS)) == [
        '0x1.e127b80000000p-4', '0x1.676a680000000p-3', '0x1.d6216a0000000p-7', '0x1.54cd920000000p-2']


def test_traced_focal_loss_is_grapplers_rotated_difference():
    assert _hex(tf.function(_smoothed_focal)(Y, LOGITS)) == [
        '0x1.e127ba0000000p-4', '0x1.676a660000000p-3', '0x1.d621680000000p-7', '0x1.54cd920000000p-2']


def test_fit_history_of_smoothed_focal_loss_from_logits():
    rng = np.random.RandomState(2)
    x = rng.randn(10, 3, 4).astype('float32')
    y = (rng.rand(10, 3, 2) > .5).astype('float32')
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((3, 4)), keras.layers.Dense(2)])
    loss = keras.losses.BinaryFocalCrossentropy(from_logits=True, label_smoothing=.1)
    model.compile(keras.optimizers.SGD(0.1), loss=loss)
    history = model.fit(x, y, batch_size=10, epochs=1, verbose=0, shuffle=True)
    # TF 2.21 (f4.py, 'bfcel False 10'): 0x1.c44b160000000p-2; the eager order gave 0x1.c44b140000000p-2
    assert float(history.history['loss'][0]).hex() == '0x1.c44b160000000p-2'
