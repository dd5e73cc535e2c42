"""A fit on dict(df) that stops at a text column has already cast the float64 columns before it.

Keras 3's array adapter walks the data in tf.nest order (sorted keys) and casts each float64 pandas
Series to float32 with pandas' astype, which enters warnings.catch_warnings and so lets Python show its
once-per-place warnings again; a str column then stops it ('Invalid dtype: str'). The pandas-dataframe
tutorial's fit(dict(df), target) fails there ('oldpeak' comes before 'thal'), and its next fit on a
shuffled Dataset prints "`shuffle=True` was passed, but will be ignored ..." again on TF 2.21; tapeflow
refused the text before casting and printed it once. Counts printed by TF 2.21 / Keras 3.15
(probe: notes/progs/tutorials61/pandas_df.py)."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

pd = pytest.importorskip('pandas')

Y = np.zeros((4, 1), 'float32')
TEXT = ['p', 'q', 'r', 's']


def _shuffle_warnings(frame):
    keras.utils.set_random_seed(0)
    a, b = keras.Input((1,), name='a'), keras.Input((1,), name='b')
    model = keras.Model({'a': a, 'b': b}, keras.layers.Dense(1)(keras.layers.Concatenate()([a, b])))
    model.compile('sgd', 'mse')
    ones = np.ones((4, 1), 'float32')
    ds = tf.data.Dataset.from_tensor_slices(({'a': ones, 'b': ones}, ones)).batch(2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')        # Python's own: once per place, until the filters change
        model.fit(ds, verbose=0)
        with pytest.raises(ValueError, match='^Invalid dtype: '):
            model.fit(dict(frame), Y, verbose=0)
        model.fit(ds, verbose=0)
    return sum('`shuffle=True` was passed' in str(w.message) for w in caught)


@pytest.mark.parametrize('frame, expected', [
    # TF 2.21 gives 2: 'a' (float64) is cast before 'b' (text) stops the adapter
    (pd.DataFrame({'a': [1., 2., 3., 4.], 'b': TEXT}), 2),
    # sorted order, not the frame's: 'a' (text) stops it before 'b' is cast (TF 2.21: 1)
    (pd.DataFrame({'b': [1., 2., 3., 4.], 'a': TEXT}), 1),
    # nothing to cast before the text (TF 2.21: 1)
    (pd.DataFrame({'a': [1, 2, 3, 4], 'b': TEXT}), 1),
    (pd.DataFrame({'a': np.ones(4, 'float32'), 'b': TEXT}), 1),
], ids=['float64 before text', 'text before float64', 'int64 before text', 'float32 before text'])
def test_a_fit_stopped_by_text_casts_the_float64_columns_before_it(frame, expected):
    assert _shuffle_warnings(frame) == expected
