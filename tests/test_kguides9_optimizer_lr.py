"""Keras 3 optimizers have no Keras 2 ``lr`` attribute: the callbacks guide's
CustomLearningRateScheduler checks ``hasattr(optimizer, "lr")`` and raises its own
ValueError under TF 2.21 + Keras 3. Goldens from TF 2.21 (same calls).
"""
import numpy as np
import pytest

from framework import keras


def test_optimizers_have_no_lr_attribute():
    optimizer = keras.optimizers.Adam()
    assert not hasattr(optimizer, 'lr')
    with pytest.raises(AttributeError, match="^'Adam' object has no attribute 'lr'$"):
        optimizer.lr


def test_setting_lr_is_a_plain_attribute_that_leaves_the_rate_alone():
    # TF 2.21: `o.lr = 0.5` then hasattr(o, 'lr') is True, the learning rate still 0.001
    optimizer = keras.optimizers.SGD(learning_rate=0.1)
    optimizer.lr = 0.5
    assert optimizer.lr == 0.5
    assert float(optimizer.learning_rate) == pytest.approx(0.1)


def test_the_guides_scheduler_refuses_as_under_keras_3():
    class CustomLearningRateScheduler(keras.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            if not hasattr(self.model.optimizer, 'lr'):
                raise ValueError('Optimizer must have a "lr" attribute.')

    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(optimizer='sgd', loss='mse')
    with pytest.raises(ValueError, match='Optimizer must have a "lr" attribute'):
        model.fit(np.array([[0.0, 1.0]]), np.array([[1.0]]), epochs=1, verbose=0, callbacks=[CustomLearningRateScheduler()])
