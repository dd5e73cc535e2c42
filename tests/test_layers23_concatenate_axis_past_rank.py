"""Concatenate with a positive axis past the inputs' rank compares whole shapes, as Keras 3's build on TF 2.21
(it removes no axis then): shapes that differ are its ValueError; equal ones pass the build, and the concat op
refuses the axis when called on tensors. Probe: /work/notes/progs/layers23/c10.py."""
import numpy as np
import pytest

from framework import keras


def test_symbolic_shapes_that_differ_are_refused_in_keras_words():
    with pytest.raises(ValueError) as info:
        keras.layers.Concatenate(axis=3)([keras.Input((3, 2)), keras.Input((3, 3))])
    # TF 2.21 gives this text (tapeflow raised IndexError 'list index out of range' in the call banner)
    assert 'A `Concatenate` layer requires inputs with matching shapes except for the concatenation axis. ' \
           'Received: input_shape=[(None, 3, 2), (None, 3, 3)]' in str(info.value)


def test_eager_shapes_that_differ_are_refused_at_build():
    layer = keras.layers.Concatenate(axis=3)
    with pytest.raises(ValueError) as info:
        layer([np.ones((1, 3, 2), 'float32'), np.ones((1, 3, 3), 'float32')])
    # TF 2.21 gives this text (tapeflow: the ConcatV2 InvalidArgumentError)
    assert 'Received: input_shape=[(1, 3, 2), (1, 3, 3)]' in str(info.value)
    assert not layer.built
    with pytest.raises(ValueError, match='requires inputs with matching shapes'):
        keras.layers.Concatenate(axis=5).build([(None, 3, 2), (2, 3, 3)])


def test_equal_or_open_shapes_pass_the_build():
    layer = keras.layers.Concatenate(axis=3)
    layer.build([(None, 3, 2), (2, None, 2)])        # None matches any length, as there
    assert layer.built
    with pytest.raises(Exception, match='Expected concatenating dimensions in the range'):
        keras.layers.Concatenate(axis=1)([np.ones((2,), 'float32'), np.ones((2,), 'float32')])
