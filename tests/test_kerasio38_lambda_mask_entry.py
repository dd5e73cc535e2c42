"""A Lambda's saved 'mask' entry is not read back, as in Keras 3.15.

TF 2.21 (/work/notes/progs/kerasio38/p19.py, p20.py): Lambda.from_config deserializes 'function'
and 'output_shape' only, so a model with Lambda(double, mask=lambda i, m: None) loads in safe mode
(load_model(..., custom_objects={'double': double}) -> Functional), a named mask function needs
no custom_objects, and the loaded layer's mask is the saved entry itself (a TrackedDict), which
its get_config gives back unchanged. tapeflow refused the lambda mask ("Requested the
deserialization of a `Lambda` layer whose `function` is a Python lambda ...") and asked for the
named one ("Could not locate function 'mymask'").
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers


def double(t):
    return t * 2


def named_mask(inputs, mask):
    return mask


@pytest.mark.parametrize('mask', [lambda inputs, mask: None, named_mask], ids=['lambda', 'named'])
@pytest.mark.parametrize('suffix', ['.keras', '.h5'])
def test_a_mask_entry_loads_in_safe_mode_as_the_saved_entry(tmp_path, mask, suffix):
    keras.backend.clear_session()
    inp = keras.Input((3,), name='x')
    model = keras.Model(inp, L.Lambda(double, mask=mask, name='l')(inp))
    saved_entry = model.layers[1].get_config()['mask']
    model.save(tmp_path / ('m' + suffix))
    loaded = keras.models.load_model(tmp_path / ('m' + suffix), custom_objects={'double': double})
    layer = loaded.layers[1]
    assert dict(layer.mask) == saved_entry and layer.get_config()['mask'] == saved_entry
    np.testing.assert_array_equal(loaded.predict(-np.ones((2, 3), 'float32'), verbose=0), -2 * np.ones((2, 3)))
    loaded.save(tmp_path / ('again' + suffix))      # and it saves again, as TF's does


def test_a_lambda_function_is_still_refused(tmp_path):
    inp = keras.Input((3,))
    keras.Model(inp, L.Lambda(lambda t: t * 2, mask=named_mask)(inp)).save(tmp_path / 'm.keras')
    with pytest.raises(ValueError, match='Requested the deserialization of a `Lambda` layer'):
        keras.models.load_model(tmp_path / 'm.keras')
