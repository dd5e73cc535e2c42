"""A loss's bad ``reduction`` raises Keras 3's text: its set of names in braces (Keras prints a Python
set, so the order follows PYTHONHASHSEED: this is one TF 2.21 run's) and the value as str()."""
import pytest

from framework import keras


@pytest.mark.parametrize('make', [lambda r: keras.losses.Hinge(reduction=r),
                                  lambda r: keras.losses.MeanSquaredError(reduction=r),
                                  lambda r: keras.losses.SparseCategoricalCrossentropy(reduction=r)])
def test_bad_reduction_text(make):
    with pytest.raises(ValueError) as err:
        make('bogus')
    assert str(err.value) == ("Invalid value for argument `reduction`. Expected one of {'sum_over_batch_size', "
                              "'mean', 'sum', 'mean_with_sample_weight', None, 'none'}. Received: reduction=bogus")
