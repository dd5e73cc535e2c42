"""A layer without a build() of its own stays built when its first call fails, as Keras 3 on TF 2.21 leaves it
(probes /work/notes/progs/layers26/failbuilt.py, failbuilt2.py, failbuilt4.py): Keras's _maybe_build runs the
default Layer.build (which only records the shape) before call(), so a Cropping past the input's size, a
string input to Rescaling or Discretization, a rank-2 input to Resizing or a Lambda whose function raises
leaves the layer built, with count_params() 0 and the failed call's build config. tapeflow undid the build,
so count_params() raised 'isn't built'. A refusal before the build (the input spec) still leaves it unbuilt,
and so does a layer with a build() of its own whose call refuses (Conv1D's output size)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers


def _fails(layer, x, error=ValueError):
    with pytest.raises(error):
        layer(x)
    return layer


@pytest.mark.parametrize('make, shape', [
    (lambda: L.Cropping1D((3, 2)), (2, 5, 4)),
    (lambda: L.Cropping2D(((3, 3), (0, 1))), (2, 6, 5, 3)),
    (lambda: L.Cropping2D(((3, 3), (0, 1)), data_format='channels_first'), (2, 6, 5, 3)),
    (lambda: L.Cropping3D(((2, 2), (0, 1), (0, 0))), (2, 4, 5, 6, 2)),
    (lambda: L.Cropping3D(1, data_format='channels_first'), (2, 4, 5, 6, 2)),
])
def test_a_cropping_past_the_input_leaves_the_layer_built(make, shape):
    layer = _fails(make(), np.ones(shape, 'float32'))
    # TF 2.21: True, 0, {'input_shape': shape}
    assert (layer.built, layer.count_params(), layer.get_build_config()) == (True, 0, {'input_shape': shape})
    assert repr(layer).endswith('built=True>')


def test_a_cropping_layer_works_on_a_later_longer_input():
    layer = _fails(L.Cropping1D((3, 2)), np.ones((2, 5, 4), 'float32'))
    assert tuple(layer(np.ones((2, 7, 4), 'float32')).shape) == (2, 2, 4)      # TF 2.21: (2, 2, 4)


def test_a_string_input_leaves_rescaling_built_and_usable():
    layer = _fails(L.Rescaling(0.5), np.array([['a']]), tf.errors.UnimplementedError)
    assert (layer.built, layer.get_build_config()) == (True, {'input_shape': (1, 1)})       # TF 2.21's
    assert layer(np.ones((1, 2), 'float32')).numpy().tolist() == [[0.5, 0.5]]


@pytest.mark.parametrize('make, x, error', [
    (lambda: L.Resizing(3, 3), np.ones((2, 3), 'float32'), IndexError),
    (lambda: L.Discretization(bin_boundaries=[0.5]), np.array(['a']), tf.errors.InvalidArgumentError),
    (lambda: L.Lambda(lambda v: v + 'a'), np.ones((2, 5, 4), 'float32'), tf.errors.InvalidArgumentError),
])
def test_other_default_build_layers_stay_built(make, x, error):
    layer = _fails(make(), x, error)
    assert (layer.built, layer.count_params()) == (True, 0)       # TF 2.21's
    assert layer.get_build_config() == {'input_shape': x.shape}


def test_an_input_spec_refusal_comes_before_the_build():
    layer = _fails(L.Cropping1D((3, 2)), np.ones((2, 5), 'float32'))
    assert (layer.built, layer.get_build_config()) == (False, None)      # TF 2.21: False, None


def test_a_layer_with_its_own_build_is_still_undone():
    layer = _fails(L.Conv1D(2, 7), np.ones((2, 5, 4), 'float32'))
    # TF 2.21: 'Computed output size would be zero or negative ...' before the build: unbuilt, no weights
    assert (layer.built, layer.weights) == (False, [])
