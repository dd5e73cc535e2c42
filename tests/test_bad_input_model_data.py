"""Bad data given to Model.fit / evaluate / predict, and a Reshape that cannot fit its input.

Compared with TensorFlow 2.21 + Keras 3 (/opt/tfref, 2026-12-02):
- predict(None) crashed there with KeyError('pop from an empty set'); here a ValueError
  in Keras 3's words for other backends ("Unrecognized data type: x=None").
- fit / evaluate on zero samples warn there that the input ran out of data and return
  {} / []; here they raise, as predict on zero samples does, instead of a loss of 0.0.
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
    with pytest.raises(ValueError, match='Unrecognized data type: x=None'):
        compiled_model().predict(None, verbose=0)


@pytest.mark.parametrize('call, words', [
    (lambda m: m.fit(np.ones((0, 3)), np.ones((0, 1)), verbose=0), 'fit: x holds no samples'),
    (lambda m: m.evaluate(np.ones((0, 3)), np.ones((0, 1)), verbose=0), 'evaluate: x holds no samples'),
    (lambda m: m.predict(np.ones((0, 3)), verbose=0), 'predict: x holds no samples'),
], ids=['fit', 'evaluate', 'predict'])
def test_zero_samples_raise_instead_of_a_loss_of_zero(call, words):
    model = compiled_model()
    before = [w.copy() for w in model.get_weights()]
    with pytest.raises(ValueError, match=words):
        call(model)
    for old, new in zip(before, model.get_weights()):
        np.testing.assert_array_equal(old, new)


def test_class_weight_keys_must_be_class_indices():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3)])
    model.compile('sgd', keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    x, y = np.arange(12.).reshape(4, 3), np.array([0, 1, 2, 1])
    with pytest.raises(ValueError, match=r"class_weight: keys must be integer class indices .*'a'"):
        model.fit(x, y, class_weight={'a': 1.}, verbose=0)
    assert len(model.fit(x, y, class_weight={0: 1., 1.0: 2.}, verbose=0).history['loss']) == 1


def test_reshape_of_a_symbolic_input_checks_the_total_size():
    with pytest.raises(ValueError, match=r'cannot reshape an input of shape \(3,\) to target_shape \(4,\)'):
        keras.layers.Reshape((4,))(keras.Input((3,)))
    assert keras.layers.Reshape((3, 1))(keras.Input((3,))).shape == (None, 3, 1)
    assert keras.layers.Reshape((-1, 1))(keras.Input((None,))).shape == (None, None, 1)
