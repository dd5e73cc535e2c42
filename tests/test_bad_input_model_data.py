"""Bad data given to Model.fit / evaluate / predict, and a Reshape that cannot fit its input.

Compared with TensorFlow 2.21 + Keras 3 (/opt/tfref, 2026-12-02):
- predict(None) raises KeyError('pop from an empty set') there, as here (tapeflow's words as a note;
  tests/test_errors23_missing_inputs.py).
- fit / evaluate on zero samples warn there that the input ran out of data and return
  {} / [] (no loss of 0.0), as here; predict on zero samples fails there on an unset local
  (UnboundLocalError), here with a ValueError that says why.
- class_weight={'a': 1.} was taken silently; here a ValueError naming the key.
- Reshape((4,)) on Input((3,)) raises ValueError when the layer is called symbolically.
"""
import numpy as np
import pytest

from framework import keras


def compiled_model():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


def test_predict_of_none_says_what_data_it_takes():
    with pytest.raises(KeyError, match='pop from an empty set') as caught:
        compiled_model().predict(None, verbose=0)
    assert caught.value.__notes__ == ['predict: x (the inputs) is required, got None']


def test_zero_samples_log_nothing_as_keras_and_predict_refuses():
    model = compiled_model()
    before = [w.copy() for w in model.get_weights()]
    with pytest.warns(UserWarning, match='Your input ran out of data'):
        history = model.fit(np.ones((0, 3)), np.ones((0, 1)), epochs=2, verbose=0)
    assert history.history == {} and history.epoch == [0, 1]        # TF 2.21, with its warning
    assert int(model.optimizer.iterations) == 2       # TF's traced step runs once per epoch without a batch
    with pytest.warns(UserWarning, match='Your input ran out of data'):
        assert model.evaluate(np.ones((0, 3)), np.ones((0, 1)), verbose=0) == []
    with pytest.raises(ValueError, match='predict: x holds no samples'):
        model.predict(np.ones((0, 3)), verbose=0)
    for old, new in zip(before, model.get_weights()):
        np.testing.assert_array_equal(old, new)


def test_class_weight_keys_that_are_no_class_index_weigh_nothing():
    # Keras 3 looks each label up with class_weight.get(int(label), 1.0): 'a' matches no label, so the fit
    # is the unweighted one (TF 2.21 trains too; see test_errors13_class_weight_keys for its numbers)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3)])
    model.compile('sgd', keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    x, y = np.arange(12.).reshape(4, 3), np.array([0, 1, 2, 1])
    weights = model.get_weights()
    weighted = model.fit(x, y, class_weight={'a': 1.}, verbose=0, shuffle=False).history['loss']
    model.set_weights(weights)
    assert model.fit(x, y, verbose=0, shuffle=False).history['loss'] == weighted
    assert len(model.fit(x, y, class_weight={0: 1., 1.0: 2.}, verbose=0).history['loss']) == 1


def test_reshape_of_a_symbolic_input_checks_the_total_size():
    # Keras 3's text (TF 2.21); the layer in a note
    with pytest.raises(ValueError, match=r'The total size of the tensor must be unchanged. Received: '
                                         r'input_shape=\(3,\), target_shape=\(4,\)'):
        keras.layers.Reshape((4,))(keras.Input((3,)))
    with pytest.raises(ValueError, match=r'The total size of the tensor must be unchanged, however, the input size '
                                         r'cannot by divided by the specified dimensions in target_shape. '
                                         r'Received: input_shape=\(3,\), target_shape=\(-1, 2\)'):
        keras.layers.Reshape((-1, 2))(keras.Input((3,)))
    assert keras.layers.Reshape((3, 1))(keras.Input((3,))).shape == (None, 3, 1)
    assert keras.layers.Reshape((-1, 1))(keras.Input((None,))).shape == (None, None, 1)


def test_a_sequential_model_takes_one_input_array():
    # Keras 3 flattens [x] into x (with a structure warning); given more arrays its one Input takes
    # the first, after the same warning (TF 2.21 trains on fit([x, x], y) and predicts predict((x, y))).
    model = compiled_model()
    assert model.predict([np.ones((2, 3))], verbose=0).shape == (2, 1)
    with pytest.warns(UserWarning, match="The structure of `inputs` doesn't match the expected structure"):
        history = model.fit([np.ones((10, 3)), np.ones((10, 3))], np.ones((10, 1)), verbose=0).history
    assert list(history) == ['loss']


@pytest.mark.parametrize('shape', [(-3,), (2.5,)])
def test_an_input_shape_with_a_negative_or_fractional_size_is_refused(shape):
    # Keras 3: ValueError "Cannot convert '(-3,)' to a shape. Negative dimensions are not allowed."
    with pytest.raises(ValueError, match="Cannot convert .* to a shape"):
        keras.Input(shape=shape)
    assert keras.Input(shape=(None, 3)).shape == (None, None, 3)


def test_add_weight_refuses_a_negative_size_in_keras_words():
    # Keras 3: ValueError "Cannot convert '(-1, 2)' to a shape. Negative dimensions are not allowed.";
    # the error came from keras.random.uniform's stateless_uniform here.
    layer = keras.layers.Layer()
    with pytest.raises(ValueError) as caught:
        layer.add_weight(shape=(-1, 2), name='w')
    assert str(caught.value) == "Cannot convert '(-1, 2)' to a shape. Negative dimensions are not allowed."


def test_a_loss_dict_key_that_names_no_output_raises_key_error():
    # Keras 3: KeyError "The path: ('wrong',) in the `loss` argument, can't be found in either the model's
    # output (`y_pred`) or in the labels (`y_true`)."; tapeflow said "No loss to compute".
    inputs = keras.Input((3,), name='a')
    model = keras.Model(inputs, {'out': keras.layers.Dense(1)(inputs)})
    model.compile('sgd', {'wrong': 'mse'})
    with pytest.raises(KeyError, match="'wrong'.* `loss` argument"):
        model.fit(np.ones((4, 3)), {'out': np.ones((4, 1))}, verbose=0)
