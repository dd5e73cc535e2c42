"""VarianceScaling checks scale and distribution as Keras 3 on TF 2.21 (``scale <= 0.0``, ``distribution.lower()``):
Python's TypeError / AttributeError texts for values of another type, nan taken (its weights are nan)."""
import numpy as np
import pytest

from framework import keras

V = keras.initializers.VarianceScaling


@pytest.mark.parametrize('scale, kind', [(None, 'NoneType'), ('a', 'str'), ([1], 'list')])
@pytest.mark.parametrize('cls', ['VarianceScaling', 'variance_scaling'])
def test_scale_of_another_type_is_python_comparison_error(cls, scale, kind):
    # TF 2.21: "'<=' not supported between instances of 'NoneType' and 'float'"
    with pytest.raises(TypeError) as info:
        getattr(keras.initializers, cls)(scale)
    assert str(info.value) == "'<=' not supported between instances of '%s' and 'float'" % kind


@pytest.mark.parametrize('scale', [0, -1, 0.0])
def test_non_positive_scale_is_keras_value_error(scale):
    with pytest.raises(ValueError) as info:
        V(scale)
    assert str(info.value) == 'Argument `scale` must be positive float. Received: scale=%s' % scale


@pytest.mark.parametrize('distribution', ['truncated_normal', 'uniform', 'untruncated_normal'])
def test_nan_scale_is_taken(distribution):
    # TF 2.21: made, config scale nan, all-nan weights
    init = V(scale=float('nan'), distribution=distribution, seed=1)
    assert np.isnan(init.get_config()['scale'])
    assert np.isnan(np.asarray(init((2, 2)))).all()


@pytest.mark.parametrize('distribution, kind', [(None, 'NoneType'), (1, 'int'), (['a'], 'list')])
def test_distribution_of_another_type_is_python_attribute_error(distribution, kind):
    # TF 2.21: "'NoneType' object has no attribute 'lower'"
    with pytest.raises(AttributeError) as info:
        V(distribution=distribution)
    assert str(info.value) == "'%s' object has no attribute 'lower'" % kind


def test_distribution_names_still_normalized():
    assert V(distribution='NORMAL').get_config()['distribution'] == 'truncated_normal'
    assert V(distribution='Uniform').get_config()['distribution'] == 'uniform'
