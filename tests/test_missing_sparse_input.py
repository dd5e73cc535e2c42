"""keras.Input(sparse=True) with a Dense layer taking tf.SparseTensor batches in call, fit, predict and evaluate,
against Keras 3.15.1 on TF 2.21 (/work/notes/progs/missing/tf_sparse_input.py run with /opt/tfref; the tapeflow
port prints the same tensors, losses and predictions)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _data():
    rng = np.random.default_rng(0)
    dense = (rng.random((10, 6)) < 0.3) * rng.normal(size=(10, 6))
    idx = np.argwhere(dense != 0)
    sp = tf.SparseTensor(idx.astype('int64'), dense[dense != 0].astype('float32'), (10, 6))
    return dense, sp, rng.normal(size=(10, 1)).astype('float32')


def _model():
    keras.utils.set_random_seed(0)
    inp = keras.Input(shape=(6,), sparse=True)
    hidden = keras.layers.Dense(2, kernel_initializer='ones')(inp)
    return inp, hidden, keras.Model(inp, keras.layers.Dense(1, kernel_initializer='ones')(hidden))


def test_sparse_input_tensor_and_layer_config():
    inp, hidden, _ = _model()
    assert inp.sparse and not hidden.sparse
    assert repr(inp).startswith('<KerasTensor shape=(None, 6), dtype=float32, sparse=True, ragged=False')
    layer = keras.layers.InputLayer(shape=(6,), sparse=True)
    assert layer.sparse and layer.get_config()['sparse'] is True


def test_call_matches_the_dense_product():
    dense, sp, _ = _data()
    _, _, model = _model()
    np.testing.assert_allclose(model(sp).numpy(), dense.sum(1, keepdims=True) * 2, rtol=1e-5)
    np.testing.assert_allclose(keras.layers.Dense(2, kernel_initializer='ones')(sp).numpy(),
                               np.repeat(dense.sum(1, keepdims=True), 2, axis=1), rtol=1e-5)


def test_fit_predict_evaluate_as_keras():
    _, sp, y = _data()
    _, _, model = _model()
    model.compile(optimizer='sgd', loss='mse')
    history = model.fit(sp, y, batch_size=4, epochs=2, verbose=0, shuffle=False)
    # Keras 3.15.1 on TF 2.21
    np.testing.assert_allclose(history.history['loss'], [4.30807, 3.05055], atol=2e-5)
    np.testing.assert_allclose(model.predict(sp, batch_size=4, verbose=0).ravel(),
                               [0.17494, 0.99312, -2.7646, -0.51201, 0.04292, -0.603, 0.04292, -0.95046, -2.4851,
                                1.69736], atol=2e-5)
    assert model.evaluate(sp, y, batch_size=4, verbose=0) == pytest.approx(2.4080638885498047, rel=1e-5)


def test_shuffled_fit_sees_the_same_rows_as_dense_data():
    dense, sp, y = _data()
    losses = []
    for x in (sp, dense.astype('float32')):
        keras.utils.set_random_seed(3)
        model = keras.Sequential([keras.Input((6,), sparse=x is sp), keras.layers.Dense(1, kernel_initializer='ones')])
        model.compile(optimizer='sgd', loss='mse')
        losses.append(model.fit(x, y, batch_size=3, epochs=2, verbose=0).history['loss'])
    np.testing.assert_allclose(losses[0], losses[1], rtol=1e-6)


def test_kernel_gradient_is_dense_as_tf():
    _, sp, _ = _data()
    layer = keras.layers.Dense(2)
    with tf.GradientTape() as tape:
        out = layer(sp)
    grad = tape.gradient(out, layer.kernel)
    assert type(grad) is tf.Tensor and grad.shape == (6, 2)


def test_bad_sparse_inputs_raise():
    with pytest.raises(ValueError, match='cannot have `sparse=True` and `ragged=True` at the same time'):
        keras.Input(shape=(6,), sparse=True, ragged=True)
    with pytest.raises(ValueError, match="must be 2-D \\(batch, 4\\).*dense_shape \\(2, 3, 4\\)"):
        keras.layers.Dense(2)(tf.SparseTensor([[0, 0, 0]], [1.0], (2, 3, 4)))
    with pytest.raises(TypeError, match='a RaggedTensor cannot be used where a dense tensor is needed'):
        keras.layers.Dense(2)(tf.ragged.constant([[1., 2.], [3.]]))
