"""Sequential: add/pop, early and lazy builds, the seed program, summary text, configs."""
import numpy as np
import pytest

import framework as tf
import layers
from layers import (BatchNormalization, Dense, Dropout, Flatten, Input, InputLayer, Layer, Sequential,
                    regularizers)


@pytest.fixture(autouse=True)
def fresh_names():
    layers.reset_names()
    yield


@pytest.fixture
def terminal_80(monkeypatch):
    """Keras sizes the table from the terminal; pin it to 80 columns (line length 76)."""
    import os
    import shutil
    monkeypatch.setattr(shutil, 'get_terminal_size', lambda fallback=None: os.terminal_size((80, 24)))


def seed_model():
    l2_reg = regularizers.l2(0.05)
    return Sequential([Dense(30, activation='elu', kernel_initializer='he_normal', kernel_regularizer=l2_reg),
                       Dense(1, kernel_regularizer=l2_reg)])


def test_seed_program_runs_and_differentiates_every_weight():
    model = seed_model()
    rng = np.random.default_rng(0)
    x_batch, y_batch = rng.standard_normal((32, 8)), rng.standard_normal((32, 1))
    with tf.GradientTape() as tape:
        y_pred = model(x_batch, training=True)
        main_loss = tf.reduce_mean(tf.square(tf.cast(y_batch, tf.float32) - y_pred))
        loss = tf.add_n([main_loss] + model.losses)
    gradients = tape.gradient(loss, model.trainable_variables)
    assert y_pred.dtype == tf.float32 and tuple(y_pred.shape) == (32, 1)
    assert [tuple(g.shape) for g in gradients] == [(8, 30), (30,), (30, 1), (1,)]
    assert [v.path for v in model.trainable_variables] == [
        'sequential/dense/kernel', 'sequential/dense/bias', 'sequential/dense_1/kernel', 'sequential/dense_1/bias']


