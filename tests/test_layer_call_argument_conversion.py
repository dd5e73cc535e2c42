"""Keras 3's Layer.__call__ converts the arrays among a call's other arguments too (nested in lists,
tuples and dicts) and casts the floating ones to the layer's dtype where it autocasts; Python values
stay as given. Expected values printed by TF 2.21 / Keras 3.15 (progs/me24/argconv.py)."""
import numpy as np

import framework as tf
from framework import keras

SEEN = []


class Probe(keras.layers.Layer):
    def call(self, x, extra=None, mask=None, lst=None, flag=None, mode=None, training=None):
        SEEN.append(dict(x=x, extra=extra, mask=mask, lst=lst, flag=flag, mode=mode))
        return x


def _kinds(layer, *args, **kwargs):
    SEEN.clear()
    layer(*args, **kwargs)
    out = {}
    for name, value in SEEN[0].items():
        if isinstance(value, (list, tuple)):
            out[name] = (type(value).__name__, [(tf.is_tensor(v), v.dtype.name) for v in value])
        elif isinstance(value, dict):
            out[name] = {k: (tf.is_tensor(v), v.dtype.name) for k, v in value.items()}
        else:
            out[name] = (tf.is_tensor(value), value.dtype.name if tf.is_tensor(value) else type(value).__name__)
    return out


def test_numpy_arguments_become_tensors_cast_to_the_layer_dtype():
    kinds = _kinds(Probe(), np.ones((2, 3)), np.ones((2, 3)), mask=np.ones((2,), bool),
                   lst=[np.ones(2), np.zeros(1, 'int32')], flag=np.float64(2.0))
    assert kinds == {'x': (True, 'float32'), 'extra': (True, 'float32'), 'mask': (True, 'bool'),
                     'lst': ('list', [(True, 'float32'), (True, 'int32')]), 'flag': (True, 'float32'),
                     'mode': (False, 'NoneType')}


def test_integers_keep_their_dtype_and_python_values_stay_as_given():
    kinds = _kinds(Probe(), np.ones((2, 3), 'float32'), extra=np.arange(3), lst=(np.ones(2, 'int64'),), flag=2.0,
                   mode='sum')
    assert kinds == {'x': (True, 'float32'), 'extra': (True, 'int64'), 'mask': (False, 'NoneType'),
                     'lst': ('tuple', [(True, 'int64')]), 'flag': (False, 'float'), 'mode': (False, 'str')}


def test_an_autocast_false_layer_converts_without_casting():
    kinds = _kinds(Probe(autocast=False), np.ones((2, 3), 'float32'), extra=np.ones(3),
                   lst={'a': np.ones(1, 'float16')})
    assert kinds['extra'] == (True, 'float64')
    assert kinds['lst'] == {'a': (True, 'float16')}


def test_tensor_arguments_are_cast_to_a_float64_layer():
    kinds = _kinds(Probe(dtype='float64'), np.ones((2, 3), 'float32'), extra=tf.ones(3),
                   flag=tf.constant(1.0, 'float16'))
    assert kinds['x'] == kinds['extra'] == kinds['flag'] == (True, 'float64')


def test_a_numpy_mask_argument_has_the_tensor_methods():
    class Scaled(keras.layers.Layer):
        def call(self, x, mask=None):
            return x * mask.numpy().sum()

    out = Scaled()(np.ones((2, 3), 'float32'), mask=np.ones((2, 3), 'float32'))
    assert out.numpy().tolist() == [[6.0, 6.0, 6.0], [6.0, 6.0, 6.0]]
