"""keras.saving.serialize_keras_object / deserialize_keras_object of a KerasTensor and an InputSpec, and
Keras 3's refusal of a class missing from a Keras module, as TF 2.21 prints them
(/work/notes/progs/kerasio40/p12.py, p21.py, p22.py)."""
import pytest

from framework import keras

saving = keras.saving


def test_keras_tensor_entry_and_a_new_tensor_back():
    keras.backend.clear_session()
    inputs = keras.Input((2,), name='a')
    hidden = keras.layers.Dense(3)(inputs)
    # TF 2.21: {'class_name': '__keras_tensor__', 'config': {'shape': (None, 3), 'dtype': 'float32',
    #           'keras_history': ['dense', 0, 0]}}; an Input's history names its InputLayer
    assert saving.serialize_keras_object(hidden) == {
        'class_name': '__keras_tensor__',
        'config': {'shape': (None, 3), 'dtype': 'float32', 'keras_history': ['dense', 0, 0]}}
    assert saving.serialize_keras_object(inputs)['config']['keras_history'] == ['a', 0, 0]
    loose = keras.KerasTensor((None, 4), dtype='int32')
    assert saving.serialize_keras_object(loose)['config'] == {'shape': (None, 4), 'dtype': 'int32',
                                                             'keras_history': None}
    back = saving.deserialize_keras_object(saving.serialize_keras_object(hidden))
    assert isinstance(back, keras.KerasTensor) and back.shape == (None, 3) and back is not hidden


def test_input_spec_is_filed_under_keras():
    spec = keras.layers.InputSpec(shape=(None, 3), dtype='float32', axes={-1: 3})
    # TF 2.21's dict, key for key
    assert saving.serialize_keras_object(spec) == {
        'module': 'keras', 'class_name': 'InputSpec',
        'config': {'dtype': 'float32', 'shape': (None, 3), 'ndim': 2, 'max_ndim': None, 'min_ndim': None,
                   'axes': {-1: 3}, 'optional': False},
        'registered_name': None}
    untyped = keras.layers.InputSpec(shape=(None, 3), axes={-1: 3})
    back = saving.deserialize_keras_object(saving.serialize_keras_object(untyped))
    assert repr(back) == 'InputSpec(shape=(None, 3), ndim=2, axes={-1: 3})'
    assert repr(saving.deserialize_keras_object({'module': 'keras', 'class_name': 'InputSpec',
                                                 'config': {'ndim': 3}})) == 'InputSpec(ndim=3)'


@pytest.mark.parametrize('module', ['keras.layers', 'keras', 'keras.src.models.functional', 'keras.initializers',
                                    'keras.losses'])
@pytest.mark.parametrize('how', ['deserialize_keras_object', 'layers.deserialize'])
def test_a_class_missing_from_a_keras_module(module, how):
    config = {'module': module, 'class_name': 'Nope', 'config': {}, 'registered_name': None}
    call = saving.deserialize_keras_object if how == 'deserialize_keras_object' else keras.layers.deserialize
    with pytest.raises(ValueError) as info:
        call(config)
    assert str(info.value) == "Could not deserialize '%s.Nope' because it is not a KerasSaveable subclass" % module
