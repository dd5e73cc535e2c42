"""Hands-On ML's power scheduling, ``SGD(learning_rate=0.01, decay=1e-4)``, warns in Keras 3.15's
words and trains at the given rate. TF 2.21 + Keras 3.15 print UserWarning 'Argument `decay` is no
longer supported and will be ignored.'; tapeflow added a parenthesis to it."""
import warnings

import numpy as np

from framework import keras


def test_decay_is_ignored_with_kerass_warning():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        optimizer = keras.optimizers.SGD(learning_rate=0.01, decay=1e-4)
    assert [str(w.message) for w in caught if w.category is UserWarning] == [
        'Argument `decay` is no longer supported and will be ignored.']
    assert np.float32(optimizer.learning_rate.numpy()) == np.float32(0.01)
