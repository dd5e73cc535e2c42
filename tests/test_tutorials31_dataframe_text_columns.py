"""fit / predict on a pandas DataFrame with a text column: Keras 3 (TF 2.21) checks the columns in order
for its float32 cast; a float64 column before the text one casts the whole frame, and pandas' astype
refuses the text ("could not convert string to float: 'x'"), while a text column reached first is
'Invalid dtype: str' (tapeflow said 'Invalid dtype: str' for both). Values: TF 2.21 (notes
progs/tutorials31/q13.py)."""
import numpy as np
import pandas as pd
import pytest

import framework as tf


@pytest.fixture
def model():
    m = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    m.compile(loss='mse')
    return m


@pytest.mark.parametrize('frame, text', [
    (pd.DataFrame({'a': [1.0, 2.0], 'b': ['x', 'y']}), "could not convert string to float: 'x'"),
    (pd.DataFrame({'b': ['x', 'y'], 'a': [1.0, 2.0]}), 'Invalid dtype: str'),
    (pd.DataFrame({'a': np.array([1.0, 2.0], np.float32), 'b': ['x', 'y']}), 'Invalid dtype: str'),
    (pd.DataFrame({'a': [1, 2], 'b': ['x', 'y'], 'c': [1.0, 2.0]}), 'Invalid dtype: str'),
])
def test_text_columns_in_column_order(model, frame, text):
    with pytest.raises(ValueError) as caught:
        model.predict(frame, verbose=0)
    assert str(caught.value) == text
    with pytest.raises(ValueError) as caught:
        model.fit(frame, np.zeros(2), verbose=0)
    assert str(caught.value) == text
