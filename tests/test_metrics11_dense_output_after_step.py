"""A Keras step's metrics and Poisson loss on a linear Dense output plus a constant, as TF 2.21 computes them.

Golden values printed by TF 2.21 / Keras 3 (notes/progs/metrics11/g14.py, t2.py):

    rng = np.random.RandomState(21); x = rng.randn(10, 4).astype('float32'); y = rng.randn(10, 3).astype('float32')
    def shifted_mean(y_true, y_pred): return tf.reduce_mean(y_pred + 1.0, axis=-1)
    def offset_error(y_true, y_pred): return tf.reduce_mean(tf.abs(0.5 - y_pred), axis=-1)
    keras.utils.set_random_seed(4); m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
    m.compile(keras.optimizers.SGD(.1), loss='mse', metrics=[shifted_mean, offset_error])
    for i in range(3): print(m.train_on_batch(x[i*3:i*3+3], y[i*3:i*3+3], return_dict=True))

f4.py (last test): a linear Dense fit with Tversky(axis=-1), values in the test.
t2.py: the same x, y = abs(randn(10, 3)) + .1, Dense(3) compiled with Adam(.05) and keras.losses.Poisson(),
fit(batch_size=5, epochs=3, shuffle=False): the kernel and bias.
"""
import numpy as np

import framework as tf
from framework import keras


def _hex(values):
    return [float(v).hex() for v in np.ravel(np.asarray(values))]


def shifted_mean(y_true, y_pred):
    return tf.reduce_mean(y_pred + 1.0, axis=-1)


def offset_error(y_true, y_pred):
    return tf.reduce_mean(tf.abs(0.5 - y_pred), axis=-1)


def test_metrics_read_the_step_output_not_the_updated_weights():
    rng = np.random.RandomState(21)
    x = rng.randn(10, 4).astype('float32')
    y = rng.randn(10, 3).astype('float32')
    keras.utils.set_random_seed(4)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
    model.compile(keras.optimizers.SGD(.1), loss='mse', metrics=[shifted_mean, offset_error])
    logs = [model.train_on_batch(x[i * 3:i * 3 + 3], y[i * 3:i * 3 + 3], return_dict=True) for i in range(3)]
    assert [float(log['shifted_mean']).hex() for log in logs] == [
        '0x1.5491220000000p+0', '0x1.2a853c0000000p+0', '0x1.d0a5c60000000p-1']
    assert [float(log['offset_error']).hex() for log in logs] == [
        '0x1.8825860000000p-1', '0x1.3423780000000p-1', '0x1.67a2c00000000p-1']
    assert [float(log['loss']).hex() for log in logs] == [
        '0x1.41cf660000000p+0', '0x1.218aca0000000p+0', '0x1.323dbe0000000p+0']


# TF 2.21 on an AVX2 AMD EPYC (oneDNN off: Eigen's products, and that CPU's own reciprocal estimate), where tapeflow
# summed the products in numpy's order and printed the Xeon's bits (notes/progs/epyc2/vals_tf.txt)
POISSON_AVX2 = ([
        '0x1.1109560000000p-1', '0x1.7957360000000p-7', '0x1.06366c0000000p-4', '-0x1.34a0b40000000p-1',
        '-0x1.f802c40000000p-5', '-0x1.f799de0000000p-2', '-0x1.1d97c60000000p-1', '0x1.1254380000000p+0',
        '0x1.3ec0960000000p-1', '0x1.921db80000000p-2', '-0x1.0f50fc0000000p-2', '-0x1.12d2640000000p-2'], ['0x1.3359240000000p-7', '0x1.5f17f80000000p-4', '0x1.7326a40000000p-6'])
TVERSKY_AVX2 = (['0x1.4b90ba0000000p+0', '0x1.62e7ec0000000p-1', '0x1.1ae5440000000p+0'], [
        '0x1.b7bcbc0000000p-2', '0x1.a172000000000p-2', '0x1.deb4960000000p-2', '-0x1.f09b680000000p-2',
        '0x1.f995580000000p-5', '-0x1.6ef62e0000000p-3', '-0x1.c08fa40000000p-1', '0x1.468d860000000p-1',
        '0x1.db36f00000000p-4', '0x1.4d29d80000000p-1', '-0x1.c5b4240000000p-4', '-0x1.0ce10e0000000p-3'])


def test_poisson_fit_on_a_linear_dense_output(cpu_kind, request):
    if cpu_kind != 'avx2':
        # (Intel's reciprocal estimate under the traced divisions, as on the Xeon that measured these bits)
        request.getfixturevalue('intel_reciprocal')
    rng = np.random.RandomState(21)
    x = rng.randn(10, 4).astype('float32')
    y = np.abs(rng.randn(10, 3)).astype('float32') + .1
    keras.utils.set_random_seed(4)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
    model.compile(keras.optimizers.Adam(.05), loss=keras.losses.Poisson())
    model.fit(x, y, batch_size=5, epochs=3, verbose=0, shuffle=False)
    if cpu_kind == 'avx2':
        assert (_hex(model.layers[0].kernel), _hex(model.layers[0].bias)) == POISSON_AVX2
        return
    assert _hex(model.layers[0].kernel) == [
        '0x1.1109560000000p-1', '0x1.7958800000000p-7', '0x1.0636640000000p-4', '-0x1.34a0b20000000p-1',
        '-0x1.f8048a0000000p-5', '-0x1.f799e00000000p-2', '-0x1.1d97c40000000p-1', '0x1.1254380000000p+0',
        '0x1.3ec09c0000000p-1', '0x1.921db40000000p-2', '-0x1.0f51000000000p-2', '-0x1.12d26c0000000p-2']
    assert _hex(model.layers[0].bias) == ['0x1.33599c0000000p-7', '0x1.5f18320000000p-4', '0x1.73258a0000000p-6']


def test_tversky_fit_on_a_linear_dense_output_keeps_one_minus_y_pred(cpu_kind):
    # f4.py: RandomState(22) x (10, 4), y = randn(10, 3) > 0; Dense(3), Adam(.05), Tversky(axis=-1),
    # fit(batch_size=5, epochs=3, shuffle=False): TF 2.21's losses and kernel
    rng = np.random.RandomState(22)
    x = rng.randn(10, 4).astype('float32')
    y = (rng.randn(10, 3) > 0).astype('float32')
    keras.utils.set_random_seed(4)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
    model.compile(keras.optimizers.Adam(.05), loss=keras.losses.Tversky(axis=-1))
    history = model.fit(x, y, batch_size=5, epochs=3, verbose=0, shuffle=False)
    if cpu_kind == 'avx2':
        assert (_hex(history.history['loss']), _hex(model.layers[0].kernel)) == TVERSKY_AVX2
        return
    assert _hex(history.history['loss']) == ['0x1.4b90b80000000p+0', '0x1.62e7ec0000000p-1', '0x1.1ae5440000000p+0']
    assert _hex(model.layers[0].kernel) == [
        '0x1.b7bcbe0000000p-2', '0x1.a172000000000p-2', '0x1.deb4960000000p-2', '-0x1.f09b6a0000000p-2',
        '0x1.f995520000000p-5', '-0x1.6ef62e0000000p-3', '-0x1.c08fa60000000p-1', '0x1.468d860000000p-1',
        '0x1.db36f40000000p-4', '0x1.4d29d80000000p-1', '-0x1.c5b4260000000p-4', '-0x1.0ce10c0000000p-3']
