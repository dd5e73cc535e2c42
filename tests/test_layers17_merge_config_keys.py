"""The elementwise merge layers' get_config, as Keras 3's Merge writes it (its own get_config, so no automatic
config from the constructor's keywords): TF 2.21 gives the keys name, trainable, dtype in that order whatever
the layer was made with (notes progs/layers17/cfg2.py)."""
import json

import pytest

from framework import keras

_MERGES = ['Add', 'Subtract', 'Multiply', 'Average', 'Maximum', 'Minimum']


@pytest.mark.parametrize('name', _MERGES)
@pytest.mark.parametrize('kwargs', [{}, {'dtype': 'float32'}, {'dtype': 'mixed_float16', 'trainable': False, 'name': 'zz'},
                                    {'name': 'q', 'autocast': False}])
def test_merge_config_keys(name, kwargs):
    config = getattr(keras.layers, name)(**kwargs).get_config()
    # tapeflow gave ['name', 'dtype', 'trainable'] and kept autocast=False among them
    assert list(config) == ['name', 'trainable', 'dtype']


def test_merge_config_prints_as_keras():
    layer = keras.layers.Add(dtype='mixed_float16', name='sum')
    assert json.dumps(layer.get_config()) == (
        '{"name": "sum", "trainable": true, "dtype": {"module": "keras", "class_name": "DTypePolicy", '
        '"config": {"name": "mixed_float16"}, "registered_name": null}}')
    again = keras.layers.Add.from_config(layer.get_config())
    assert again.get_config() == layer.get_config() and again.dtype_policy.name == 'mixed_float16'


def _message(fn):
    with pytest.raises(ValueError) as caught:
        fn()
    return str(caught.value)


def test_merge_build_errors_show_shapes_as_given():
    # TF 2.21 prints the shapes a build by hand was given: lists stay lists (tapeflow made them tuples)
    assert _message(lambda: keras.layers.Add().build([None, 5, 2])) == (
        'A merge layer should be called on a list of inputs. Received: input_shape=[None, 5, 2] (not a list of shapes)')
    assert _message(lambda: keras.layers.Add().build([[None, 3], [None, 4]])) == (
        'Inputs have incompatible shapes. Received shapes [3] and [4]')
    assert _message(lambda: keras.layers.Dot(1).build([[None, 3], [None, 4]])) == (
        'Incompatible input shapes: axis values 3 (at axis 1) != 4 (at axis 1). Full input shapes: [None, 3], [None, 4]')


def test_merge_call_errors_keep_tuples():
    assert _message(lambda: keras.layers.Add()([keras.Input((3,)), keras.Input((4,))])) == (
        'Inputs have incompatible shapes. Received shapes (3,) and (4,)')
    assert keras.layers.Add().compute_output_shape([[None, 3], [None, 1, 3]]) == (None, 1, 3)
