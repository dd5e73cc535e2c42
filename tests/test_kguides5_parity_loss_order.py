"""Several losses over a dict of outputs run in Keras 3's order, not the outputs' sorted order.

Keras 3's CompileLoss walks a loss dict's items in the dict's own order (a single loss: the
outputs' order), which orders the '<name>_loss' trackers (metrics_names, evaluate's list) and adds
the weighted losses left to right (``sum(loss_values)``). tapeflow sorted the keys, so the
Functional-API guide's dict losses listed 'department_loss' before 'priority_loss', and with three
outputs the total loss differed in the last bit. Goldens: TF 2.21 / Keras 3 running
/work/notes/progs/kguides5/g1.py (the same model, weights and data as below).
"""
import numpy as np
import pytest

from framework import keras

NAMES = ('zeta', 'alpha', 'mid')
X = (np.arange(32, dtype='float32').reshape(8, 4) % 7) / 7
Y = {'zeta': (np.arange(8, dtype='float32') / 8).reshape(8, 1), 'alpha': np.full((8, 1), 3.3, 'float32'),
     'mid': np.linspace(-1, 2, 8, dtype='float32').reshape(8, 1)}


def make_model():
    inp = keras.Input((4,), name='x')
    hidden = keras.layers.Dense(3, activation='tanh', name='h')(inp)
    model = keras.Model(inp, {name: keras.layers.Dense(1, name=name)(hidden) for name in NAMES})
    weights = [np.linspace(-1, 1, 12, dtype='float32').reshape(4, 3), np.array([0.1, -0.2, 0.3], 'float32')]
    for i in range(3):
        weights += [np.array([[0.5], [-0.25 * (i + 1)], [0.75]], 'float32'), np.array([0.01 * i], 'float32')]
    model.set_weights(weights)
    return model


@pytest.mark.usefixtures('onednn_on')
def test_loss_dict_order_names_the_trackers_and_adds_the_losses():
    model = make_model()
    model.compile(keras.optimizers.SGD(0.1), loss={'zeta': 'mse', 'mid': 'mae', 'alpha': 'mse'},
                  loss_weights={'zeta': 0.3, 'alpha': 0.7, 'mid': 0.11})
    assert model.evaluate(X, Y, verbose=0) == [6.301680564880371, 0.09889459609985352, 0.8779258131980896,
                                               8.822057723999023]
    history = model.fit(X, Y, batch_size=4, epochs=2, verbose=0, shuffle=False)
    assert model.metrics_names == ['loss', 'zeta_loss', 'mid_loss', 'alpha_loss']
    # epoch 1's mean loss: sorted order added 0.3 * zeta + 0.7 * alpha + 0.11 * mid as 4.9076151847839355
    assert history.history['loss'] == [4.907615661621094, 1.3736343383789062]
    assert model.evaluate(X, Y, verbose=0) == [0.5475484728813171, 0.39881283044815063, 0.9201382398605347,
                                               0.46669918298721313]


def test_one_loss_for_every_output_follows_the_outputs_order(cpu_kind):
    model = make_model()
    model.compile('sgd', 'mse')
    # sorted order (alpha, mid, zeta) gave a total of 9.903553009033203
    expected = [9.903552055358887, 0.09889459609985352, 8.822057723999023, 0.9825999140739441]
    if cpu_kind == 'avx2':
        # TF 2.21 on an AVX2 AMD EPYC (oneDNN off: Eigen's product order): mid's loss is an ulp above, and so
        # is the total (the metrics' names above still pin the outputs' order)
        expected[:2] = [9.903553009033203, 0.09889460355043411]
    assert model.evaluate(X, Y, verbose=0) == expected
    assert model.metrics_names == ['loss', 'zeta_loss', 'alpha_loss', 'mid_loss']


def test_outputs_without_a_loss_are_left_out():
    model = make_model()
    model.compile('sgd', loss={'mid': 'mae', 'zeta': 'mse'})
    model.evaluate(X, {'mid': Y['mid'], 'zeta': Y['zeta']}, verbose=0)
    assert model.metrics_names == ['loss', 'mid_loss', 'zeta_loss']
