"""keras.metrics.get('acc') as Keras 3.15 answers it: only compile resolves 'acc'.

Golden texts from /work/notes/progs/errors12 (cases.py rows metric.get|*) run under TF 2.21 + Keras 3.15."""
import numpy as np
import pytest

from framework import keras


def test_get_refuses_acc_as_keras():
    with pytest.raises(ValueError) as info:
        keras.metrics.get('acc')
    assert str(info.value) == 'Could not interpret metric identifier: acc'
    assert 'compile' in info.value.__notes__[0]


def test_get_still_knows_accuracy_and_compile_still_resolves_acc():
    assert keras.metrics.get('accuracy').name == 'accuracy'       # TF 2.21: <Accuracy name=accuracy>
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse', metrics=['acc'])
    history = model.fit(np.ones((4, 3), 'float32'), np.ones((4, 2), 'float32'), verbose=0)
    assert sorted(history.history) == ['acc', 'loss']
