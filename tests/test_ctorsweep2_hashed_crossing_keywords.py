"""HashedCrossing hands Layer only name and dtype, as Keras 3 on TF 2.21: any other keyword is dropped silently."""
import numpy as np
import pytest

from framework import keras

H = keras.layers.HashedCrossing


@pytest.mark.parametrize('kwargs', [{'bogus': 1}, {'input_shape': (2,)}, {'trainable': False},
                                    {'kernel_regularizer': 'l1'}])
def test_other_keywords_dropped(kwargs):
    # TF 2.21: made, trainable stays True
    layer = H(3, **kwargs)
    assert layer.trainable is True
    assert sorted(layer.get_config()) == ['dtype', 'name', 'num_bins', 'output_mode', 'sparse']


def test_name_dtype_and_values_kept():
    assert H(3, name='hc_kw').name == 'hc_kw'
    assert H(3, dtype='int32').dtype == 'int32'
    # TF 2.21: [0, 4]
    assert np.asarray(H(5)((np.array([1, 2]), np.array(['a', 'b'])))).tolist() == [0, 4]
