"""A plain object passed as a callback fails where Keras 3 (TF 2.21) fails: at its first missing attribute.

Printed by TF 2.21 (/work/notes/progs/modelfuzz9/p04.py, t1.py):
    class Plain:                      # no set_model
        def on_epoch_end(self, e, logs=None): ...
    m.fit(x, y, callbacks=[Plain()])  # AttributeError 'Plain' object has no attribute 'set_model'
    (with set_model, set_params, on_train_begin, on_epoch_begin: 'on_train_batch_begin' is the missing one)
"""
import numpy as np
import pytest

from framework import keras


def _model():
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    m.compile('sgd', 'mse')
    return m


class OnlyEpochEnd:
    def on_epoch_end(self, epoch, logs=None):
        pass


class WithoutBatchHooks(OnlyEpochEnd):
    def set_model(self, model):
        pass

    def set_params(self, params):
        pass

    def on_train_begin(self, logs=None):
        pass

    def on_epoch_begin(self, epoch, logs=None):
        pass


@pytest.mark.parametrize('call', ['fit', 'evaluate', 'predict'])
def test_set_model_is_the_first_missing_attribute(call):
    m = _model()
    x = np.ones((4, 3), 'float32')
    with pytest.raises(AttributeError, match="^'OnlyEpochEnd' object has no attribute 'set_model'"):
        if call == 'predict':
            m.predict(x, verbose=0, callbacks=[OnlyEpochEnd()])
        else:
            getattr(m, call)(x, np.ones((4, 1), 'float32'), verbose=0, callbacks=[OnlyEpochEnd()])


def test_missing_batch_hook_fails_when_called():
    m = _model()
    with pytest.raises(AttributeError, match="^'WithoutBatchHooks' object has no attribute 'on_train_batch_begin'"):
        m.fit(np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32'), epochs=1, verbose=0,
              callbacks=[WithoutBatchHooks()])
