"""The model-graph attributes ported Keras programs read: a Sequential's inputs /
outputs (and each layer's output) once built, feature extraction with
``Model(inputs=seq.inputs, outputs=seq.layers[-2].output)``, and a Model
subclass that builds its graph in ``__init__`` (Keras 3 behaviour, checked
against Keras 3.15 by hand: shapes and the AttributeError before building)."""
import numpy as np
import pytest

from framework import keras
from framework.losses.tensor_notes import get_keras_mask

L = keras.layers
X = np.linspace(-1, 1, 20).reshape(4, 5).astype('float32')


def _relu(x):
    return np.maximum(x, 0)


@pytest.mark.parametrize('how', ['input', 'input_shape'])
def test_a_sequential_with_an_input_has_graph_ends(how):
    first = L.Dense(3, activation='relu', input_shape=(5,)) if how == 'input_shape' else L.Dense(3, activation='relu')
    layers = [first, L.Dense(2)] if how == 'input_shape' else [keras.Input((5,)), first, L.Dense(2)]
    model = keras.Sequential(layers)
    assert [t.shape for t in model.inputs] == [(None, 5)] and [t.shape for t in model.outputs] == [(None, 2)]
    # TF 2.21 (Keras 3): a Sequential never called on a KerasTensor has no .input / .output, though built
    for attribute in ('input', 'output'):
        with pytest.raises(AttributeError, match='The layer %s has never been called and thus has no defined %s.'
                           % (model.name, attribute)):
            getattr(model, attribute)
    assert model.input_shape == (None, 5) and model.output_shape == (None, 2)
    assert model.layers[0].input is model.inputs[0] and model.layers[-1].output is model.outputs[0]
    assert model.layers[0].output.shape == (None, 3)


def test_feature_extraction_from_a_sequential_shares_its_weights():
    model = keras.Sequential([keras.Input((5,)), L.Dense(3, activation='relu', name='hidden'), L.Dense(2)])
    features = keras.Model(inputs=model.inputs, outputs=model.layers[-2].output)
    kernel, bias = model.get_layer('hidden').get_weights()
    np.testing.assert_allclose(features(X).numpy(), _relu(X @ kernel + bias), rtol=1e-5, atol=1e-6)
    assert features.layers[-1] is model.layers[0]
    both = keras.Model(inputs=model.inputs, outputs=[layer.output for layer in model.layers])
    hidden, out = both(X)
    np.testing.assert_allclose(out.numpy(), model(X).numpy(), rtol=1e-6)


def test_a_sequential_without_an_input_has_no_graph_until_built():
    model = keras.Sequential([L.Dense(3), L.Dense(1)])
    # Keras 3's texts (TF 2.21); tapeflow's hint is a note
    for attribute in ('inputs', 'outputs'):
        with pytest.raises(AttributeError) as caught:
            getattr(model, attribute)
        assert str(caught.value) == "Sequential model '%s' has no defined %s yet." % (model.name, attribute)
        assert 'Start it with keras.Input' in caught.value.__notes__[0]
    for attribute in ('input', 'output'):
        with pytest.raises(AttributeError) as caught:
            getattr(model, attribute)
        assert str(caught.value) == 'The layer %s has never been called and thus has no defined %s.' % (
            model.name, attribute)
    model.build((None, 5))
    assert model.inputs[0].shape == (None, 5) and model.outputs[0].shape == (None, 1)
    called = keras.Sequential([L.Dense(3), L.Dense(1)])
    called(X)                                   # Keras 3 keeps the called batch size here
    assert called.inputs[0].shape == (4, 5) and called.outputs[0].shape == (4, 1)


def test_adding_a_layer_moves_the_output():
    model = keras.Sequential([keras.Input((5,)), L.Dense(3)])
    model.add(L.Dense(7))
    assert model.outputs[0].shape == (None, 7) and model.outputs[0] is model.layers[-1].output
    model.pop()
    assert model.outputs[0].shape == (None, 3)


def test_feature_extraction_keeps_the_mask_of_a_sequence_model():
    ids = np.array([[4, 2, 0, 0], [1, 3, 5, 0]], 'int32')
    model = keras.Sequential([keras.Input((4,), dtype='int32'), L.Embedding(10, 3, mask_zero=True),
                              L.LSTM(2, return_sequences=True), L.GlobalAveragePooling1D(), L.Dense(1)])
    features = keras.Model(inputs=model.inputs, outputs=model.layers[1].output)
    sequence = features(ids)
    assert get_keras_mask(sequence).numpy().tolist() == (ids != 0).tolist()
    np.testing.assert_array_equal(sequence.numpy()[0, 2], sequence.numpy()[0, 1])     # masked step repeats


class TwoDense(keras.Model):
    """A Model subclass that builds its graph in __init__, as Keras 3 allows."""

    def __init__(self, units=2, **kwargs):
        inputs = keras.Input((5,))
        hidden = L.Dense(4, activation='relu')(inputs)
        super().__init__(inputs=inputs, outputs=L.Dense(units)(hidden), **kwargs)
        self.units = units

    def describe(self):
        return '%s with %d outputs' % (self.name, self.units)


def test_a_model_subclass_may_pass_inputs_and_outputs_to_init():
    model = TwoDense(3, name='two')
    assert isinstance(model, TwoDense) and isinstance(model, L.Functional) and type(model).__name__ == 'TwoDense'
    assert model.describe() == 'two with 3 outputs' and model.output_shape == (None, 3)
    assert len(model.layers) == 3 and len(model.trainable_weights) == 4
    hidden, out = model.layers[1], model.layers[2]
    expected = _relu(X @ hidden.kernel.numpy() + hidden.bias.numpy()) @ out.kernel.numpy() + out.bias.numpy()
    np.testing.assert_allclose(model(X).numpy(), expected, rtol=1e-5, atol=1e-6)
    model.compile(optimizer='sgd', loss='mse')
    history = model.fit(X, np.ones((4, 3), 'float32'), epochs=2, verbose=0).history
    assert history['loss'][1] < history['loss'][0]


def test_a_model_subclass_keeps_its_own_call():
    class Doubled(TwoDense):
        def call(self, inputs, training=None):
            return super().call(inputs, training=training) * 2.0

    model = Doubled()
    plain = keras.Model(model.inputs, model.outputs)
    np.testing.assert_allclose(model(X).numpy(), 2 * plain(X).numpy(), rtol=1e-6)


def test_a_built_sequentials_missing_input_points_to_inputs():
    # TF 2.21 raises for .input / .output of a Sequential never called on a KerasTensor; tapeflow's note says
    # what Keras 3 has instead
    model = keras.Sequential([keras.Input((5,)), L.Dense(2)])
    with pytest.raises(AttributeError) as caught:
        model.input
    assert caught.value.__notes__ == ['Keras 3 defines .input only after a call on a KerasTensor; this built model '
                                      'has .inputs (a list): use model.inputs[0]']
    x = keras.Input((5,))
    y = model(x)
    assert model.input is x and model.output is y
