"""Symbolic calls of built models check their inputs as Keras 3.15's InputSpec check does.

A built Sequential hands a symbolic call to its inner Functional's compute_output_spec, which checks
the inputs against that Functional's InputSpec (dict keys, count, shape) whether the input carries a
mask or not; the error reads as Sequential.call()'s. A functional model checks the names and count
in its __call__, before any output is found: bare errors. Golden texts: TF 2.21 / Keras 3.15 on this
machine (/work/notes/progs/seqinputs/sweep1.py; tapeflow built an output for the masked case, spoke of
a tuple of shapes for two tensors and "Model 'fm' expects 2 input shape(s)" for the functional ones).
"""
import re
import warnings

import numpy as np
import pytest

from framework import keras
from framework.keras import layers


def _error_text(model, inputs):
    with pytest.raises(ValueError) as info:
        model(inputs)
    return str(info.value)


def _sequential():
    keras.backend.clear_session()       # its Input is 'input_layer', its Functional 'functional', as in the TF run
    return keras.Sequential([keras.Input((4, 3)), layers.Dense(2)])


def _bold(text):
    return text.split('\x1b[1m')[1].split('\x1b[0m')[0]


def test_masked_keras_tensor_of_wrong_shape_is_refused():
    model = _sequential()
    ids = keras.Input((5,), dtype='int32')
    embedded = layers.Embedding(10, 3, mask_zero=True)(ids)
    text = _error_text(model, embedded)
    assert text.startswith('Exception encountered when calling Sequential.call().\n\n')
    assert _bold(text) == ("Input 0 with name 'input_layer' of layer 'functional' is incompatible with the layer: "
                           'expected shape=(None, 4, 3), found shape=(None, 5, 3)')
    assert re.search(r"\n  \u2022 kwargs=\{'mask': '<KerasTensor shape=\(None, 5\), dtype=bool, sparse=False, "
                     r"ragged=False, name=keras_tensor_\d+>'\}$", text)


def test_masked_keras_tensor_of_right_shape_still_builds():
    ids = keras.Input((4,), dtype='int32')
    embedded = layers.Embedding(10, 3, mask_zero=True)(ids)
    assert _sequential()(embedded).shape == (None, 4, 2)


@pytest.mark.parametrize('container', [list, tuple])
def test_two_keras_tensors_are_counted_before_shapes(container):
    text = _error_text(_sequential(), container([keras.Input((4, 3)), keras.Input((4, 3))]))
    assert _bold(text) == ('Layer "functional" expects 1 named input(s) with keys [\'input_layer\'], but it '
                           "received 2 input tensors. Pass inputs as a dict, e.g. `layer({'input_layer': ...})`.")
    mask = "['None', 'None']" if container is list else "('None', 'None')"
    assert text.endswith("\n  \u2022 kwargs={'mask': %s}" % mask)


def test_dict_is_read_by_the_input_name():
    model = _sequential()
    assert model({'input_layer': keras.Input((4, 3))}).shape == (None, 4, 2)
    text = _error_text(model, {'a': keras.Input((4, 3))})
    assert _bold(text) == ('Missing data for input "input_layer". You passed a data dictionary with keys [\'a\']. '
                           "Expected the following keys: ['input_layer']")


def _dict_model():
    a, b = keras.Input((3,), name='a'), keras.Input((2,), name='b')
    return keras.Model({'a': a, 'b': b}, layers.Dense(1)(layers.Concatenate()([a, b])), name='fm')


def _list_model():
    a, b = keras.Input((3,), name='a2'), keras.Input((2,), name='b2')
    return keras.Model([a, b], layers.Dense(1)(layers.Concatenate()([a, b])), name='fl')


def test_functional_dict_missing_key_is_refused_bare():
    assert _error_text(_dict_model(), {'a': keras.Input((3,))}) == (
        'Missing data for input "b". You passed a data dictionary with keys [\'a\']. '
        "Expected the following keys: ['a', 'b']")


def test_functional_dict_extra_key_gives_outputs_without_warning():
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        out = _dict_model()({'a': keras.Input((3,)), 'b': keras.Input((2,)), 'c': keras.Input((2,))})
    assert out.shape == (None, 1)


@pytest.mark.parametrize('count', [1, 3])
def test_functional_list_of_other_length_is_refused_bare(count):
    inputs = [keras.Input((3,)), keras.Input((2,)), keras.Input((2,))][:count]
    assert _error_text(_list_model(), inputs) == (
        'Layer "fl" expects 2 named input(s) with keys [\'a2\', \'b2\'], but it received %d input tensors. '
        "Pass inputs as a dict, e.g. `layer({'a2': ..., 'b2': ...})`." % count)


def test_eager_dict_with_extra_key_still_warns():
    model = _dict_model()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        out = model({'a': np.ones((2, 3), 'float32'), 'b': np.ones((2, 2), 'float32'),
                     'c': np.ones((2, 2), 'float32')})
    assert out.shape == (2, 1)
    assert [str(w.message) for w in caught] == [
        "The structure of `inputs` doesn't match the expected structure.\nExpected: {'a': 'a', 'b': 'b'}\n"
        "Received: inputs={'a': 'Tensor(shape=(2, 3))', 'b': 'Tensor(shape=(2, 2))', 'c': 'Tensor(shape=(2, 2))'}"]
