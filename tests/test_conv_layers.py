"""Conv2D and pooling layers in a Sequential model: predictions and a fit history
pinned to Keras 3.15 (TensorFlow 2.21) running the same program with the same weights."""
import numpy as np
import pytest

from framework import keras


def build():
    model = keras.Sequential([
        keras.Input((6, 6, 2)),
        keras.layers.Conv2D(3, 3, padding='same', activation='relu'),
        keras.layers.MaxPooling2D(),
        keras.layers.Conv2D(4, (2, 2), strides=1),
        keras.layers.GlobalAveragePooling2D(),
        keras.layers.Dense(3, activation='softmax')])
    rng = np.random.default_rng(0)
    model.set_weights([rng.standard_normal(w.shape).astype('float32') * 0.5 for w in model.get_weights()])
    return model


def data():
    rng = np.random.default_rng(1)
    return rng.standard_normal((16, 6, 6, 2)).astype('float32'), rng.integers(0, 3, 16)


# Printed by Keras 3.15 for build() / data() (predict of the first two rows; fit with
# SGD(0.1), batch 4, 3 epochs, shuffle=False).
KERAS_PREDICTIONS = [0.196316, 0.629538, 0.174146, 0.072199, 0.726328, 0.201472]
KERAS_HISTORY = {'accuracy': [0.4375, 0.5, 0.625], 'loss': [1.083243, 0.94388, 0.815117]}


def test_cnn_predictions_and_history_match_keras():
    x, y = data()
    model = build()
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='sparse_categorical_crossentropy',
                  metrics=['accuracy'])
    np.testing.assert_allclose(model.predict(x[:2], verbose=0).ravel(), KERAS_PREDICTIONS, atol=2e-6)
    history = model.fit(x, y, batch_size=4, epochs=3, shuffle=False, verbose=0).history
    assert sorted(history) == sorted(KERAS_HISTORY)
    for key, values in KERAS_HISTORY.items():
        np.testing.assert_allclose(history[key], values, atol=2e-6)


def test_output_shapes_and_parameter_counts():
    model = build()
    assert [tuple(w.shape) for w in model.get_weights()] == [(3, 3, 2, 3), (3,), (2, 2, 3, 4), (4,), (4, 3), (3,)]
    assert model.count_params() == 124
    out = model(np.zeros((5, 6, 6, 2), np.float32))
    assert out.shape == (5, 3)


def test_summary_counts_a_built_optimizer_as_keras_does():
    x, y = data()
    model = build()
    model.compile(optimizer='adam', loss='sparse_categorical_crossentropy')
    model.fit(x, y, batch_size=4, epochs=1, verbose=0)
    lines = []
    model.summary(print_fn=lines.append)
    text = ''.join(lines)
    # Keras 3.15: 124 weights + Adam's iteration, learning rate and two slots per weight.
    assert ' Total params: 374 (1.46 KB)' in text
    assert ' Optimizer params: 250 (1004.00 B)' in text


def test_conv_layer_errors_name_the_layer():
    with pytest.raises(ValueError, match='Invalid value for argument `filters`') as info:    # Keras 3's text
        keras.layers.Conv2D(0, 3)
    assert "Conv2D 'conv2d" in info.value.__notes__[0]                                        # tapeflow's note
    # Keras 3 keeps a pooling padding as given; a model's build refuses it (TF 2.21's words; errors26)
    with pytest.raises(ValueError, match="Argument `padding` must be either 'valid' or 'same'. Received: padding=full"):
        keras.Sequential([keras.Input((4, 4, 3)), keras.layers.MaxPooling2D(padding='full')])
    layer = keras.layers.Conv2D(2, 3)
    with pytest.raises(ValueError, match='conv2d'):
        layer(np.zeros((4, 4, 3), np.float32))


def test_conv2d_config_has_keras_keys_in_keras_order():
    # keras.layers.Conv2D(2, 3).get_config() in Keras 3.15 lists these keys, in this order.
    assert list(keras.layers.Conv2D(2, 3).get_config()) == [
        'name', 'trainable', 'dtype', 'filters', 'kernel_size', 'strides', 'padding', 'data_format',
        'dilation_rate', 'groups', 'activation', 'use_bias', 'kernel_initializer', 'bias_initializer',
        'kernel_regularizer', 'bias_regularizer', 'activity_regularizer', 'kernel_constraint', 'bias_constraint']
    layer = keras.layers.Conv2D.from_config(keras.layers.Conv2D(3, (2, 2), activation='relu').get_config())
    assert layer.filters == 3 and layer.kernel_size == (2, 2)
