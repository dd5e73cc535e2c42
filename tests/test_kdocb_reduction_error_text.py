"""A loss's bad ``reduction`` raises Keras 3's text: its set of names in braces and the value as str().
Keras prints a Python set, so the order follows PYTHONHASHSEED: here the members are compared as a set;
tests/test_metrics14_reduction_set_order.py pins TF 2.21's order for fixed seeds."""
import ast
import re

import pytest

from framework import keras


@pytest.mark.parametrize('make', [lambda r: keras.losses.Hinge(reduction=r),
                                  lambda r: keras.losses.MeanSquaredError(reduction=r),
                                  lambda r: keras.losses.SparseCategoricalCrossentropy(reduction=r)])
def test_bad_reduction_text(make):
    with pytest.raises(ValueError) as err:
        make('bogus')
    found = re.fullmatch(r'Invalid value for argument `reduction`\. Expected one of (\{.*\})\. '
                         r'Received: reduction=bogus', str(err.value))
    assert found is not None, str(err.value)
    assert ast.literal_eval(found.group(1)) == {'sum_over_batch_size', 'mean', 'sum', 'mean_with_sample_weight',
                                                None, 'none'}
