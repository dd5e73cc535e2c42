"""A second ``compile`` that leaves out ``loss`` or ``metrics`` keeps the previous ones (Keras 3).

Golden values: the body of ``_fit_after_recompiles`` run under TensorFlow 2.21 / Keras 3
(``from tensorflow import keras``), printed with ``repr``.
"""
import numpy as np

from framework import keras


def _fit_after_recompiles():
    x = np.arange(12, dtype='float32').reshape(6, 2) / 10.0
    y = np.array([[0.5], [1.0], [1.5], [0.0], [2.0], [1.0]], dtype='float32')
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.set_weights([np.array([[0.3], [-0.2]], 'float32'), np.array([0.1], 'float32')])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse', metrics=['mae'])
    model.fit(x, y, batch_size=3, epochs=1, verbose=0, shuffle=False)
    model.compile(optimizer=keras.optimizers.SGD(0.05))      # only a new optimizer
    only_optimizer = model.fit(x, y, batch_size=3, epochs=2, verbose=0, shuffle=False).history
    evaluated = model.evaluate(x, y, verbose=0, return_dict=True)
    loss_after = model.loss
    model.compile(optimizer=keras.optimizers.SGD(0.05), metrics=['mse'])   # new metrics, loss kept
    new_metrics = model.fit(x, y, batch_size=3, epochs=1, verbose=0, shuffle=False).history
    return only_optimizer, evaluated, loss_after, new_metrics, model.get_weights()


def test_recompile_without_loss_or_metrics_keeps_them():
    only_optimizer, evaluated, loss_after, new_metrics, weights = _fit_after_recompiles()
    assert list(only_optimizer) == ['loss', 'mae']
    np.testing.assert_allclose(only_optimizer['loss'], [0.5156801342964172, 0.4493727684020996], rtol=1e-5)
    np.testing.assert_allclose(only_optimizer['mae'], [0.5941699147224426, 0.5405004620552063], rtol=1e-5)
    assert list(evaluated) == ['loss', 'mae']
    np.testing.assert_allclose([evaluated['loss'], evaluated['mae']], [0.41952046751976013, 0.51872718334198],
                               rtol=1e-5)
    assert loss_after == 'mse'
    assert list(new_metrics) == ['loss', 'mse']
    np.testing.assert_allclose(new_metrics['loss'], [0.41786110401153564], rtol=1e-5)
    np.testing.assert_allclose(new_metrics['mse'], [0.41786107420921326], rtol=1e-5)
    np.testing.assert_allclose(weights[0], [[0.5257618427276611], [0.07035142183303833]], rtol=1e-5)
    np.testing.assert_allclose(weights[1], [0.5458956360816956], rtol=1e-5)


def test_first_compile_without_loss_still_refuses_fit():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(optimizer='sgd')
    try:
        model.fit(np.zeros((2, 2), 'float32'), np.zeros((2, 1), 'float32'), verbose=0)
    except ValueError as e:
        assert 'loss' in str(e)
    else:
        raise AssertionError('fit without any loss should raise')
