"""BackupAndRestore on a model not built when fit starts fails with Keras 3.15's ValueError text.

A Sequential without keras.Input is built by its first batch, after on_train_begin, where the callback
loads its backup: Keras refuses there (its docstring example calls model.build first for this reason).
Golden: TF 2.21 + Keras 3.15 running /work/notes/progs/callbacks2/n05.py and c07.py.
"""
import re

import numpy as np
import pytest

from framework import keras


class Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(1)

    def call(self, x):
        return self.d(x)


def test_a_subclassed_model_unbuilt_at_fit(tmp_path):
    model = Sub()
    model.compile('sgd', 'mse')
    message = ('To use the BackupAndRestore callback, you model must be built before you call `fit()`. Model '
               '<Sub name=sub, built=False> is unbuilt. You can build it beforehand by calling it on a batch of data.')
    with pytest.raises(ValueError) as failure:
        model.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0,
                  callbacks=[keras.callbacks.BackupAndRestore(str(tmp_path / 'backup'))])
    assert str(failure.value) == message


def test_a_sequential_without_input_names_itself(tmp_path):
    keras.backend.clear_session()
    model = keras.Sequential([keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    with pytest.raises(ValueError, match=re.escape('Model <Sequential name=sequential, built=False> is unbuilt.')):
        model.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0,
                  callbacks=[keras.callbacks.BackupAndRestore(str(tmp_path / 'backup'))])
    assert not (tmp_path / 'backup').exists()
