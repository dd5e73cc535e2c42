"""Keras casts a pandas column of float64 to float32 with pandas' own astype, which enters
warnings.catch_warnings and so lets Python show its once-per-place warnings again. The pandas-dataframe
tutorial fits on a tf.data.Dataset, then on dict(df), then on a Dataset again: TF 2.21 prints fit's
"`shuffle=True` was passed, but will be ignored ..." warning twice; tapeflow printed it once, as it cast
with numpy. Counts printed by TF 2.21 / Keras 3.15 (probe: notes/progs/tutorials35/w7.py)."""
import warnings

import numpy as np
import pandas as pd
import pytest

import framework as tf
from framework import keras

Y = np.zeros((4, 1), 'float32')


def _shuffle_warnings(between):
    keras.utils.set_random_seed(0)
    inp = keras.Input((1,), name='a')
    model = keras.Model({'a': inp}, keras.layers.Dense(1)(inp))
    model.compile('sgd', 'mse')
    ds = tf.data.Dataset.from_tensor_slices(({'a': np.ones((4, 1), 'float32')}, np.ones((4, 1), 'float32'))).batch(2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')        # Python's own: once per place, until the filters change
        model.fit(ds, verbose=0)
        between(model)
        model.fit(ds, verbose=0)
    return sum('`shuffle=True` was passed' in str(w.message) for w in caught)


@pytest.mark.parametrize('between, expected', [
    (lambda m: m.fit({'a': pd.Series([1., 2., 3., 4.])}, Y, verbose=0), 2),
    (lambda m: m.fit(dict(pd.DataFrame({'a': [1., 2., 3., 4.]})), Y, verbose=0), 2),
    (lambda m: m.fit({'a': np.ones((4, 1))}, pd.DataFrame({'t': [1., 2., 3., 4.]}), verbose=0), 2),
    (lambda m: m.predict({'a': pd.Series([1., 2., 3., 4.])}, verbose=0), 2),
    (lambda m: m.evaluate(pd.DataFrame({'a': [1., 2., 3., 4.]}), Y, verbose=0), 2),
    # nothing to cast: the warning stays shown once
    (lambda m: m.fit({'a': pd.Series([1, 2, 3, 4])}, Y, verbose=0), 1),
    (lambda m: m.fit({'a': pd.Series(np.ones(4, 'float32'))}, Y, verbose=0), 1),
    (lambda m: m.fit({'a': np.ones((4, 1))}, Y, verbose=0), 1),
], ids=['float64 series', 'float64 frame column', 'float64 frame y', 'predict series', 'evaluate frame',
        'int64 series', 'float32 series', 'float64 numpy'])
def test_a_pandas_float64_cast_lets_the_dataset_shuffle_warning_show_again(between, expected):
    assert _shuffle_warnings(between) == expected
