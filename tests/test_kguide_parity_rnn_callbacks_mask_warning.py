"""The "layer does not support masking" warning comes from one place, as Keras 3 warns from
one line of ``Layer.__call__``: Python's default filter then shows it once per layer, as
TensorFlow 2.21 prints it once for a masked functional model built and then called
(tapeflow warned from the construction's line and again from the model call's line).
"""
import warnings

import numpy as np

from framework import keras
from framework.keras import layers


def test_mask_dropped_warning_has_one_location_for_construction_and_calls():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        inputs = keras.Input((None,), dtype='int32')
        sequences = layers.LSTM(3, return_sequences=True)(layers.Embedding(20, 4, mask_zero=True)(inputs))
        model = keras.Model(inputs, layers.Dense(1)(layers.GlobalMaxPooling1D()(sequences)))
        model(np.array([[1, 2, 0], [3, 0, 0]]))
    dropped = [w for w in caught if 'does not support masking' in str(w.message)]
    assert len(dropped) == 2 and "Layer 'global_max_pooling1d" in str(dropped[0].message)
    assert len({(w.filename, w.lineno) for w in dropped}) == 1
