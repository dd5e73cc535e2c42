"""Dense's and EinsumDense's ``kernel`` and Embedding's ``embeddings`` are read-only, as Keras 3's properties:
assigning or deleting one raises Python's AttributeError for a property without a setter / deleter, and reading
one before build Keras's 'You must build the layer before accessing ...'. tapeflow replaced the weight with
whatever was assigned (a numpy array then reached the layer's call).

Golden texts printed by TF 2.21 / Keras 3 (progs/errors38/lead.py, ed.py), e.g.
    l = keras.layers.Dense(2); l(tf.ones([1, 2])); l.kernel = np.ones((2, 2))
    -> AttributeError: property 'kernel' of 'Dense' object has no setter
    del l.kernel -> AttributeError: property 'kernel' of 'Dense' object has no deleter
    keras.layers.Embedding(3, 2).embeddings -> AttributeError: You must build the layer before accessing `embeddings`.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

LAYERS = [
    (lambda: keras.layers.Dense(2), 'kernel', 'Dense', lambda: tf.ones([1, 2])),
    (lambda: keras.layers.EinsumDense('ab,bc->ac', output_shape=2), 'kernel', 'EinsumDense', lambda: tf.ones([1, 2])),
    (lambda: keras.layers.Embedding(3, 2), 'embeddings', 'Embedding', lambda: tf.constant([1])),
]


@pytest.mark.parametrize('make, name, cls, inputs', LAYERS)
def test_the_weight_has_no_setter_or_deleter(make, name, cls, inputs):
    layer = make()
    with pytest.raises(AttributeError) as info:
        setattr(layer, name, np.ones((2, 2)))           # unbuilt too, as Keras's property
    assert str(info.value) == "property '%s' of '%s' object has no setter" % (name, cls)
    layer(inputs())
    weight = getattr(layer, name)
    for value in (np.ones((2, 2)), tf.Variable(np.ones((2, 2))), None):
        with pytest.raises(AttributeError) as info:
            setattr(layer, name, value)
        assert str(info.value) == "property '%s' of '%s' object has no setter" % (name, cls)
    with pytest.raises(AttributeError) as info:
        delattr(layer, name)
    assert str(info.value) == "property '%s' of '%s' object has no deleter" % (name, cls)
    assert getattr(layer, name) is weight and layer.weights[0] is weight      # nothing changed
    layer(inputs())


@pytest.mark.parametrize('make, name, cls, inputs', LAYERS)
def test_reading_it_unbuilt_is_keras_error(make, name, cls, inputs):
    with pytest.raises(AttributeError) as info:
        getattr(make(), name)
    assert str(info.value) == 'You must build the layer before accessing `%s`.' % name
    assert getattr(make(), name, None) is None        # (hasattr / getattr with a default still work)


def test_a_failed_build_is_undone_past_the_descriptor():
    # the kernel is made, then LoRA's weight of rank -1 fails: TF 2.21's ValueError, not the descriptor's
    layer = keras.layers.Dense(2, lora_rank=-1)
    with pytest.raises(ValueError) as info:
        layer(tf.ones([1, 2]))
    assert str(info.value).startswith("Cannot convert '(2, -1)' to a shape. Negative dimensions are not allowed.")


@pytest.mark.parametrize('make, shape', [
    (lambda: keras.layers.Conv1D(2, 1), [1, 3, 2]),
    (lambda: keras.layers.Conv2D(2, 1), [1, 3, 3, 2]),
    (lambda: keras.layers.Conv3D(2, 1), [1, 3, 3, 3, 2]),
])
def test_convolution_kernels_are_read_only(make, shape):
    # TF 2.21 / Keras 3.15's BaseConv has a `kernel` property (for LoRA) without a setter, built or not
    # (kerasexamples14/p1_lora_kernel.py: "property 'kernel' of 'Conv2D' object has no setter")
    conv = make()
    name = type(conv).__name__
    with pytest.raises(AttributeError, match="^property 'kernel' of '%s' object has no setter$" % name):
        conv.kernel = None
    conv(tf.ones(shape))
    with pytest.raises(AttributeError, match="^property 'kernel' of '%s' object has no setter$" % name):
        conv.kernel = conv.kernel
    assert conv.kernel is conv.weights[0] and conv._kernel is conv.weights[0]


@pytest.mark.parametrize('make', [lambda: keras.layers.Conv2DTranspose(2, 1), lambda: keras.layers.DepthwiseConv2D(1)])
def test_transposed_and_depthwise_kernels_stay_writable(make):
    conv = make()           # Keras 3's BaseConvTranspose and BaseDepthwiseConv keep a plain attribute
    conv(tf.ones([1, 3, 3, 2]))
    conv.kernel = conv.kernel
    assert conv.kernel is conv.weights[0]
