"""errors20: fit / evaluate with x=None and targets run Keras 3's step on None, so TF 2.21 raises the model's
refusal of None (a Sequential's Input: 'The input 'keras_tensor' is not optional ...' in its call banner), printed by
TF 2.21 (/work/notes/progs/errors20/c5.py); tapeflow said 'fit: x (the training inputs) is required' and, for
evaluate, 'Unrecognized data type: x=None'. Nothing is trained."""
import numpy as np
import pytest

from framework import keras
from tests.helpers_error_texts import assert_raises_exactly

_NOT_OPTIONAL = ("Exception encountered when calling Sequential.call().\n\n\x1b[1mThe input 'keras_tensor' is not "
                 "optional, but None was passed. Please provide a valid tensor.\x1b[0m\n\nArguments received by "
                 "Sequential.call():\n  \u2022 inputs=None\n  \u2022 training=%s\n  \u2022 mask=None\n  \u2022 "
                 "kwargs=<class 'inspect._empty'>")


@pytest.mark.parametrize('method, training', [('fit', True), ('evaluate', False)])
def test_none_inputs_with_targets(method, training):
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse')
    before = [w.copy() for w in model.get_weights()]
    assert_raises_exactly(lambda: getattr(model, method)(None, np.ones((4, 2)), verbose=0), ValueError,
                          _NOT_OPTIONAL % training)
    assert all((a == b).all() for a, b in zip(before, model.get_weights()))
    assert int(model.optimizer.iterations.numpy()) == 0
