"""Layer.__call__'s direct path for a built Dense or Sequential on a batch (layers/layer.py PLAIN_CALLS):
the same outputs, stack entries, training flags, conversions and errors as the full path."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from layers import call_context
from layers.layer import PLAIN_CALLS


def _model(*extra):
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.layers.Dense(5, activation='elu'), *extra, keras.layers.Dense(2)])
    model.build((None, 4))
    return model


def _full_path(model, x, training):
    """The same call through __call__'s general path (_call_concrete for each layer)."""
    saved = dict(PLAIN_CALLS)
    PLAIN_CALLS.clear()
    try:
        return model(x, training=training)
    finally:
        PLAIN_CALLS.update(saved)


def test_dense_and_sequential_take_the_direct_path():
    assert PLAIN_CALLS[keras.layers.Dense] is False and PLAIN_CALLS[keras.Sequential] is True


@pytest.mark.parametrize('batch', [np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4),
                                   np.linspace(-2, 2, 12).reshape(3, 4),          # float64: cast to float32
                                   np.arange(12).reshape(3, 4)])                   # int64: promoted by Dense
def test_outputs_and_recorded_ops_equal_the_full_paths(batch):
    model = _model()
    with tf.GradientTape() as tape:
        direct = model(batch, training=True)
    with tf.GradientTape() as full_tape:
        full = _full_path(model, batch, True)
    assert direct.dtype == full.dtype == tf.float32
    assert direct.numpy().tobytes() == full.numpy().tobytes()
    assert [n[3] for n in tape._nodes] == [n[3] for n in full_tape._nodes] == ['affine_elu', 'affine']
    grads = tape.gradient(direct, model.trainable_variables)
    full_grads = full_tape.gradient(full, model.trainable_variables)
    assert [g.numpy().tobytes() for g in grads] == [g.numpy().tobytes() for g in full_grads]


def test_the_training_flag_reaches_layers_after_a_direct_dense():
    model = _model(keras.layers.Dropout(0.5, seed=1))
    x = np.ones((64, 4), np.float32)
    hidden = keras.Sequential(model.layers[:2])
    assert (hidden(x, training=True).numpy() == 0).any()        # Dropout inherits training=True
    assert not (hidden(x, training=False).numpy() == 0).any()
    assert not (hidden(x).numpy() == 0).any()                  # Keras's default: inference


def test_a_dense_call_is_on_the_layer_stack_while_its_activation_runs():
    seen = []

    def activation(z):
        seen.append(call_context.current_layer())
        return z

    dense = keras.layers.Dense(3, activation=activation)
    dense(np.ones((1, 2), np.float32))
    seen.clear()
    dense(tf.ones((1, 2)))
    assert seen == [dense]
    assert call_context.current_layer() is None


def test_an_error_in_the_direct_path_is_raised_as_the_full_path_raises_it():
    model = _model()
    with pytest.raises(ValueError) as direct:
        model(np.ones((2, 5), np.float32))
    with pytest.raises(ValueError) as full:
        _full_path(model, np.ones((2, 5), np.float32), None)
    assert str(direct.value) == str(full.value)
    assert "of layer 'dense" in str(direct.value) and 'expected axis -1 of input shape to have value 4' \
        in str(direct.value)
    assert call_context.state().stack == []      # nothing left on the stack


def test_a_subclass_of_dense_keeps_the_full_path():
    class Scaled(keras.layers.Dense):
        def call(self, inputs, training=None):
            return super().call(inputs) * (2.0 if training else 1.0)

    layer = Scaled(2, kernel_initializer='ones')
    x = tf.ones((1, 3))
    layer(x)
    assert type(layer) not in PLAIN_CALLS
    assert layer(x, training=True).numpy().tolist() == [[6.0, 6.0]]
    assert layer(x).numpy().tolist() == [[3.0, 3.0]]


def test_activity_regularizer_losses_follow_the_latest_call():
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.layers.Dense(3, kernel_initializer='ones'),
                              keras.layers.Dense(1, activity_regularizer=keras.regularizers.l2(0.5),
                                                 kernel_initializer='ones')])
    model(np.ones((1, 2), np.float32))
    first = [float(v) for v in model.losses]
    model(np.zeros((1, 2), np.float32))
    assert first == [18.0] and [float(v) for v in model.losses] == [0.0]


def test_a_failing_layer_inside_a_direct_sequential_runs_once_per_call():
    runs = []

    def fails_on_pairs(x):
        runs.append(x.shape[0])
        if x.shape[0] == 2:
            raise ValueError('no pairs')
        return x

    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3), keras.layers.Lambda(fails_on_pairs)])
    runs.clear()
    with pytest.raises(ValueError) as caught:
        model(np.ones((2, 4), np.float32), training=True)
    assert runs == [2]
    assert 'Exception encountered when calling Lambda.call()' in str(caught.value)
    assert call_context.state().stack == []
