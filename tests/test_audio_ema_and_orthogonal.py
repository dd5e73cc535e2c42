"""keras.regularizers.OrthogonalRegularizer and keras.callbacks.SwapEMAWeights against Keras 3.15 on TF 2.21
(/work/notes/progs/audio/ema.py printed these with /opt/tfref's keras; same seeds, same data)."""
import numpy as np
import pytest

from framework import keras

W = np.float32([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5], [0.0, 1.0, 1.0], [2.0, 0.1, -0.3]])


def test_orthogonal_regularizer_values_config_and_errors():
    r = keras.regularizers.OrthogonalRegularizer(factor=0.05)
    w = keras.ops.convert_to_tensor(W)
    np.testing.assert_allclose(r(w).numpy(), np.float32(0.01391165), rtol=1e-6)
    np.testing.assert_allclose(r(W).numpy(), np.float32(0.01391165), rtol=1e-6)        # Keras's numpy route
    np.testing.assert_allclose(keras.regularizers.OrthogonalRegularizer(0.1, 'columns')(w).numpy(),
                               np.float32(0.0142343), rtol=1e-6)
    # the factor is a float32 tensor in Keras: its config reads back float32's 0.05
    assert r.get_config() == {'factor': 0.05000000074505806, 'mode': 'rows'}
    assert keras.regularizers.serialize(r) == {'module': 'keras.regularizers', 'class_name': 'OrthogonalRegularizer',
                                               'config': {'factor': 0.05000000074505806, 'mode': 'rows'},
                                               'registered_name': None}
    assert type(keras.regularizers.get('orthogonal_regularizer')) is keras.regularizers.OrthogonalRegularizer
    assert keras.regularizers.orthogonal_regularizer is keras.regularizers.OrthogonalRegularizer
    with pytest.raises(ValueError, match='Invalid value for argument factor: expected a non-negative float.'):
        keras.regularizers.OrthogonalRegularizer(factor=-1)
    with pytest.raises(ValueError, match='Invalid value for argument `mode`. Expected one of'):
        keras.regularizers.OrthogonalRegularizer(mode='diag')
    with pytest.raises(ValueError, match=r'Inputs to OrthogonalRegularizer must have rank 2. Received: inputs.shape='
                                         r'\(2, 2, 2\)'):
        r(np.ones((2, 2, 2), np.float32))


X = np.random.RandomState(0).rand(32, 3).astype('float32')
Y = X @ np.float32([[1], [-2], [0.5]])


def _model():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(
        4, activation='relu', kernel_regularizer=keras.regularizers.OrthogonalRegularizer(0.02)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.Adam(0.05, use_ema=True, ema_momentum=0.5), 'mse')
    return model


def _rounded(history):
    return {k: [round(v, 6) for v in vs] for k, vs in history.history.items()}


def test_swap_on_epoch_validates_and_ends_with_the_averages():
    model = _model()
    history = model.fit(X, Y, epochs=3, batch_size=8, validation_split=0.25, shuffle=False, verbose=0,
                        callbacks=[keras.callbacks.SwapEMAWeights(swap_on_epoch=True)])
    assert _rounded(history) == {'loss': [0.791824, 0.616557, 0.559857], 'val_loss': [0.424255, 0.326811, 0.288369]}
    np.testing.assert_allclose(model.layers[1].kernel.numpy().ravel(),
                               [-0.20048264, -0.61610043, -0.35008368, 0.07965982], rtol=1e-6)


def test_swap_around_evaluate_and_predict():
    model = _model()
    callback = keras.callbacks.SwapEMAWeights()
    history = model.fit(X, Y, epochs=2, batch_size=8, validation_split=0.25, shuffle=False, verbose=0,
                        callbacks=[callback])
    assert _rounded(history) == {'loss': [0.791824, 0.616557], 'val_loss': [0.424255, 0.326811]}
    kernel = [-0.24182339, -0.66488385, -0.4158238, 0.17644888]
    np.testing.assert_allclose(model.layers[1].kernel.numpy().ravel(), kernel, rtol=1e-6)
    np.testing.assert_allclose(model.evaluate(X, Y, verbose=0, callbacks=[callback]), 0.5246098637580872, rtol=1e-6)
    np.testing.assert_allclose(model.predict(X[:2], verbose=0, callbacks=[callback]).ravel(),
                               [-0.29502004, -0.27574682], rtol=1e-6)
    np.testing.assert_allclose(model.layers[1].kernel.numpy().ravel(), kernel, rtol=1e-6)
    assert callback._ema_weights_in_model            # Keras 3.15's on_predict_end does not swap back


def test_swap_arithmetic_is_tensorflows():
    # w += a; a = w - a; w -= a: a float32 round trip that need not return the exact values
    model = _model()
    model.fit(X[:8], Y[:8], epochs=1, batch_size=8, verbose=0)
    callback = keras.callbacks.SwapEMAWeights()
    callback.set_model(model)
    optimizer = model.optimizer
    variable = model.layers[1].kernel
    variable.assign(np.float32([[1e8], [1.0], [3.0], [0.1]]))
    average = optimizer._slots.get(variable, 'average')
    average._data[...] = np.float32(0.3)
    callback.on_test_begin()
    before = np.float32([1e8, 1.0, 3.0, 0.1])
    swapped_in = (before + np.float32(0.3)) - ((before + np.float32(0.3)) - np.float32(0.3))
    np.testing.assert_array_equal(variable.numpy().ravel(), swapped_in)
    assert swapped_in[0] != np.float32(0.3)          # 1e8 + 0.3 rounds: the average does not come back exactly
    np.testing.assert_array_equal(average.numpy().ravel(), (before + np.float32(0.3)) - np.float32(0.3))


def test_without_ema_it_refuses():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('adam', 'mse')
    with pytest.raises(ValueError, match=r'SwapEMAWeights must be used when `use_ema=True` is set on the optimizer. '
                                         r'Received: use_ema=False'):
        model.fit(X, Y, epochs=1, verbose=0, validation_data=(X, Y), callbacks=[keras.callbacks.SwapEMAWeights()])
