"""Grad-CAM's ``model.layers[-1].activation = None``: Keras 3's layers skip a None
activation (TF 2.21 runs them linear); tapeflow called None."""
import numpy as np

import framework as tf
from framework import keras


def _linear_twin(layer, x):
    """The layer's output with its activation set to None after building, and the
    same layer's output with activation 'linear'."""
    layer(x)
    layer.activation = None
    out_none = layer(x).numpy()
    layer.activation = keras.activations.get('linear')
    return out_none, layer(x).numpy()


def test_dense_activation_set_to_none_runs_linear():
    keras.utils.set_random_seed(2)
    x = np.random.RandomState(0).randn(1, 4).astype('float32')
    out_none, out_linear = _linear_twin(keras.layers.Dense(3, activation='softmax'), x)
    # TF 2.21 (keras.utils.set_random_seed(2), Dense(3, 'softmax') then activation=None), rounded to 4
    np.testing.assert_allclose(out_none.ravel(), [1.334, -1.6053, -1.5495], atol=1e-4)
    np.testing.assert_array_equal(out_none, out_linear)


def test_conv_layers_activation_set_to_none_run_linear():
    rs = np.random.RandomState(0)
    cases = [(keras.layers.Conv1D(2, 3, activation='relu'), (1, 5, 2)),
             (keras.layers.Conv2D(2, 3, activation='relu'), (1, 5, 5, 2)),
             (keras.layers.Conv2DTranspose(2, 3, activation='sigmoid'), (1, 5, 5, 2)),
             (keras.layers.Conv3D(2, 3, activation='relu'), (1, 5, 5, 5, 2)),
             (keras.layers.Conv3DTranspose(2, 3, activation='relu'), (1, 3, 3, 3, 2))]
    for layer, shape in cases:
        out_none, out_linear = _linear_twin(layer, rs.randn(*shape).astype('float32'))
        assert (out_none < 0).any(), layer.name
        np.testing.assert_array_equal(out_none, out_linear)


def test_depthwise_and_einsum_dense_activation_set_to_none_run_linear():
    x4 = np.random.RandomState(0).randn(1, 5, 5, 2).astype('float32')
    for layer in [keras.layers.DepthwiseConv2D(3, activation='relu'),
                  keras.layers.SeparableConv2D(2, 3, activation='relu')]:
        out_none, out_linear = _linear_twin(layer, x4)
        assert (out_none < 0).any()          # relu would have cut these
        np.testing.assert_array_equal(out_none, out_linear)
    x2 = np.random.RandomState(0).randn(1, 4).astype('float32')
    out_none, out_linear = _linear_twin(keras.layers.EinsumDense('ab,bc->ac', output_shape=3, activation='relu'), x2)
    assert (out_none < 0).any()
    np.testing.assert_array_equal(out_none, out_linear)


def test_gradcam_heatmap_through_a_linear_head():
    keras.utils.set_random_seed(2)
    inputs = keras.Input(shape=(6, 6, 1))
    conv = keras.layers.Conv2D(3, 3, activation='relu', name='last_conv')(inputs)
    outputs = keras.layers.Dense(2, activation='softmax')(keras.layers.GlobalAveragePooling2D()(conv))
    model = keras.Model(inputs, outputs)
    model.layers[-1].activation = None
    grad_model = keras.Model(model.inputs, [model.get_layer('last_conv').output, model.output])
    img = np.random.RandomState(1).rand(1, 6, 6, 1).astype('float32')
    with tf.GradientTape() as tape:
        conv_out, preds = grad_model(img)
        score = preds[:, 0]
    grads = tape.gradient(score, conv_out)
    assert grads.shape == (1, 4, 4, 3)
    # logits, not probabilities: the two need not sum to one
    assert abs(float(tf.reduce_sum(preds)) - 1.0) > 1e-3
