"""Dice / Tversky with per-sample sums in a trace on a None batch: grappler pushes the 1e-7 into the last sum.

Golden values printed by TF 2.21 / Keras 3 (notes/progs/metrics11/t1.py, g5.py):

    spec = [tf.TensorSpec([None, 3, 4], tf.float32)] * 2
    dice_fn = tf.function(lambda a, b: keras.losses.dice(a, b, axis=-1), input_signature=spec)
    tv_fn = tf.function(lambda a, b: keras.losses.tversky(a, b, alpha=.3, beta=.7, axis=-1), input_signature=spec)
    rng = np.random.RandomState(0); y = (rng.rand(2, 3, 4) > .5).astype('float32'); p = rng.rand(2, 3, 4).astype('float32')
    print([float(v).hex() for v in dice_fn(y, p).numpy().ravel()], [float(v).hex() for v in tv_fn(y, p).numpy().ravel()])

and, for fit, a Dense(3, 'sigmoid') on (10, 3, 4) inputs (RandomState(12), set_random_seed(3)) compiled with
Tversky(.3, .7, axis=-1) and SGD(1.), fit(batch_size=4, epochs=2, shuffle=False): the kernel's values.
"""
import numpy as np

import framework as tf
from framework import keras

_SPEC = [tf.TensorSpec([None, 3, 4], tf.float32)] * 2


def _data():
    rng = np.random.RandomState(0)
    return (rng.rand(2, 3, 4) > .5).astype('float32'), rng.rand(2, 3, 4).astype('float32')


def _hex(t):
    return [float(v).hex() for v in np.ravel(np.asarray(t))]


def test_dice_per_sample_on_a_none_batch_pushes_epsilon_down():
    dice = tf.function(lambda a, b: keras.losses.dice(a, b, axis=-1), input_signature=_SPEC)
    assert _hex(dice(*_data())) == [
        '0x1.793f740000000p-2', '0x1.9b80d40000000p-2', '0x1.0ff77c0000000p-1',
        '0x1.f982f80000000p-2', '0x1.e6b0240000000p-2', '0x1.7ddf680000000p-2']


def test_tversky_per_sample_on_a_none_batch_pushes_epsilon_down():
    tversky = tf.function(lambda a, b: keras.losses.tversky(a, b, alpha=.3, beta=.7, axis=-1), input_signature=_SPEC)
    assert _hex(tversky(*_data())) == [
        '0x1.09780c0000000p-2', '0x1.99fa240000000p-2', '0x1.e19b700000000p-2',
        '0x1.0dcf4c0000000p-1', '0x1.988c580000000p-2', '0x1.2bebb80000000p-2']


def test_known_shapes_and_eager_keep_the_chain():
    # TF 2.21: the same values eagerly and traced on the (2, 3, 4) shapes; seed 0 tells the two sums apart
    y_true, y_pred = _data()
    for loss in (lambda a, b: keras.losses.dice(a, b, axis=-1),
                 lambda a, b: keras.losses.tversky(a, b, alpha=.3, beta=.7, axis=-1)):
        eager = np.asarray(loss(y_true, y_pred))
        np.testing.assert_array_equal(np.asarray(tf.function(loss)(y_true, y_pred)), eager)
        assert not np.array_equal(np.asarray(tf.function(loss, input_signature=_SPEC)(y_true, y_pred)), eager)


def test_tversky_fit_with_a_partial_batch(cpu_kind):
    rng = np.random.RandomState(12)
    x = rng.randn(10, 3, 4).astype('float32')
    y = (rng.randn(10, 3, 3) > 0).astype('float32')
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((3, 4)), keras.layers.Dense(3, activation='sigmoid')])
    model.compile(keras.optimizers.SGD(1.), loss=keras.losses.Tversky(.3, .7, axis=-1))
    model.fit(x, y, batch_size=4, epochs=2, verbose=0, shuffle=False)
    expected = [
        '-0x1.61f2e40000000p-5', '-0x1.cb2c4c0000000p-1', '0x1.01a6780000000p-1', '-0x1.41f9600000000p-1',
        '0x1.8ea2ec0000000p-1', '-0x1.2206560000000p-1', '0x1.cab4160000000p-2', '0x1.2dface0000000p-1',
        '0x1.93dc800000000p-2', '-0x1.b767700000000p-1', '0x1.be87c40000000p-1', '-0x1.976ed40000000p-4']
    if cpu_kind == 'avx2':      # TF 2.21 on an AVX2 AMD EPYC (Eigen's product order): two entries a bit apart
        expected[5], expected[11] = '-0x1.2206580000000p-1', '-0x1.976ed20000000p-4'
    assert _hex(model.layers[0].kernel) == expected
