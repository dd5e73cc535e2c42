"""A layer's first argument given by its name is, to Keras 3, a keyword argument like any other: nothing in it
is refused, its arrays are converted, Python values and composites reach call() as they are, and the layer
builds from its shape only where it is a tensor argument. Positionally, an ExtensionType is refused as any
non-tensor is (tf.is_tensor is False for it). Values: TF 2.21 (/work/notes/progs/tutorials56/probes/keras_ext.py,
/tmp/kw3.py of session 47)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


class Network(tf.experimental.ExtensionType):
    work: tf.Tensor
    bandwidth: tf.Tensor


class NetworkHandler(keras.layers.Layer):
    def call(self, network):
        return network.work / network.bandwidth


class Recorder(keras.layers.Layer):
    def build(self, input_shape):
        self.build_shape = input_shape

    def call(self, x):
        return x


NET = Network(tf.constant([5., 3.]), tf.constant([1., 2.]))


@pytest.mark.parametrize('inputs', [NET, [NET], {'a': NET}])
def test_an_extension_type_given_positionally_is_refused(inputs):
    with pytest.raises(ValueError) as info:
        NetworkHandler()(inputs)
    assert str(info.value).startswith(
        'Only input tensors may be passed as positional arguments. The following argument value should be passed '
        'as a keyword argument: Network(work=<tf.Tensor: shape=(2,), dtype=float32, numpy=array([5., 3.], '
        'dtype=float32)>, bandwidth=<tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 2.], dtype=float32)>) '
        '(of type <class ')


def test_an_extension_type_given_by_name_reaches_call():
    np.testing.assert_array_equal(NetworkHandler()(network=NET).numpy(), [5., 1.5])
    layer = Recorder()
    assert layer(x=NET) is NET
    assert layer.build_shape is None


@pytest.mark.parametrize('value, build_shape, kind', [
    (3.0, None, float),
    ('abc', None, str),
    ([1.0, 2.0], None, list),
    (np.ones((2, 3)), (2, 3), tf.Tensor),
    ([np.ones((2, 3)), np.ones((2,))], [(2, 3), (2,)], list),
])
def test_a_named_first_argument_is_converted_as_a_keyword_argument(value, build_shape, kind):
    layer = Recorder()
    result = layer(x=value)
    assert isinstance(result, kind)
    assert layer.build_shape == build_shape
    if isinstance(value, list) and isinstance(value[0], np.ndarray):
        assert all(isinstance(v, tf.Tensor) for v in result)
        assert result[0].dtype == tf.float32
    elif kind is not tf.Tensor:
        assert result is value or result == value


def test_a_positional_python_value_is_still_refused():
    with pytest.raises(ValueError, match='Only input tensors may be passed as positional arguments'):
        Recorder()(3.0)
