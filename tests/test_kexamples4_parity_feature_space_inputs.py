"""FeatureSpace.get_inputs() is a TrackedDict, as Keras 3 holds a layer's dicts, and Keras's tree
tells it from a plain dict: the keras.io FeatureSpace example's inference model, called (or
predict-ed) with a plain dict of tensors, warns that the structures differ, expected keys sorted.
tapeflow gave no warning. Texts derived from TF 2.21 + Keras 3 (kexamples4's p13.py)."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras.utils import FeatureSpace

WARNING = ("The structure of `inputs` doesn't match the expected structure.\n"
           "Expected: {'a': 'a', 'b': 'b'}\n"
           "Received: inputs={'b': 'Tensor(shape=(1,))', 'a': 'Tensor(shape=(1,))'}")


def _feature_space():
    space = FeatureSpace(features={'b': FeatureSpace.float_normalized(), 'a': FeatureSpace.float_normalized()},
                         output_mode='concat')
    values = np.arange(4.0, dtype='float32')
    space.adapt(tf.data.Dataset.from_tensor_slices({'a': values, 'b': values}).batch(2))
    return space


def _messages(fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        fn()
    return [str(w.message) for w in caught if 'structure of `inputs`' in str(w.message)]


def test_model_on_feature_space_inputs_warns_for_a_plain_dict():
    space = _feature_space()
    inputs = space.get_inputs()
    assert list(inputs) == ['b', 'a'] and isinstance(inputs, dict)
    model = keras.Model(inputs, keras.layers.Dense(1)(space.get_encoded_features()))
    plain = {'b': keras.ops.convert_to_tensor([2.0]), 'a': keras.ops.convert_to_tensor([1.0])}
    assert _messages(lambda: model(plain)) == [WARNING]
    assert _messages(lambda: model.predict(plain, verbose=0)) == [WARNING]


def test_model_on_a_plain_dict_of_the_same_inputs_does_not_warn():
    space = _feature_space()
    model = keras.Model(dict(space.get_inputs()), keras.layers.Dense(1)(space.get_encoded_features()))
    plain = {'b': keras.ops.convert_to_tensor([2.0]), 'a': keras.ops.convert_to_tensor([1.0])}
    assert _messages(lambda: model(plain)) == []


def test_saved_config_lists_feature_space_inputs_sorted(tmp_path):
    # TF 2.21: input_layers {'a': ..., 'b': ...}; the reloaded model's inputs are a plain dict, sorted
    space = _feature_space()
    model = keras.Model(space.get_inputs(), keras.layers.Dense(1)(space.get_encoded_features()))
    assert list(model.get_config()['input_layers']) == ['a', 'b']
    model.save(str(tmp_path / 'm.keras'))
    loaded = keras.models.load_model(str(tmp_path / 'm.keras'))
    assert type(loaded.input) is dict and list(loaded.input) == ['a', 'b']