def test_call_matches_the_layers_applied_in_turn():
    model = Sequential([Dense(4, activation='relu'), Dense(2)])
    x = np.random.default_rng(1).standard_normal((5, 3)).astype(np.float32)
    y = model(x).numpy()
    k1, b1, k2, b2 = model.get_weights()
    np.testing.assert_allclose(y, np.maximum(x @ k1 + b1, 0) @ k2 + b2, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize('make', [
    lambda: Sequential([Input((8,)), Dense(3)]),
    lambda: Sequential([Dense(3, input_shape=(8,))]),
    lambda: Sequential([InputLayer(shape=(8,)), Dense(3)]),
])
def test_an_input_shape_builds_the_model_at_once(make):
    model = make()
    assert model.built and model.count_params() == 27
    assert [layer.name for layer in model.layers] == ['dense']      # the Input is not listed
    assert model.output_shape == (None, 3)


def test_build_call_and_add_after_build():
    model = Sequential([Dense(3)])
    assert not model.built
    model.build((None, 4))
    assert model.layers[0].kernel.shape == (4, 3)
    model.add(Dense(2))
    # Keras 3.15 keeps the InputLayer its build made, so add() rebuilds at once: built, Dense(2) too
    assert model.built and model.layers[1].built
    assert tuple(model(np.ones((1, 4))).shape) == (1, 2)
    popped = model.pop()
    assert popped.name == 'dense_1' and len(model.layers) == 1
    # Keras 3 builds nothing from no shape (TF 2.21: no error, no weights); the layers build on the first call
    unshaped = Sequential([Dense(1)])
    unshaped.build()
    assert unshaped.weights == [] and tuple(unshaped(np.ones((2, 4))).shape) == (2, 1)


def test_add_validation():
    model = Sequential()
    with pytest.raises(TypeError, match=r"^Only instances of `keras.Layer` can be added to a Sequential model\. "
                                        r"Received: relu \(of type <class 'str'>\)$"):
        model.add('relu')
    model.add(Dense(2, name='a'))
    with pytest.raises(ValueError, match="unique names. Name 'a'"):
        model.add(Dense(2, name='a'))
    with pytest.raises(ValueError, match='Input can only be the first layer'):
        model.add(Input((3,)))
    with pytest.raises(ValueError, match=r"^Sequential model 'with_input' has already been configured to use input "
                                         r"shape \(None, 3\)\. You cannot add a different Input layer to it\.\n"):
        Sequential([Input((3,)), Dense(1)], name='with_input').add(Input((3,)))
    with pytest.raises(IndexError, match='no layers'):      # Keras 3 pops its empty list
        Sequential().pop()


def test_weights_aggregate_without_repeats_and_non_trainable_stats():
    shared = Dense(4)
    model = Sequential([Input((4,)), shared, BatchNormalization(), Dropout(0.1), Flatten()])
    assert len(model.weights) == 6
    assert [v.name for v in model.non_trainable_weights] == ['moving_mean', 'moving_variance']
    model.trainable = False
    assert model.trainable_weights == [] and len(model.non_trainable_weights) == 6


def test_summary_matches_keras_layout(terminal_80):
    model = seed_model()
    model(np.ones((32, 8)))
    lines = []
    model.summary(print_fn=lines.append)
    # the text keras.Sequential.summary(print_fn=...) gives for this model (Keras 3.15, 80 columns)
    assert lines == [
        'Model: "sequential"\n'
        '┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓\n'
        '┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃\n'
        '┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩\n'
        '│ dense (Dense)                   │ (32, 30)               │           270 │\n'
        '├─────────────────────────────────┼────────────────────────┼───────────────┤\n'
        '│ dense_1 (Dense)                 │ (32, 1)                │            31 │\n'
        '└─────────────────────────────────┴────────────────────────┴───────────────┘\n'
        ' Total params: 301 (1.18 KB)\n'
        ' Trainable params: 301 (1.18 KB)\n'
        ' Non-trainable params: 0 (0.00 B)\n']


def test_summary_wraps_names_and_counts_non_trainable(terminal_80, capsys):
    model = Sequential([Dense(4, input_shape=(3,)), BatchNormalization(), Dense(2)])
    model.summary()
    text = capsys.readouterr().out
    assert '│ batch_normalization             │ (None, 4)              │            16 │\n' \
           '│ (BatchNormalization)            │                        │               │' in text
    assert text.endswith(' Total params: 42 (168.00 B)\n Trainable params: 34 (136.00 B)\n'
                         ' Non-trainable params: 8 (32.00 B)\n')


def test_summary_of_unbuilt_model_and_narrow_table():
    lines = []
    Sequential([Dense(3)]).summary(print_fn=lines.append, line_length=76)
    assert '│ dense (Dense)                   │ ?                      │   0 (unbuilt) │' in lines[0]
    model = Sequential([Dense(1000), Dense(1)])
    model.build((None, 2000))
    lines = []
    model.summary(print_fn=lines.append, line_length=60, show_trainable=True)
    # Keras 3.15's text: words too long for a column end in an ellipsis
    assert lines[0].splitlines()[2:5] == [
        '┃ Layer (type)          ┃ Output Shape     ┃ Param # ┃ Tr… ┃',
        '┡━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━╇━━━━━━━━━╇━━━━━┩',
        '│ dense_1 (Dense)       │ (None, 1000)     │ 2,001,… │  Y  │']


def test_config_round_trip_rebuilds_the_same_architecture():
    model = Sequential([Input((8,)), Dense(30, activation='elu', kernel_regularizer=regularizers.l2(0.05)),
                        Dropout(0.2), Dense(1)], name='regressor')
    config = model.get_config()
    assert [c['class_name'] for c in config['layers']] == ['InputLayer', 'Dense', 'Dropout', 'Dense']
    assert config['build_input_shape'] == (None, 8)
    clone = Sequential.from_config(config)
    assert clone.name == 'regressor' and clone.built
    assert [type(layer) for layer in clone.layers] == [Dense, Dropout, Dense]
    assert clone.get_config() == config
    assert [v.shape for v in clone.weights] == [v.shape for v in model.weights]


def test_custom_layers_round_trip_through_custom_objects():
    class Scale(Layer):
        def __init__(self, factor=2.0, **kwargs):
            super().__init__(**kwargs)
            self.factor = factor

        def call(self, inputs):
            return inputs * self.factor

        def get_config(self):
            return {**super().get_config(), 'factor': self.factor}

    model = Sequential([Dense(2, input_shape=(3,)), Scale(3.0)])
    with pytest.raises(ValueError, match="custom_objects=.*'Scale'"):
        Sequential.from_config(model.get_config())
    clone = Sequential.from_config(model.get_config(), custom_objects={'Scale': Scale})
    assert clone.layers[1].factor == 3.0


def test_nested_sequential_and_training_flag_reaches_dropout():
    inner = Sequential([Dense(50, kernel_initializer='ones'), Dropout(0.5, seed=3)])
    outer = Sequential([inner, Dense(1)])
    x = np.ones((4, 2))
    assert np.all(inner(x).numpy() == 2.0)
    zeros = (inner(x, training=True).numpy() == 0).mean()
    assert 0.3 < zeros < 0.7
    assert tuple(outer(x, training=True).shape) == (4, 1)
    # paths are fixed where a weight is built: inner was built alone, the last Dense inside outer
    assert [v.path for v in outer.weights] == ['sequential/dense/kernel', 'sequential/dense/bias',
                                               'sequential_1/dense_1/kernel', 'sequential_1/dense_1/bias']
