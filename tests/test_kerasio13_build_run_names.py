"""A layer without a build() whose sublayers are unbuilt, first called on KerasTensors, numbers its outputs
as Keras 3 does.

Keras 3's ``_maybe_build`` builds such a layer by running its call through backend.compute_output_spec,
which makes a KerasTensor of each tensor the call returns; the real symbolic call then makes the outputs,
so they are numbered one past what a built layer's would be. keras.io's
structured_data/feature_preprocessing_layer.py prints the output of its FeaturePreprocessor model on the
Inputs: keras_tensor_5 on TF 2.21, keras_tensor_4 here before. Goldens: TF 2.21 + Keras 3
(/work/notes/progs/kerasio13/d4.py, d5.py).
"""
import re

import pytest

from framework import keras
from framework.keras import layers


def number(tensor):
    return int(re.fullmatch(r'keras_tensor(?:_(\d+))?', tensor.name).group(1) or 0)


def make(base, call):
    class Wrapper(base):
        def __init__(self):
            super().__init__()
            self.dense = layers.Dense(2)

        def call(self, x):
            return call(self, x)
    return Wrapper()


@pytest.mark.parametrize('base', [layers.Layer, keras.Model])
@pytest.mark.parametrize('wrap, call', [
    (lambda x: x, lambda self, x: self.dense(x)),
    (lambda x: {'a': x}, lambda self, x: self.dense(x['a'])),
    (lambda x: [x], lambda self, x: self.dense(x[0])),
])
def test_the_build_run_takes_one_name(base, wrap, call):
    inputs = keras.Input(shape=(1,))
    out = make(base, call)(wrap(inputs))
    assert number(out) == number(inputs) + 2         # TF: keras_tensor_8 -> keras_tensor_10


def test_two_outputs_take_two_names():
    class Two(layers.Layer):
        def __init__(self):
            super().__init__()
            self.dense = layers.Dense(2)

        def call(self, x):
            y = self.dense(x)
            return y, y + 1.0
    inputs = keras.Input(shape=(1,))
    first, second = Two()(inputs)
    assert (number(first), number(second)) == (number(inputs) + 3, number(inputs) + 4)


def test_a_built_layer_or_one_with_built_sublayers_takes_none():
    inputs = keras.Input(shape=(1,))
    layer = make(layers.Layer, lambda self, x: self.dense(x))
    first = layer(inputs)
    assert number(layer(inputs)) == number(first) + 1
    built = make(layers.Layer, lambda self, x: self.dense(x))
    built.dense.build((None, 1))
    assert number(built(keras.Input(shape=(1,)))) == number(first) + 3


def test_the_example_s_preprocessor_model():
    # a Sequential with an InputLayer, then a Model holding it and an unbuilt Normalization in a dict
    seq = keras.Sequential([layers.InputLayer(shape=(1,), dtype='string'), layers.StringLookup(vocabulary=['x']),
                            layers.Embedding(3, 2), layers.Reshape((-1,))])
    start = number(seq.outputs[0])

    class Preprocessor(keras.Model):
        def __init__(self):
            super().__init__()
            self.norm = {'a': layers.Normalization(mean=0., variance=1.)}
            self.seq = seq

        def call(self, inputs):
            return layers.concatenate([self.norm['a'](inputs['a']), self.seq(inputs['s'])])
    out = Preprocessor()({'a': keras.Input(shape=(1,), name='a'),
                          's': keras.Input(shape=(1,), dtype='string', name='s')})
    assert number(out) == start + 2                  # TF: keras_tensor_3, then keras_tensor_5
    assert out.shape == (None, 3)
