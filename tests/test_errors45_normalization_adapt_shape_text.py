"""Normalization.adapt on data whose kept axis differs from the built shape raises Keras 3's text."""
import numpy as np
import pytest

from framework import keras


def test_adapt_after_build_with_other_feature_count():
    layer = keras.layers.Normalization()
    layer.build((None, 3))
    # TF 2.21: ValueError 'The layer was built with input_shape=(None, 3), but adapt() is being called with
    # data with an incompatible shape, data.shape=(4, 2)'
    with pytest.raises(ValueError) as info:
        layer.adapt(np.ones((4, 2)))
    assert str(info.value) == ('The layer was built with input_shape=(None, 3), but adapt() is being called '
                               'with data with an incompatible shape, data.shape=(4, 2)')


def test_second_adapt_with_other_feature_count():
    layer = keras.layers.Normalization()
    layer.adapt(np.ones((4, 3)))
    # TF 2.21: '... built with input_shape=(4, 3), ... data.shape=(5, 2)'
    with pytest.raises(ValueError, match=r'^The layer was built with input_shape=\(4, 3\), but adapt\(\) is being '
                                         r'called with data with an incompatible shape, data\.shape=\(5, 2\)$'):
        layer.adapt(np.ones((5, 2)))
