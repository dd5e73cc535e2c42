"""``model.metrics_variables`` and the compiled metrics' ``variables`` (Keras 3).

Golden values: ``test_metric_variables_after_fit``'s model, data and calls under
TensorFlow 2.21 / Keras 3 (``from tensorflow import keras``).
"""
import numpy as np

from framework import keras


def test_metric_variables_after_fit():
    x = np.arange(12, dtype='float32').reshape(6, 2) / 10.0
    y = np.array([[0.5], [1.0], [1.5], [0.0], [2.0], [1.0]], dtype='float32')
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.set_weights([np.array([[0.3], [-0.2]], 'float32'), np.array([0.1], 'float32')])
    model.compile(optimizer='sgd', loss='mse', metrics=['mae', keras.metrics.RootMeanSquaredError(name='rmse')],
                  weighted_metrics=[keras.metrics.MeanAbsoluteError(name='wmae')])
    model.fit(x, y, batch_size=3, epochs=1, verbose=0, shuffle=False, sample_weight=np.arange(6.0))
    assert [m.name for m in model.metrics] == ['loss', 'compile_metrics']
    assert [[v.name for v in m.variables] for m in model.metrics] == [
        ['total', 'count'], ['total', 'count', 'total', 'count', 'total', 'count']]
    variables = model.metrics_variables
    assert [v.name for v in variables] == ['total', 'count'] * 4
    np.testing.assert_allclose([float(v.numpy()) for v in variables],
                               [20.65917205810547, 6.0, 5.451027870178223, 6.0, 6.758613109588623, 6.0,
                                15.261816024780273, 15.0], rtol=1e-5)
