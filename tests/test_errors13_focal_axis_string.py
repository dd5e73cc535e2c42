"""Focal cross-entropies with axis='a': Keras 3.15 takes it at construction and its reduction (Mean for the binary
form, Sum for the categorical) refuses the string axis with TF's InvalidArgumentError (tapeflow's words: reduce_mean
/ reduce_sum name the axis); tapeflow refused it in the constructor with a ValueError.

Classes from /work/notes/progs/errors13/fc1.py under TF 2.21 + Keras 3.15."""
import numpy as np
import pytest

import framework as tf
from framework import keras

Y_TRUE = np.array([[1., 0., 0.], [0., 1., 0.]], 'float32')
Y_PRED = np.array([[.7, .2, .1], [.2, .5, .3]], 'float32')


@pytest.mark.parametrize('name, kwargs', [('BinaryFocalCrossentropy', {}), ('BinaryFocalCrossentropy', dict(from_logits=True)),
                                          ('CategoricalFocalCrossentropy', {}),
                                          ('CategoricalFocalCrossentropy', dict(label_smoothing=0.1))])
def test_string_axis_fails_in_the_reduction(name, kwargs):
    loss = getattr(keras.losses, name)(axis='a', **kwargs)
    assert loss.get_config()['axis'] == 'a'
    with pytest.raises(tf.errors.InvalidArgumentError):
        loss(Y_TRUE, Y_PRED)


@pytest.mark.parametrize('fn', ['binary_focal_crossentropy', 'categorical_focal_crossentropy'])
def test_functions_too(fn):
    with pytest.raises(tf.errors.InvalidArgumentError):
        getattr(keras.losses, fn)(Y_TRUE, Y_PRED, axis='a')
